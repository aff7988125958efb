import Foundation
import Testing
import VeetCurses
import VeetSubscriptions
import VeetSubscriptionsScreens
import VeetTransport

/// The Subscriptions screen as a value: the census, a selection with its count,
/// the confirmation, rows settling in place, and the keys through `update`.
/// (Its golden pictures are painted inside veet-tui's Email mode:
/// Tests/VeetTUITests/SubscriptionsScreenTests.swift.)
@Suite struct SubscriptionsScreenTests {
    static func hex(_ n: Int, _ prefix: String = "a") -> String {
        let digits = String(n, radix: 16)
        return prefix + String(repeating: "0", count: 63 - digits.count) + digits
    }

    static func row(_ n: Int, _ name: String, count: Int, mechanism: Mechanism = .oneClick, destination: String = "",
                    verified: Bool = true, state: SubscriptionState = .active, protected: Bool = false,
                    account: String = "default") -> Subscription {
        let digest = verified && (mechanism == .oneClick || mechanism == .mailto) ? hex(n, "d") : nil
        return Subscription(id: hex(n), accountID: account, displayName: name, address: "news@\(name.lowercased().filter(\.isLetter)).example",
                            threadCount: count, lastReceivedAt: Timestamp("2026-11-2\(n % 9)T09:30:00Z"), mechanism: mechanism,
                            verified: verified, destination: destination, evidenceDigest: digest, state: state,
                            isProtected: protected, protectedReason: protected ? .importantFeedback : nil, revision: 3)
    }

    static let rows = [
        row(1, "Example News", count: 38, destination: "example.com"),
        row(2, "Daily Deals", count: 21, destination: "deals.example"),
        row(3, "Book Club", count: 9, destination: "books.example", protected: true),
        row(4, "Checking Sender", count: 7, verified: false),
        row(5, "Cooking Club", count: 6, mechanism: .mailto, destination: "unsub@cooking.example"),
        row(6, "No Way Out", count: 5, mechanism: .none),
        row(7, "Still Sending Co", count: 4, destination: "still.example", state: .stillSending),
        row(8, "Kept Digest", count: 3, destination: "kept.example", state: .kept),
        row(9, "Work Bulletin", count: 2, destination: "work.example", account: "work"),
    ]

    static let flags = AccountFlags([
        SubscriptionAccountCapabilities(accountID: "default", unsubscribeSupported: true, spamSupported: true),
        SubscriptionAccountCapabilities(accountID: "work", unsubscribeSupported: false, spamSupported: false),
    ])

    static func screen() -> SubscriptionsScreen {
        var screen = SubscriptionsScreen(flags: flags, accounts: [.init(id: "default", label: "Personal"),
                                                                   .init(id: "work", label: "Work")])
        screen.show(Page(items: rows, nextCursor: "next"), append: false)
        return screen
    }

    static func selected() -> SubscriptionsScreen {
        var screen = screen()
        screen.toggleCurrent()
        screen.cursor = 4
        screen.toggleCurrent()
        return screen
    }

    static func confirming() -> SubscriptionsScreen {
        var screen = selected()
        screen.openConfirmation()
        return screen
    }

    static func painted(_ screen: SubscriptionsScreen, width: Int, height: Int) -> String {
        var grid = ScreenGrid(width: width, height: height)
        screen.paint(in: &grid, now: Date())
        return grid.snapshot
    }

    @Test func rowsShowTheSenderCountOfferAndStateInTheServersOrder() {
        let screen = Self.painted(Self.screen(), width: 160, height: 48)
        let lines = screen.split(separator: "\n").map(String.init)
        let order = Self.rows.map(\.senderName).compactMap { name in lines.firstIndex { $0.contains(name) } }
        #expect(order == order.sorted() && order.count == Self.rows.count, "\(screen)")
        #expect(screen.contains("38 conversations · 21 Nov 09:30"))
        #expect(screen.contains("One-click request to example.com · Active"))
        #expect(screen.contains("Sends an email to unsub@cooking.example · Active"))
        #expect(screen.contains("Checking…"))
        #expect(screen.contains("No automated unsubscribe · Active"))
        #expect(screen.contains("Still sending after you unsubscribed"))
        #expect(screen.contains("Protected"))
        #expect(screen.contains("More senders: ↓ at the end loads them"))
        // The detail beside the list on a wide terminal, with the row's own actions.
        #expect(screen.contains("u Unsubscribe  ! Report spam  k Keep"))
        // On a narrow one the detail is pushed (Tab / →) over the list.
        var pushed = Self.screen()
        pushed.detailPushed = true
        let narrow = Self.painted(pushed, width: 80, height: 24)
        #expect(narrow.contains("Offers: One-click request to example.com") && !narrow.contains("Daily Deals"))
    }

