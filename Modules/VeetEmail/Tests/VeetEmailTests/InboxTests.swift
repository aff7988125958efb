import Foundation
import Testing
import VeetTestSupport
import VeetTransport
@testable import VeetEmail

@Suite struct ThreadListTests {
    private func thread(_ id: String, account: String = "default") -> EmailThreadSummary {
        EmailThreadSummary(id: id, accountID: account, subject: "S \(id)", priority: 0.9)
    }

    @Test func backgroundRefreshesKeepRowOrderAndCountNewMail() {
        var list = ThreadListModel()
        list.showFirstPage(Page(items: [thread("a"), thread("b"), thread("c")], nextCursor: "3"))
        var updatedB = thread("b")
        updatedB.summary = "new gist"
        list.mergeBackground(Page(items: [thread("n"), updatedB, thread("a"), thread("c")], nextCursor: "4"))
        #expect(list.visibleRows.map(\.id) == ["a", "b", "c"], "order kept")
        #expect(list.visibleRows[1].summary == "new gist", "content updated in place")
        #expect(list.newArrivalCount == 1)
        list.showNewArrivals()
        #expect(list.visibleRows.map(\.id) == ["n", "a", "b", "c"])
    }

    @Test func pagingAppendsOnceAndAQueryChangeStartsOver() {
        var list = ThreadListModel()
        list.showFirstPage(Page(items: [thread("a"), thread("b")], nextCursor: "2"))
        list.appendPage(Page(items: [thread("b"), thread("c")], nextCursor: nil))
        #expect(list.rows.map(\.id) == ["a", "b", "c"] && !list.hasMore)
        list.change(to: ThreadQuery(view: .other, accountID: "work", text: "board"))
        #expect(list.rows.isEmpty && list.query.view == .other)
        #expect(ThreadListModel.showsAccountLabel(accountCount: 2) && !ThreadListModel.showsAccountLabel(accountCount: 1))
    }

    @Test func pendingRowsStayHiddenThroughRefreshes() {
        var list = ThreadListModel()
        list.showFirstPage(Page(items: [thread("a"), thread("b")]))
        list.hidePending("a")
        list.mergeBackground(Page(items: [thread("a"), thread("b")]))
        #expect(list.visibleRows.map(\.id) == ["b"])
        list.mergeBackground(Page(items: [thread("b")]))
        list.restore("a")
        #expect(list.visibleRows.map(\.id) == ["a", "b"], "restored where it was")
    }

    @Test func theSuccessorIsTheNextVisibleThreadOrThePreviousWhenLast() {
        #expect(SuccessorSelection.successor(of: "b", in: ["a", "b", "c"]) == "c")
        #expect(SuccessorSelection.successor(of: "c", in: ["a", "b", "c"]) == "b")
        #expect(SuccessorSelection.successor(of: "a", in: ["a"]) == nil)
    }
}

@Suite struct InboxActionTests {
    private let thread = EmailThreadSummary(id: "t1", accountID: "default", revision: 4, priority: 0.9, inInbox: true)

    private func account(archive: Bool = true, spam: Bool = true) -> EmailAccount {
        EmailAccount(id: "default", status: .ready, sendServerID: "gmail_send", archiveSupported: archive,
                     spamSupported: spam)
    }

    @Test func anActionExistsOnlyWhenItsFlagIsTrue() {
        var availability = InboxActionAvailability()
        #expect(availability.actions(for: thread, account: account()) == [.markHandled, .archive, .reportSpam])
        #expect(availability.actions(for: thread, account: account(archive: false, spam: false)) == [.markHandled])
        availability.deny(.archive, accountID: "default", reason: "no write scope")
        #expect(!availability.actions(for: thread, account: account()).contains(.archive))
        let other = EmailThreadSummary(id: "t2", accountID: "work", inInbox: true)
        let work = EmailAccount(id: "work", archiveSupported: true)
        #expect(availability.actions(for: other, account: work).contains(.archive), "a denial stays on its account")
    }

