import Foundation
import Testing
import VeetCurses
import VeetEmail
@testable import VeetEmailScreens
import VeetTokens
import VeetTransport
import VeetWire

/// Email's full screen driven as a value (ScreenDriver): answers in, keys and ticks
/// in, state, effects, routes and painted text out. No terminal, no server: the
/// sessions' sender refuses everything and no work runs. The golden pictures are
/// the shell's (Tests/VeetTUITests/Screens/email-*).
@Suite struct EmailScreenTests {
    static let accounts = [
        EmailAccount(id: "default", label: "Personal", emailAddress: "owner@example.test", status: .ready,
                     archiveSupported: true, spamSupported: true),
        EmailAccount(id: "work", label: "Work", emailAddress: "robin@work.example.test", status: .ready),
    ]

    static func thread(_ n: Int, _ subject: String, account: String = "default", needsReply: Bool = false,
                       draft: Bool = false) -> EmailThreadSummary {
        EmailThreadSummary(id: "t\(n)", accountID: account, subject: subject, senders: ["Sender \(n) <s\(n)@example.test>"],
                           updatedAt: Timestamp("2026-12-01T0\(n % 9):15:00Z"), summary: "Gist \(n).", reason: "Reason \(n).",
                           needsReply: needsReply, priority: 0.9, draftID: draft ? "d\(n)" : nil)
    }

    static let important = (1...5).map { thread($0, "Important \($0)", account: $0 == 2 ? "work" : "default", needsReply: true,
                                                draft: $0 == 1) }
    static let draft = EmailDraft(id: "d1", threadID: "t1", to: ["s1@example.test"], subject: "Re: Important 1",
                                  body: "Thanks, done.")
    static let api = EmailAPI(sender: HTTPRequestSender(send: { _ in throw CancellationError() }))

    /// A screen with both lists read and the first thread open (its answers as the work gives them).
    static func driver(width: Int = 160, offering: SubscriptionOffer? = nil) -> ScreenDriver<EmailScreen> {
        var offer: (@Sendable (EmailThreadDetail, [EmailAccount]) -> SubscriptionOffer?)?
        if let offering { offer = { _, _ in offering } }
        var driver = ScreenDriver(EmailScreen(connection: "127.0.0.1", width: width, height: 48, offering: offer))
        driver.answer(.accounts(accounts),
                      .page(ThreadQuery(view: .priority), Page(items: important, nextCursor: nil), background: false, append: false),
                      .page(ThreadQuery(view: .other), Page(items: [thread(6, "Other 6")], nextCursor: nil),
                            background: false, append: false))
        return driver
    }

    static func opened(_ driver: inout ScreenDriver<EmailScreen>) {
        let detail = EmailThreadDetail(thread: important[0], messages: [EmailMessage(id: "m1", sender: "Sender 1", body: "Hello.")],
                                       draft: draft, providerThreadID: "gmail-1")
        driver.answer(.thread(detail, session: DraftSession(api: api, draft: draft)))
    }