    @Test func aCheckingRowCannotBeSelectedButKeepsKeepAndReportSpam() {
        var screen = Self.screen()
        screen.cursor = 3
        screen.toggleCurrent()
        #expect(screen.selection.isEmpty)
        #expect(screen.message.contains("still being checked"))
        #expect(screen.current?.actions(screen.flags) == [.reportSpam, .keep])
        let detail = SubscriptionsPainter.detailLines(screen, Self.rows[3], width: 70).map { $0.map(\.text).joined() }
        #expect(detail.contains("! Report spam  k Keep  "), "\(detail)")
    }

    @Test func theCountShowsNOf25AndSelectAllSkipsProtectedAndIneligibleRows() {
        var screen = Self.screen()
        screen.selectAll()
        // Example News, Daily Deals, Cooking Club, Still Sending Co: not Book Club (protected), Checking Sender
        // (unverified), No Way Out (no mechanism), Kept Digest (decided) or Work Bulletin (account without the flag).
        #expect(screen.selection.ids == [Self.hex(1), Self.hex(2), Self.hex(5), Self.hex(7)])
        #expect(screen.selectionText == "4 of 25 selected")
        #expect(Self.painted(screen, width: 80, height: 24).contains("4 of 25 selected"))
        // A protected sender can still be chosen by hand.
        screen.cursor = 2
        screen.toggleCurrent()
        #expect(screen.selection.count == 5)
        var many = SubscriptionsScreen(flags: Self.flags, accounts: [])
        many.show(Page(items: (1...30).map { Self.row($0, "Sender \($0)", count: 1, destination: "s\($0).example") },
                       nextCursor: nil), append: false)
        many.selectAll()
        #expect(many.selection.count == 25 && many.selectionText == "25 of 25 selected")
        many.cursor = 29
        many.toggleCurrent()
        #expect(many.selection.count == 25 && many.message.contains("At most 25"))
    }

