import Foundation
import Testing
import VeetFixture
import VeetTransport
import VeetWire
@testable import VeetEmail

/// The library's services against the reference server's mailboxes: every
/// Email route at least once, through what an app calls.
@Suite struct FixtureTests {
    static let token = "email-test-token"

    /// A running fixture and the API over it; waits between polls are skipped.
    struct Rig {
        let server: FixtureServer
        let api: EmailAPI

        init(_ configure: (inout FixtureOptions) -> Void = { _ in }) throws {
            var options = FixtureOptions.testing
            configure(&options)
            server = FixtureServer(token: FixtureTests.token, options: options)
            let url = try server.start()
            let client = HTTPClient(settings: try ConnectionSettings(serverAddress: url.absoluteString,
                                                                     token: FixtureTests.token), writeTimeout: 5)
            api = EmailAPI(sender: .live(client: client, sleeper: { _ in }))
        }

        func account(_ id: String) async throws -> EmailAccount {
            try #require(try await api.accounts().first { $0.id == id })
        }

        func summary(_ id: String) async throws -> EmailThreadSummary { try await api.thread(id: id).thread }

        func requests(_ method: String, suffix: String) -> Int {
            server.recordedRequests.filter { $0.method == method && $0.path.hasSuffix(suffix) }.count
        }
    }

    // MARK: Reads

    @Test func accountsCarryFlagsFreshnessAndTheSendTool() async throws {
        let rig = try Rig()
        defer { rig.server.stop() }
        let accounts = try await rig.api.accounts()
        #expect(accounts.map(\.id) == [EmailSeedIDs.personalAccount, EmailSeedIDs.workAccount, EmailSeedIDs.waitingAccount])
        let personal = try await rig.account(EmailSeedIDs.personalAccount)
        #expect(personal.archiveSupported && personal.spamSupported)
        #expect(personal.sendToolName == "mcp.gmail_send.send_message")
        let work = try await rig.account(EmailSeedIDs.workAccount)
        #expect(!work.archiveSupported && !work.spamSupported && !work.unsubscribeSupported)
        #expect(try await rig.account(EmailSeedIDs.waitingAccount).freshness == .waitingForFirstUpdate)
    }

    @Test func theListPagesFiltersAndSearches() async throws {
        let rig = try Rig()
        defer { rig.server.stop() }
        let first = try await rig.api.threads()
        #expect(first.items.count == 5 && first.items.allSatisfy(\.isImportant))
        let cursor = try #require(first.nextCursor)
        let second = try await rig.api.threads(limit: 5, cursor: cursor)
        #expect(Set(second.items.map(\.id)).isDisjoint(with: first.items.map(\.id)))
        let all = try await rig.api.allThreads(ThreadQuery(view: .all))
        #expect(all.count >= 66 && Set(all.map(\.id)).count == all.count)
        let other = try await rig.api.allThreads(ThreadQuery(view: .other))
        #expect(other.contains { $0.id == EmailSeedIDs.handledThread } && !other.contains(where: \.isImportant))
        let work = try await rig.api.allThreads(ThreadQuery(view: .all, accountID: EmailSeedIDs.workAccount))
        #expect(!work.isEmpty && work.allSatisfy { $0.accountID == EmailSeedIDs.workAccount })
        let found = try await rig.api.threads(ThreadQuery(view: .all, text: "board materials"), limit: 100).items
        #expect(found.map(\.id).contains(EmailSeedIDs.boardMaterialsThread))
        #expect(found.allSatisfy { $0.subject.lowercased().contains("board") || $0.summary.lowercased().contains("board") })
    }

    @Test func detailHasMessagesAttachmentsDraftsAndTheSubscriptionBlock() async throws {
        let rig = try Rig()
        defer { rig.server.stop() }
        let board = try await rig.api.thread(id: EmailSeedIDs.boardMaterialsThread)
        #expect(board.messages.flatMap(\.attachments).count == 2)
        #expect(board.draft?.id == EmailSeedIDs.longReplyDraft && (board.draft?.body.count ?? 0) > 512)
        #expect(!board.providerThreadID.isEmpty)
        #expect(try await rig.api.thread(id: EmailSeedIDs.longThread).messages.count == 50)
        #expect(try await rig.api.thread(id: EmailSeedIDs.newsletterThread).subscription != nil)
        #expect(try await rig.api.thread(id: EmailSeedIDs.dinnerThread).subscription == nil)
        #expect(try await rig.summary(EmailSeedIDs.suspectedSpamThread).suspectedSpam)
        let gone = await #expect(throws: APIError.self) { try await rig.api.thread(id: "e1000000-0000-4000-8000-000000009999") }
        #expect(gone.flatMap { EmailError.from($0) }.map { if case .notFound = $0 { true } else { false } } == true)
    }