    @Test func aMissingFlagNeverFallsBackToAnotherRoute() async {
        let server = ScriptedServer()
        let outcome = await InboxActionRunner(api: Wire.api(server)).perform(.reportSpam, on: thread,
                                                                             account: account(spam: false))
        #expect(outcome == .restored(.unsupported(.reportSpam)))
        #expect(server.requests.isEmpty)
    }

    @Test func archiveIsDoneOnlyWhenTheThreadSaysCompleted() async {
        let server = ScriptedServer()
        server.on("POST", "/v1/email/threads/t1/archive", .json(Wire.operation()))
        server.on("GET", "/v1/email/operations/op1", .json(Wire.operation(status: "COMPLETED")))
        var detail = Wire.detail("t1")
        detail["archive_operation"] = Wire.inboxOperation("completed")
        detail["in_inbox"] = false
        server.on("GET", "/v1/email/threads/t1", .json(detail))
        let outcome = await InboxActionRunner(api: Wire.api(server)).perform(.archive, on: thread, account: account())
        guard case .done(let updated) = outcome else { Issue.record("not done: \(outcome)"); return }
        #expect(updated?.isArchived == true)
        #expect(server.requests("POST", "/v1/email/threads/t1/archive").first?.jsonObject?["expected_revision"] as? Int == 4)
    }

    @Test(arguments: ["failed", "uncertain", "pending"])
    func aFailedUncertainOrUnconfirmedArchiveRestoresTheRow(status: String) async {
        let server = ScriptedServer()
        server.on("POST", "/v1/email/threads/t1/archive", .json(Wire.operation()))
        server.on("GET", "/v1/email/operations/op1", .json(Wire.operation(status: "COMPLETED")))
        var detail = Wire.detail("t1")
        detail["archive_operation"] = Wire.inboxOperation(status, error: "Gmail said no")
        server.on("GET", "/v1/email/threads/t1", .json(detail))
        let outcome = await InboxActionRunner(api: Wire.api(server)).perform(.archive, on: thread, account: account())
        guard case .restored(let failure, _) = outcome else { Issue.record("not restored"); return }
        switch (status, failure) {
        case ("failed", .failed), ("uncertain", .uncertain), ("pending", .unreadable): break
        default: Issue.record("\(status) gave \(failure)")
        }
    }

    @Test func anUnreadableOutcomeRestoresTheRow() async {
        let server = ScriptedServer()
        server.on("POST", "/v1/email/threads/t1/spam", .json(Wire.operation()))
        server.on("GET", "/v1/email/operations/op1", .apiError(503, "internal_error"))
        let outcome = await InboxActionRunner(api: Wire.api(server)).perform(.reportSpam, on: thread, account: account())
        guard case .restored(.unreadable, _) = outcome else { Issue.record("got \(outcome)"); return }
        #expect(server.requests("GET", "/v1/email/operations/op1").count == 3)
    }

    @Test func aForbiddenActionIsHiddenOnItsAccountWithTheReason() async {
        let server = ScriptedServer()
        server.on("POST", "/v1/email/threads/t1/archive", .apiError(403, "authorization_error"))
        let outcome = await InboxActionRunner(api: Wire.api(server)).perform(.archive, on: thread, account: account())
        guard let reason = outcome.deniedReason else { Issue.record("not denied: \(outcome)"); return }
        var availability = InboxActionAvailability()
        availability.deny(.archive, accountID: "default", reason: reason)
        #expect(availability.deniedReason(.archive, accountID: "default")?.contains("archive in Gmail") == true)
        #expect(server.requests.count == 1, "no other route was tried")
    }

    @Test func handledIsLocalAndAConflictRestores() async {
        let server = ScriptedServer()
        server.on("POST", "/v1/email/threads/t1/dismiss", .apiError(409, "conflict"))
        let outcome = await InboxActionRunner(api: Wire.api(server)).perform(.markHandled, on: thread, account: account())
        #expect(outcome == .restored(.conflict))
        #expect(server.requests[0].jsonObject?["dismissed"] as? Bool == true)
    }
}