    @Test func theConfirmationNamesEverySenderAndArchivesOnlyWhenAsked() {
        let screen = Self.confirming()
        let sheet = screen.sheet
        #expect(sheet != nil)
        #expect(sheet?.confirmation.rows.map(\.senderName) == ["Example News", "Cooking Club"])
        #expect(sheet?.confirmation.archiveExisting == false)
        let text = Self.painted(screen, width: 80, height: 24)
        #expect(text.contains("Unsubscribe from 2 senders?"))
        #expect(text.contains("Example News — One-click request to example.com"))
        #expect(text.contains("Cooking Club — Sends an email to unsub@cooking.example"))
        #expect(text.contains("An unsubscribe cannot be undone."))
        #expect(text.contains("[ ] Also archive existing mail from these senders"))
        // The command: one target per sender with id, digest and revision.
        let command = sheet?.confirmation.command()
        #expect(command?.targets.map(\.subscriptionID) == [Self.hex(1), Self.hex(5)])
        #expect(command?.archiveExisting == false)
        // The body the TUI sends: three keys per target, no address and no URL anywhere.
        let body = (try? WireJSON.encoder().encode(command)).map { String(decoding: $0, as: UTF8.self) } ?? ""
        #expect(!body.contains("://") && !body.lowercased().contains("mailto") && !body.contains("@"), "\(body)")
        let object = (try? JSONSerialization.jsonObject(with: Data(body.utf8))) as? [String: Any]
        let targets = object?["targets"] as? [[String: Any]] ?? []
        #expect(targets.count == 2 && targets.allSatisfy {
            Set($0.keys) == ["subscription_id", "evidence_digest", "expected_revision"] })
    }

    /// The library's own settling, over a stand-in server that answers every read with `census`.
    static func settled(_ before: [Subscription], census: [Subscription]) async -> CommandReport {
        let items = (try? WireJSON.encoder().encode(census)) ?? Data()
        let body = Data(#"{"items":"#.utf8) + items + Data(#","next_cursor":null}"#.utf8)
        let sender = HTTPRequestSender(send: { _ in
            HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: body)
        })
        return await SubscriptionsAPI(sender: sender, retry: .never)
            .settle(EmailOperation(operationID: "op-1", status: .completed), rows: before, action: .unsubscribe, flags: flags)
    }

    @Test func rowsReadUnsubscribingThenSettleInPlaceAndAFailureRestoresTheRowWithWhatToDo() async {
        var screen = Self.selected()
        let chosen = screen.selection.rows(in: screen.rows)
        screen.markPending(chosen, .unsubscribe)
        #expect(screen.selection.isEmpty)
        // Narrow, so only the list shows (the detail would say it a third time).
        let pending = Self.painted(screen, width: 80, height: 24)
        #expect(pending.components(separatedBy: "Unsubscribing…").count == 3, "\(pending)")
        // A page read meanwhile keeps them pending.
        screen.show(Page(items: Self.rows, nextCursor: "next"), append: false)
        #expect(screen.rows[0].state == .pending && screen.rows[4].state == .pending)

        var done = Self.rows[0]
        done.state = .unsubscribed
        done.operation = RowOperation(operationID: "op-1", action: .unsubscribe, status: .completed, code: .accepted)
        var failed = Self.rows[4]
        failed.state = .failed
        failed.operation = RowOperation(operationID: "op-1", action: .unsubscribe, status: .failed, code: .sendFailed,
                                        priorState: .active)
        var kept = Self.rows[7]
        kept.state = .active  // changed elsewhere meanwhile: the census read back shows it too
        let report = await Self.settled(chosen, census: [done, failed, kept])
        #expect(report.outcomes.count == 2)
        screen.settle(report)
        #expect(screen.rows[7].state == .active)
        #expect(screen.rows.map(\.id) == Self.rows.map(\.id))
        #expect(screen.rows[0].state == .unsubscribed && screen.rowErrors[done.id] == nil)
        #expect(screen.rows[4].state == .failed)
        let error = screen.rowErrors[failed.id] ?? ""
        #expect(error.contains("could not be sent") && error.contains("Try again, Report spam, Keep"), "\(error)")
        let settled = Self.painted(screen, width: 160, height: 48)
        #expect(!settled.contains("Unsubscribing…") && settled.contains("⚠ The unsubscribe email could not be sent."))
    }

    @Test func aCommandThatNeverStartedPutsTheRowsBackWithWhy() {
        var screen = Self.selected()
        let chosen = screen.selection.rows(in: screen.rows)
        screen.markPending(chosen, .unsubscribe)
        screen.commandFailed(chosen.map(\.id), "Not unsubscribed: This sender changed meanwhile.")
        #expect(screen.rows[0] == Self.rows[0] && screen.rows[4] == Self.rows[4])
        #expect(screen.rowErrors[Self.rows[0].id]?.contains("changed meanwhile") == true)
        #expect(screen.inFlight.isEmpty)
    }

    @Test func theKeysSelectConfirmAndSendOneCommandAndEscClosesTheSheetThenTheScreen() {
        var driver = ScreenDriver(SubscriptionsScreen(flags: Self.flags, accounts: [], width: 160, height: 48))
        #expect(driver.effects == [.load(SubscriptionQuery(), cursor: nil)])
        driver.answer(.page(SubscriptionQuery(), Page(items: Self.rows, nextCursor: "next"), append: false))
        driver.press(.char(" "), KeyPress(.down), KeyPress(.down), KeyPress(.down), KeyPress(.down), .char(" "))
        #expect(driver.screen.selectionText == "2 of 25 selected")
        driver.press(.char("u"))
        #expect(driver.screen.sheet?.confirmation.rows.count == 2)
        driver.press(.char("a"))
        #expect(driver.screen.sheet?.confirmation.archiveExisting == true)
        let sent = driver.press(KeyPress(.enter))
        guard case .unsubscribe(let confirmation, let flags)? = sent.first else {
            Issue.record("no command: \(sent)")
            return
        }
        #expect(confirmation.archiveExisting && flags == Self.flags && driver.screen.sheet == nil)
        #expect(driver.screen.rows[0].state == .pending && driver.screen.selection.isEmpty)
        driver.press(KeyPress(.escape))
        #expect(driver.closed)
    }

    @Test func escOnTheConfirmationSendsNothingAndANarrowDetailGoesBackFirst() {
        var driver = ScreenDriver(SubscriptionsScreen(flags: Self.flags, accounts: [], width: 80, height: 24))
        driver.answer(.page(SubscriptionQuery(), Page(items: Self.rows, nextCursor: nil), append: false))
        driver.press(KeyPress(.enter))
        #expect(driver.screen.sheet != nil)
        #expect(driver.press(KeyPress(.escape)).isEmpty)
        #expect(driver.screen.sheet == nil && driver.screen.message == "Not unsubscribed; nothing was sent." && !driver.closed)
        driver.press(KeyPress(.tab))
        #expect(driver.screen.detailPushed)
        driver.press(KeyPress(.escape))
        #expect(!driver.screen.detailPushed && !driver.closed)
        driver.press(KeyPress(.escape))
        #expect(driver.closed)
    }

    @Test func theLastRowLoadsTheNextPageOnceAndAnAnswerForAnotherFilterIsDropped() {
        var driver = ScreenDriver(SubscriptionsScreen(flags: Self.flags, accounts: [], width: 160, height: 48))
        driver.answer(.page(SubscriptionQuery(), Page(items: Array(Self.rows.prefix(2)), nextCursor: "c2"), append: false))
        #expect(driver.press(KeyPress(.down)).isEmpty)
        #expect(driver.press(KeyPress(.down)) == [.load(SubscriptionQuery(), cursor: "c2")])
        #expect(driver.press(KeyPress(.down)).isEmpty)  // already loading
        #expect(driver.press(.char("f")) == [.load(SubscriptionQuery(state: .active), cursor: nil)])
        driver.answer(.page(SubscriptionQuery(), Page(items: Self.rows, nextCursor: nil), append: true))
        #expect(driver.screen.rows.isEmpty)
        driver.answer(.unavailable)
        #expect(driver.painted(width: 80, height: 24).contains("does not offer unsubscribe assistance"))
    }
}