    @Test func itReadsTheAccountsAndBothListsThenOpensTheFirstThread() {
        let screen = EmailScreen()
        #expect(screen.openingEffects.count == 3)
        guard case .loadAccounts = screen.openingEffects[0] else { Issue.record("accounts first"); return }
        var driver = Self.driver()
        #expect(driver.screen.selectedID == "t1" && driver.screen.selectionIsAutomatic)
        #expect(driver.effects.contains { if case .loadThread(id: "t1") = $0 { true } else { false } })
        let painted = driver.painted(width: 80, height: 24)
        for thread in Self.important { #expect(painted.contains(thread.subject), "\(painted)") }
        #expect(painted.contains("IMPORTANT") && painted.contains("Work · 1 Dec"))
        driver.screen.accounts = [Self.accounts[0]]
        #expect(!driver.painted(width: 80, height: 24).contains("Personal ·"))
    }

    @Test func shownRefreshesAndTicksAndHiddenStopsCountingItVisible() {
        var driver = Self.driver()
        let shown = driver.answer(.shown(width: 100, height: 30))
        guard case .refresh(visible: true)? = shown.first else { Issue.record("\(shown)"); return }
        #expect(driver.screen.refreshing && driver.screen.width == 100)
        #expect(driver.tickAfter == EmailScreen.tickInterval)
        let ticked = driver.tick(now: Date())
        guard case .refresh(visible: false)? = ticked.first else { Issue.record("\(ticked)"); return }
        #expect(driver.tickAfter == EmailScreen.tickInterval)
        let hidden = driver.answer(.hidden)
        guard case .hidden? = hidden.last else { Issue.record("\(hidden)"); return }
    }

    @Test func theReplyIsSavedASecondAfterTypingStopsAndWhenTheScreenIsHidden() {
        var driver = Self.driver()
        Self.opened(&driver)
        driver.press(.char("r"))
        #expect(driver.screen.focus == .editor)
        let typed = driver.type("!")
        #expect(typed.isEmpty && driver.screen.reply?.dirty == true)
        #expect(driver.tickAfter == EmailScreen.autosaveDelay)
        let ticked = driver.tick(now: Date())
        #expect(ticked.contains { if case .autosave(_, let content, threadID: "t1") = $0 { content.body.hasSuffix("!") } else { false } })
        #expect(driver.screen.reply?.dirty == false && driver.screen.reply?.status == "Saving…")
        // Typed again, then hidden: saved at once, and the refresher told.
        driver.answer(.draftSaved(threadID: "t1", DraftEditor(draft: Self.draft), status: "Saved"))
        driver.type("?")
        let hidden = driver.answer(.hidden)
        #expect(hidden.count == 2)
        guard case .autosave = hidden.first, case .hidden = hidden.last else { Issue.record("\(hidden)"); return }
    }

    @Test func anActionLeavesTheRowAtOnceAndOpensTheNextThread() {
        var driver = Self.driver()
        let effects = driver.press(.char("h"))
        #expect(driver.screen.selectedID == "t2")
        #expect(!driver.screen.visibleThreads.map(\.id).contains("t1"))
        #expect(effects.contains { if case .perform(.markHandled, on: let thread, account: _) = $0 { thread.id == "t1" } else { false } })
    }

    @Test func otherFeaturesAndTheTerminalAreReachedByRoutes() {
        var driver = Self.driver(offering: SubscriptionOffer(text: "One-click · Active", unsubscribeLabel: "Unsubscribe"))
        driver.press(.char("S"))
        #expect(driver.routes.isEmpty)  // no account offers unsubscribe assistance
        driver.press(.char("?"))
        guard case .help(offersSubscriptions: false)? = driver.routes.last else { Issue.record("\(driver.routes)"); return }
        driver.screen.accounts[0].unsubscribeSupported = true
        driver.press(.char("S"))
        guard case .openSubscriptions(let accounts)? = driver.routes.last, accounts.count == 2 else { Issue.record("S"); return }
        Self.opened(&driver)
        driver.screen.detail?.subscription = SubscriptionBlock(id: "b1", state: "active", mechanism: "one_click", revision: 1)
        #expect(driver.painted(width: 160, height: 48).contains("Bulk sender: One-click · Active  x Unsubscribe"))
        driver.press(.char("x"))
        guard case .unsubscribe(let detail, _)? = driver.routes.last, detail.id == "t1" else { Issue.record("x"); return }
        driver.press(.char("E"))
        guard case .editExternally("Thanks, done.")? = driver.routes.last else { Issue.record("E"); return }
        driver.answer(.edited("Edited outside."))
        #expect(driver.screen.reply?.input.text == "Edited outside." && driver.tickAfter == 0)
        #expect(driver.screen.message == "Reply updated from the editor; saving.")
    }

    @Test func reviewAndSendApprovesOnceOnlyAfterVerification() {
        var driver = Self.driver()
        Self.opened(&driver)
        let asked = driver.press(.char("s"))
        guard case .prepareSend(_, _, threadID: "t1", providerThreadID: "gmail-1", account: let account)? = asked.first,
              account?.id == "default" else { Issue.record("\(asked)"); return }
        #expect(driver.press(.char("a")).isEmpty)  // not verified yet
        #expect(driver.screen.keyHints(width: 160, now: Date()) == "Esc close")
        let flow = ReviewAndSend(api: Self.api, account: nil)
        let frozen = FrozenDraft(draft: Self.draft)
        let approval = ApprovalView(id: "a1", runID: "r1", sessionID: "s1", status: .pending, toolName: "mcp.gmail_send.send_message",
                                    arguments: .object([:]), risk: .high, createdAt: "2026-09-20T09:00:00Z")
        driver.answer(.sendFlow(threadID: "t1", flow),
                      .sendStage(threadID: "t1", .verified(frozen, approval, SendVerification.verify(approval, against: frozen, account: nil))))
        #expect(driver.screen.keyHints(width: 160, now: Date()) == "a Approve once   Esc cancel (nothing is sent)")
        let approve = driver.press(.char("a"))
        guard case .approve(_, threadID: "t1")? = approve.first else { Issue.record("\(approve)"); return }
        #expect(driver.press(.char("a")).isEmpty)  // never twice
        #expect(driver.screen.keyHints(width: 160, now: Date()) == "Sending…")
    }

    @Test func stateLinesTakeTheirTonesAndTheReadingPageIsPushedWhenNarrow() {
        #expect(EmailInbox.stateLine(Self.important[1]).style.foreground == .amberText)
        #expect(EmailInbox.stateLine(Self.important[0]).style.foreground == .tealText)
        var narrow = Self.driver(width: 80)
        Self.opened(&narrow)
        narrow.press(KeyPress(.enter))
        let pushed = narrow.painted(width: 80, height: 24)
        #expect(!pushed.contains("IMPORTANT") && pushed.contains("Hello."))
        var wide = Self.driver()
        Self.opened(&wide)
        let beside = wide.painted(width: 160, height: 48)
        #expect(beside.contains("IMPORTANT") && beside.contains("Your reply, drafted by Veetbot") && beside.contains("Thanks, done."))
    }
}

/// Issue 34, Email mode 5: a send whose outcome is unknown reads "Check send status" in amber,
/// on its row and its page, and nothing is sent again by itself.
@Suite struct CheckSendStatusTests {
    @Test func anUnknownOutcomeReadsCheckSendStatusOnTheRowAndThePage() {
        var driver = EmailScreenTests.driver()
        EmailScreenTests.opened(&driver)
        #expect(!driver.painted(width: 160, height: 48).contains("Check send status"))
        let after = driver.answer(.sendOutcome(threadID: "t1", .unknown))
        #expect(after.isEmpty)  // no send, no retry
        let painted = driver.painted(width: 160, height: 48)
        #expect(painted.components(separatedBy: "Check send status").count == 3, "\(painted)")  // the row and the page
        #expect(EmailInbox.stateLine(EmailScreenTests.important[0], sendUncertain: true).style.foreground == .amberText)
    }