    @Test func aServerWithoutEmailMeansUnavailable() async throws {
        let rig = try Rig { $0.email = false }
        defer { rig.server.stop() }
        let error = await #expect(throws: APIError.self) { try await rig.api.accounts() }
        #expect(error.map(EmailAPI.meansUnavailable) == true)
    }

    /// A server from before learning: the inbox works; learning says only it is missing.
    @Test func aServerWithoutLearningHidesOnlyLearning() async throws {
        let rig = try Rig { $0.emailLearning = false }
        defer { rig.server.stop() }
        #expect(try await !rig.api.accounts().isEmpty)
        #expect(try await rig.api.learningIfOffered() == nil)
        let paused = await #expect(throws: EmailError.self) { _ = try await rig.api.setLearningPaused(true) }
        #expect(paused == .partUnavailable(.learning))
        #expect(paused?.description == "This server does not offer email learning; the rest of Email works.")
        #expect(paused.flatMap { EmailError.from($0) } == .partUnavailable(.learning))
    }

    // MARK: Refresh and operations

    @Test func aRefreshCompletesBringsNewMailAndAFailureStaysUntilTheNextOne() async throws {
        let rig = try Rig()
        defer { rig.server.stop() }
        // A still clock: a starved machine can take more than the 60 s window between these lines.
        let stillNow = Date()
        let refresher = EmailRefresher(api: rig.api, now: { stillNow })
        guard case .completed = await refresher.becameVisible() else { Issue.record("the refresh did not complete"); return }
        #expect(try await rig.api.threads().items.first?.id == EmailSeedIDs.lateMailThread)
        #expect(await refresher.tick() == .notAdmitted)

        rig.server.forceNextEmailOutcomes(.fail)
        let failed = EmailRefresher(api: rig.api)
        let outcome = await failed.becameVisible()
        #expect(outcome.isError)
        #expect(await failed.refreshError != nil)
        _ = try await rig.api.threads()  // a cached read does not clear it
        #expect(await failed.refreshError != nil)
        if case .refreshFailed = try await rig.account(EmailSeedIDs.personalAccount).freshness {} else {
            Issue.record("the failed refresh is not on the account")
        }
        let operation = try await rig.api.refresh()
        #expect(try await rig.api.operation(id: operation.operationID).operationID == operation.operationID)
    }

    @Test func theBudgetRefusalCarriesItsRetryTime() async throws {
        let rig = try Rig { $0.emailBudgetExhausted = true }
        defer { rig.server.stop() }
        guard case .budget(let refusal) = await EmailRefresher(api: rig.api).becameVisible() else {
            Issue.record("no budget refusal"); return
        }
        #expect(refusal.retryAt != nil && refusal.description.contains("tried again after"))
        let error = await #expect(throws: APIError.self) {
            try await rig.api.generateDraft(threadID: EmailSeedIDs.dinnerThread)
        }
        #expect(error.flatMap { EmailError.from($0) }.map { if case .budget = $0 { true } else { false } } == true)
    }

    // MARK: Inbox actions

    @Test func archiveAndItsRestoreOnAFailedOrUncertainOperation() async throws {
        let rig = try Rig()
        defer { rig.server.stop() }
        let runner = InboxActionRunner(api: rig.api)
        let personal = try await rig.account(EmailSeedIDs.personalAccount)
        let thread = try await rig.summary(EmailSeedIDs.dinnerThread)
        guard case .done(let archived?) = await runner.perform(.archive, on: thread, account: personal) else {
            Issue.record("archive did not complete"); return
        }
        #expect(archived.isArchived)
        guard case .done(let back?) = await runner.perform(.unarchive, on: archived, account: personal) else {
            Issue.record("move to Inbox did not complete"); return
        }
        #expect(back.inInbox == true)

        rig.server.forceNextEmailOutcomes(.fail)
        guard case .restored(.failed, let failed?) = await runner.perform(.archive, on: back, account: personal) else {
            Issue.record("a failed archive was not restored"); return
        }
        #expect(failed.inInbox == true)
        rig.server.forceNextEmailOutcomes(.uncertain)
        let lease = try await rig.summary(EmailSeedIDs.leaseThread)
        guard case .restored(.uncertain, _) = await runner.perform(.archive, on: lease, account: personal) else {
            Issue.record("an uncertain archive was not restored"); return
        }
    }

    @Test func anAccountWithoutTheFlagIsNeverAskedAndA403HidesTheKind() async throws {
        let rig = try Rig()
        defer { rig.server.stop() }
        let runner = InboxActionRunner(api: rig.api)
        let work = try await rig.account(EmailSeedIDs.workAccount)
        let roadmap = try await rig.summary(EmailSeedIDs.roadmapThread)
        rig.server.clearRecordedRequests()
        #expect(await runner.perform(.archive, on: roadmap, account: work) == .restored(.unsupported(.archive)))
        #expect(await runner.perform(.reportSpam, on: roadmap, account: work) == .restored(.unsupported(.reportSpam)))
        #expect(rig.server.recordedRequests.isEmpty)

        let readOnly = try Rig { $0.emailReadOnly = true }
        defer { readOnly.server.stop() }
        let personal = try await readOnly.account(EmailSeedIDs.personalAccount)
        let dinner = try await readOnly.summary(EmailSeedIDs.dinnerThread)
        let outcome = await InboxActionRunner(api: readOnly.api).perform(.archive, on: dinner, account: personal)
        let reason = try #require(outcome.deniedReason)
        var availability = InboxActionAvailability()
        availability.deny(.archive, accountID: personal.id, reason: reason)
        #expect(!availability.actions(for: dinner, account: personal).contains(.archive))
        #expect(availability.actions(for: dinner, account: personal).contains(.reportSpam))
    }

    @Test func handledSpamAndTheSuspicionFlag() async throws {
        let rig = try Rig()
        defer { rig.server.stop() }
        let runner = InboxActionRunner(api: rig.api)
        let personal = try await rig.account(EmailSeedIDs.personalAccount)
        guard case .done(let handled?) = await runner.perform(.markHandled, on: try await rig.summary(EmailSeedIDs.leaseThread),
                                                               account: personal) else { Issue.record("not handled"); return }
        #expect(handled.isHandled)
        guard case .done(let open?) = await runner.perform(.markUnhandled, on: handled, account: personal) else {
            Issue.record("not unhandled"); return
        }
        #expect(!open.isHandled)
        let suspected = try await rig.summary(EmailSeedIDs.suspectedSpamThread)
        guard case .done(let cleared?) = await runner.perform(.clearSuspicion, on: suspected, account: personal) else {
            Issue.record("suspicion not cleared"); return
        }
        #expect(cleared.spamCleared)
        guard case .done(let spam?) = await runner.perform(.reportSpam, on: cleared, account: personal) else {
            Issue.record("not reported"); return
        }
        #expect(spam.isReportedSpam)
        guard case .done(let notSpam?) = await runner.perform(.notSpam, on: spam, account: personal) else {
            Issue.record("not spam did not complete"); return
        }
        #expect(!notSpam.isReportedSpam)
        let discussed = try await rig.api.openDiscussion(threadID: EmailSeedIDs.dinnerThread)
        #expect(discussed.sessionID != nil)
        #expect(try await rig.api.openDiscussion(threadID: EmailSeedIDs.dinnerThread).sessionID == discussed.sessionID)
    }

    // MARK: Feedback and learning

    @Test func personFeedbackNeedsAChoiceAndUndoRemovesIt() async throws {
        let rig = try Rig()
        defer { rig.server.stop() }
        let thread = try await rig.summary(EmailSeedIDs.neighbourhoodThread)
        var form = FeedbackForm(thread: thread)
        form.judgment = .important
        form.choose(target: .person)
        guard case .failure(.needsChoice(let senders)) = form.request() else { Issue.record("no choice asked"); return }
        #expect(senders.count == 2)
        form.choose(value: senders[1])
        let request = try form.request().get()
        let result = try await rig.api.recordFeedback(request)
        let receipt = FeedbackReceipt(feedbackID: result.feedbackID, request: request)
        #expect(receipt.description == "Marked important for every thread from \(senders[1]).")
        let undone = try await rig.api.undoFeedback(id: result.feedbackID)
        #expect(undone.id == thread.id)
        _ = try await rig.api.undoFeedback(id: result.feedbackID)  // harmless again

        var topic = FeedbackForm(thread: try await rig.summary(EmailSeedIDs.dinnerThread))
        topic.judgment = .noReplyNeeded
        let thread2 = try await rig.api.recordFeedback(try topic.request().get()).thread
        #expect(!thread2.needsReply)
    }

    @Test func learningPausesResetsAndExcludes() async throws {
        let rig = try Rig()
        defer { rig.server.stop() }
        #expect(try await rig.api.learning().profileRevision == 1)
        #expect(try await rig.api.setLearningPaused(true).paused)
        #expect(try await rig.api.setLearningPaused(false).paused == false)
        _ = try await rig.api.resetLearning(.preferences)
        let thread = try await rig.summary(EmailSeedIDs.expiredThread)
        let excluded = try await rig.api.exclude(threadID: thread.id, expectedRevision: thread.revision)
        #expect(excluded.status == .erased || excluded.status == .cleanupPending)
        #expect(try await rig.api.learning().excludedSources == 1)
        await #expect(throws: APIError.self) { try await rig.api.thread(id: thread.id) }
    }

    /// Issue 34: endorsing the saved revision's wording while learning is paused keeps it paused,
    /// and the lease reply's blind copy and its offer's copy arrive as the envelope shows them.
    @Test func anEndorsementKeepsThePauseAndTheLeaseCarriesItsCopies() async throws {
        let rig = try Rig()
        defer { rig.server.stop() }
        _ = try await rig.api.setLearningPaused(true)
        let detail = try await rig.api.thread(id: EmailSeedIDs.leaseThread)
        let draft = try #require(detail.draft)
        #expect(draft.bcc == ["robin.records@example.test"] && MessageEnvelope.opensCopies(draft.content))
        #expect(MessageEnvelope.copies(detail.messages[0]).map(\.name) == ["Cc", "Subject"])
        let state = try await DraftSession(api: rig.api, draft: draft).endorse()
        #expect(state.paused && state.styleExamples == 1)
        #expect(LearningDisclosure.endorsed(revision: draft.revision, state: state).hasSuffix("Learning stays paused."))
    }

    // MARK: Drafts

    @Test func generateEditAConflictFromAnotherDeviceHistoryRestoreEndorseDiscard() async throws {
        let rig = try Rig()
        defer { rig.server.stop() }
        let generated = try #require(try await DraftSession.generate(api: rig.api, threadID: EmailSeedIDs.dinnerThread,
                                                                      instruction: "Say yes"))
        #expect(generated.status == .ready && !generated.body.isEmpty)
        let session = DraftSession(api: rig.api, draft: generated)
        var content = generated.content
        content.body = "Yes, Friday works. Thank you!"
        await session.type(content)
        #expect(await session.autosave() == .saved(generated.revision + 1))

        rig.server.editEmailDraftElsewhere(generated.id, body: "Written on the phone.")
        content.body = "Yes, Friday works. I will bring dessert."
        await session.type(content)
        #expect(await session.autosave() == .conflict)
        let conflict = try #require(await session.editor.conflict)
        #expect(conflict.local.body == content.body && conflict.server.body == "Written on the phone.")
        await #expect(throws: DraftSessionError.notSettled) { try await session.endorse() }
        await session.resolveConflict(keepingLocal: true)
        guard case .settled(let settled) = await session.settle() else { Issue.record("did not settle"); return }
        #expect(settled.body == content.body)
        let history = try await session.history()
        #expect(history.contains { $0.body == "Written on the phone." } && history.contains { $0.body == content.body })

        let first = try #require(history.first)
        await session.restore(first)
        guard case .settled(let restored) = await session.settle() else { Issue.record("restore did not settle"); return }
        #expect(restored.body == first.body)
        #expect(try await session.endorse().styleExamples >= 1)
        #expect(try await session.discard().status == .discarded)
    }

    // MARK: Review & Send

    @Test func theLongReplyIsVerifiedByItsDigestAndSentOnce() async throws {
        let rig = try Rig()
        defer { rig.server.stop() }
        let detail = try await rig.api.thread(id: EmailSeedIDs.boardMaterialsThread)
        let draft = try #require(detail.draft)
        let send = ReviewAndSend(api: rig.api, account: try await rig.account(draft.accountID))
        let stage = await send.prepare(DraftSession(api: rig.api, draft: draft), providerThreadID: detail.providerThreadID)
        guard case .verified(let frozen, let approval, let report) = stage else { Issue.record("not verified: \(stage)"); return }
        #expect(frozen.content.body.count > 512)
        #expect(approval.arguments["body"]?.stringValue?.hasSuffix("…[TRUNCATED]") == true)
        #expect(approval.argumentDigests?["body"] == SHA256Digest.hex(frozen.content.body))
        #expect(report.fields[.body] == .matchesByDigest && report.isVerified)
        #expect(await send.approve() == .sent)
        #expect(await send.approve() == .notVerified, "after the outcome, Approve is gone")
        #expect(rig.requests("POST", suffix: "/resolve") == 1)
        #expect(rig.server.emailDraftStatus(draft.id) == "sent")
    }

    @Test func anUncertainSendSaysSoAndIsNeverRetried() async throws {
        let rig = try Rig { $0.emailSendOutcome = .uncertain }
        defer { rig.server.stop() }
        let draft = try await rig.api.draft(id: EmailSeedIDs.shortReplyDraft)
        let send = ReviewAndSend(api: rig.api, account: try await rig.account(draft.accountID))
        guard case .verified = await send.prepare(DraftSession(api: rig.api, draft: draft)) else {
            Issue.record("not verified"); return
        }
        let outcome = await send.approve()
        #expect(outcome == .unknown && outcome.description.contains("not retried"))
        #expect(await send.approve() == .notVerified, "after the outcome, Approve is gone")
        #expect(rig.requests("POST", suffix: "/resolve") == 1)
        #expect(rig.server.emailDraftStatus(draft.id) == "uncertain")
    }

    @Test(arguments: [EmailProposalAlteration.recipient, .noDigest])
    func anApprovalThatDiffersIsRefusedAndNothingIsSent(_ alteration: EmailProposalAlteration) async throws {
        let rig = try Rig()
        defer { rig.server.stop() }
        let draft = try await rig.api.draft(id: EmailSeedIDs.longReplyDraft)
        rig.server.alterNextEmailSendProposal(alteration)
        let send = ReviewAndSend(api: rig.api, account: try await rig.account(draft.accountID))
        guard case .refused(.unverified(let report)) = await send.prepare(DraftSession(api: rig.api, draft: draft)) else {
            Issue.record("an altered approval was not refused"); return
        }
        let failed = report.failures.map(\.0)
        #expect(failed == (alteration == .recipient ? [.bcc] : [.body]))
        if alteration == .noDigest { #expect(report.fields[.body] == .unverifiableWithoutDigest) }
        #expect(await send.approve() == .notVerified)
        #expect(rig.requests("POST", suffix: "/resolve") == 0)
        #expect(rig.server.emailDraftStatus(draft.id) == "awaiting_approval")
    }

    @Test func aLateApprovalIsWaitedFor() async throws {
        let rig = try Rig { $0.emailLateApproval = true }
        defer { rig.server.stop() }
        let draft = try await rig.api.draft(id: EmailSeedIDs.shortReplyDraft)
        let send = ReviewAndSend(api: rig.api, account: try await rig.account(draft.accountID))
        guard case .verified = await send.prepare(DraftSession(api: rig.api, draft: draft)) else {
            Issue.record("the late approval was not found"); return
        }
        #expect(await send.approve() == .sent)
    }
}