    @Test func aDraftReadBackUncertainReadsTheSameAndSentClearsIt() {
        var driver = EmailScreenTests.driver()
        var uncertain = EmailScreenTests.draft
        uncertain.status = .uncertain
        let detail = EmailThreadDetail(thread: EmailScreenTests.important[0], draft: uncertain, providerThreadID: "gmail-1")
        driver.answer(.thread(detail, session: nil))
        #expect(driver.screen.sendUncertain == ["t1"] && driver.screen.reply == nil)
        var sent = detail
        sent.draft?.status = .sent
        driver.answer(.thread(sent, session: nil))
        #expect(driver.screen.sendUncertain.isEmpty)
    }
}

@Suite struct OpenThreadTests {
    @Test func anotherFeatureOpensAThreadOnItsPage() {
        var driver = EmailScreenTests.driver()
        let asked = driver.answer(.openThread(id: "t3"))
        #expect(driver.screen.selectedID == "t3" && driver.screen.focus == .page && driver.screen.pagePushed)
        #expect(!driver.screen.selectionIsAutomatic)
        guard case .loadThread(id: "t3")? = asked.first else { Issue.record("\(asked)"); return }
    }

    /// "Needs you" opens Subscriptions through Email: S's route once the accounts are read, a line before.
    @Test func anotherFeatureAsksForSubscriptionsOnceTheAccountsAreRead() {
        var early = ScreenDriver(EmailScreen(connection: "127.0.0.1"))
        early.answer(.openSubscriptions)
        #expect(early.routes.isEmpty && early.screen.message == "Press S for Subscriptions once the accounts are read.")
        var driver = EmailScreenTests.driver()
        driver.answer(.openSubscriptions)
        guard case .openSubscriptions(let accounts)? = driver.routes.last else { Issue.record("\(driver.routes)"); return }
        #expect(accounts == driver.screen.accounts)
    }
}