/// Found by these tests: a stale draft (the thread changed after it was
/// written) could never be saved, because no save named the thread revision
/// the owner had read (docs/wire/email.md §6.3); every save met a 409 shown as a conflict.
@Suite struct StaleDraftFixtureTests {
    @Test func aStaleDraftSavesOnceTheOwnerHasReadTheThread() async throws {
        let rig = try FixtureTests.Rig()
        defer { rig.server.stop() }
        let detail = try await rig.api.thread(id: EmailSeedIDs.staleDraftThread)
        let draft = try #require(detail.draft)
        #expect(draft.stale)
        let session = DraftSession(api: rig.api, draft: draft)
        await session.reviewed(threadRevision: detail.thread.revision)
        var content = draft.content
        content.body += "\n\nSorry for the delay."
        await session.type(content)
        #expect(await session.autosave() == .saved(draft.revision + 1))
        #expect(try await rig.api.draft(id: draft.id).stale == false)
    }
}

/// Found by the CLI journey: a send left waiting on its approval could not be
/// proposed again (409), although docs/wire/email.md §9 refuses only a draft that is
/// sending, sent, uncertain or discarded, or another revision in flight.
@Suite struct ReproposalFixtureTests {
    @Test func theSameRevisionParkedOnItsApprovalCanBeReviewedAgain() async throws {
        let rig = try FixtureTests.Rig()
        defer { rig.server.stop() }
        let draft = try await rig.api.draft(id: EmailSeedIDs.shortReplyDraft)
        let account = try await rig.account(draft.accountID)
        let first = ReviewAndSend(api: rig.api, account: account)
        guard case .verified(_, let parked, _) = await first.prepare(DraftSession(api: rig.api, draft: draft)) else {
            Issue.record("not verified"); return
        }
        let again = ReviewAndSend(api: rig.api, account: account)
        let waiting = try await rig.api.draft(id: draft.id)
        guard case .verified(_, let approval, _) = await again.prepare(DraftSession(api: rig.api, draft: waiting)) else {
            Issue.record("the parked send could not be reviewed again"); return
        }
        #expect(approval.id == parked.id)
        #expect(await again.approve() == .sent)
    }
}
