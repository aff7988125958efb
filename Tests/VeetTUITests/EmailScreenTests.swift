import Foundation
import Testing
@testable import veet_tui
import VeetCurses
import VeetEmail
import VeetEmailScreens
import VeetTokens
import VeetTransport

/// Email mode painted from state values: Email's screen (VeetEmailScreens) mounted
/// as the shell holds it, the inbox and the reading page at 80x24 and 160x48, each as
/// its text (`Screens/email-*.txt`) and its colours resolved in the light and the dark
/// palette (`email-*-light|dark.txt`). The screen's own tests are in VeetEmailFacesTests.
@Suite struct EmailScreenTests {
    static let accounts = [
        EmailAccount(id: "default", label: "Personal", emailAddress: "owner@example.test", status: .ready,
                     lastSyncedAt: "2026-12-01T08:50:00Z", archiveSupported: true, spamSupported: true),
        EmailAccount(id: "work", label: "Work", emailAddress: "robin@work.example.test", status: .ready),
        EmailAccount(id: "family", label: "Family", emailAddress: "family@example.test", status: .unavailable),
    ]

    static func thread(_ n: Int, _ sender: String, _ subject: String, _ gist: String, reason: String = "",
                       account: String = "default", priority: Double = 0.9, needsReply: Bool = false,
                       draft: Bool = false, handled: Bool = false) -> EmailThreadSummary {
        EmailThreadSummary(id: "t\(n)", accountID: account, subject: subject, senders: [sender],
                           updatedAt: Timestamp("2026-12-01T0\(n % 9):15:00Z"), summary: gist, reason: reason,
                           needsReply: needsReply, priority: priority, draftID: draft ? "d\(n)" : nil,
                           dismissedRevision: handled ? 1 : nil)
    }

    static let important = [
        thread(1, "Ann Lee <ann@example.test>", "Board materials for Thursday",
               "Ann sent the board deck and budget and needs your sign-off before Thursday.",
               reason: "Ann is waiting for your approval.", needsReply: true, draft: true),
        thread(2, "Priya Nair <priya@work.example.test>", "Q3 roadmap review",
               "Priya wants your comments before Wednesday's review.", reason: "Comments by Wednesday.",
               account: "work", needsReply: true),
        thread(3, "Marco Rossi <marco@lettings.example.test>", "Lease renewal", "A 12-month renewal at the same rent.",
               reason: "The offer lapses on Friday.", needsReply: true),
        thread(4, "Greenfield Primary <office@greenfield.example.test>", "School trip permission",
               "The school needs a signed reply for the museum trip.", reason: "Check send status.", draft: true),
        thread(5, "TAP Air Portugal <no-reply@flytap.example>", "Your flight to Lisbon changed",
               "TP1337 now leaves at 10:40 instead of 09:15.", reason: "Your departure moved by 85 minutes."),
    ]

    static let other = [
        thread(6, "Billing <billing@studio.example.test>", "Invoice #4471 paid", "The studio confirms payment.",
               priority: 0.2, handled: true),
        thread(7, "Running Club <club@run.example.test>", "Saturday parkrun results", "A new personal best.",
               reason: "Informational.", priority: 0.1),
    ]

    static let detail = EmailThreadDetail(
        thread: important[0],
        messages: [
            EmailMessage(id: "m1", sender: "Ann Lee <ann@example.test>", to: ["owner@example.test"],
                         subject: "Board materials for Thursday",
                         body: "Hi Robin,\n\nAttached are the board deck and the budget. Could you sign off by Tuesday?\n\nAnn",
                         sentAt: "2026-12-01T07:40:00Z",
                         attachments: [AttachmentInfo(filename: "board-deck.pdf", mimeType: "application/pdf", size: 2_500_000)]),
            EmailMessage(id: "m2", sender: "Ann Lee <ann@example.test>", body: "One more thing: the budget has a new tab.",
                         sentAt: "2026-12-01T08:15:00Z"),
        ],
        providerThreadID: "gmail-1")

    static let draft = EmailDraft(id: "d1", threadID: "t1", to: ["ann@example.test"], subject: "Re: Board materials",
                                  body: "Thanks Ann, I will sign off today.\n\nRobin")

    static func inbox(focus: EmailFocus = .list) -> EmailScreen {
        var email = EmailScreen(connection: "127.0.0.1", offering: { ChatScreen.subscriptionOffer($0, $1) })
        email.available = true
        email.accounts = accounts
        email.important.showFirstPage(Page(items: important, nextCursor: nil))
        email.other.showFirstPage(Page(items: other, nextCursor: nil))
        email.selectedID = "t1"
        email.focus = focus
        return email
    }

    static func reading() -> EmailScreen {
        var email = inbox(focus: .page)
        email.detail = detail
        email.pagePushed = true
        email.reply = ReplyState(session: DraftSession(api: EmailAPI(sender: HTTPRequestSender(send: { _ in throw CancellationError() })), draft: draft),
                                 editor: DraftEditor(draft: draft))
        return email
    }

    /// The screen as the shell mounts it (no work runs here: nothing is sent).
    static func mounted(_ email: EmailScreen) -> MountedScreen {
        let api = EmailAPI(sender: HTTPRequestSender(send: { _ in throw CancellationError() }))
        return MountedScreen(email, work: EmailScreenWork(api: api, refresher: EmailRefresher(api: api)), mount: 1)
    }

    static func state(_ email: EmailScreen, change: (inout EmailLayer) -> Void = { _ in }) -> ScreenState {
        var state = ScreenState()
        state.connectionLabel = "127.0.0.1"
        state.mode = .email
        var layer = EmailLayer(screen: mounted(email))
        change(&layer)
        state.email = layer
        return state
    }

    static func paint(_ email: EmailScreen, width: Int, height: Int, change: (inout EmailLayer) -> Void = { _ in }) -> ScreenGrid {
        var state = state(email, change: change)
        return ScreenPainter.frame(&state, width: width, height: height, now: ScreenGoldenTests.now)
    }

    /// Issue 34's Email items: a page with copies and message details open, the draft history, the learning pane.
    static func withCopies() -> EmailScreen {
        var email = reading()
        email.detail?.messages[0].cc = ["board@example.test"]
        email.detail?.messages[0].replyTo = ["ann.lee@example.test"]
        email.detail?.messages[0].messageIDHeader = "<1.0@mail.example.test>"
        email.detail?.messages[0].labels = ["INBOX", "IMPORTANT"]
        email.detail?.messages[0].senderCheck = .pass
        email.detailsOpen = true
        var copied = draft
        copied.bcc = ["robin.records@example.test"]
        email.reply = ReplyState(session: DraftSession(api: EmailAPI(sender: HTTPRequestSender(send: { _ in throw CancellationError() })),
                                                       draft: copied), editor: DraftEditor(draft: copied))
        email.draftErrors[.endorse] = DraftSessionError.notSettled.description
        return email
    }

    static func history() -> EmailScreen {
        var email = reading()
        let revisions = (1...3).map { number in
            var revision = draft
            revision.revision = number
            revision.ownerEdited = number > 1
            revision.updatedAt = Timestamp("2026-12-01T08:0\(number):00Z")
            revision.body = number == 3 ? draft.body : "Thanks Ann (version \(number))."
            return revision
        }
        email.draftSheet = .history(revisions, choice: 0)
        return email
    }

    static func learning() -> EmailScreen {
        var email = inbox()
        email.learning = LearningPane(state: LearningState(paused: true, profileRevision: 4, excludedSources: 1, styleExamples: 2,
                                                          historyProcessed: 812))
        return email
    }

    static func unavailable() -> EmailScreen {
        var email = EmailScreen(connection: "127.0.0.1")
        email.available = false
        return email
    }

    @Test(arguments: [(80, 24), (160, 48)])
    func theInboxAndTheReadingPagePaintTheirGoldenScreens(size: (width: Int, height: Int)) {
        for (name, email) in [("inbox", Self.inbox()), ("reading", Self.reading()), ("copies-details", Self.withCopies()),
                              ("draft-history", Self.history()), ("learning", Self.learning()),
                              ("unavailable", Self.unavailable())] {
            let grid = Self.paint(email, width: size.width, height: size.height)
            let label = "email-\(name)-\(size.width)x\(size.height)"
            GoldenScreen.check(grid.snapshot, named: label)
            for appearance in Appearance.allCases {
                GoldenScreen.check(StyleLegend.of(grid, appearance: appearance), named: "\(label)-\(appearance.rawValue)")
            }
        }
    }

    @Test func theDividerStaysWhereTheOwnerPutItAcrossASwitchToChat() {
        var email = Self.inbox()
        email.inboxWidth = 70
        var state = Self.state(email)
        let before = ScreenPainter.frame(&state, width: 160, height: 48, now: ScreenGoldenTests.now)
        state.mode = .chat
        state.conversation.composer = TextInput(text: "half a message")
        let chat = ScreenPainter.frame(&state, width: 160, height: 48, now: ScreenGoldenTests.now)
        #expect(chat.snapshot.contains("half a message"))
        state.mode = .email
        let after = ScreenPainter.frame(&state, width: 160, height: 48, now: ScreenGoldenTests.now)
        #expect(after == before)
        #expect(after.text(5).dropFirst(70).first == "│")
        #expect(state.conversation.composer.text == "half a message")
    }
}

/// A painted grid's colours for one appearance: each row's styled runs with
/// the palette's resolved foreground and background (blank paper runs left out).
enum StyleLegend {
    static func of(_ grid: ScreenGrid, appearance: Appearance) -> String {
        var lines: [String] = []
        for row in 0..<grid.height {
            var runs: [String] = []
            var column = 0
            while column < grid.width {
                let style = grid[row, column].style
                var end = column, text = ""
                while end < grid.width, grid[row, end].style == style {
                    text += grid[row, end].grapheme
                    end += 1
                }
                let trimmed = text.trimmingCharacters(in: .whitespaces)
                if !trimmed.isEmpty || style.background != .paper {
                    runs.append("\(column)+\(end - column) \(describe(style, appearance))")
                }
                column = end
            }
            if !runs.isEmpty { lines.append("\(row): " + runs.joined(separator: " | ")) }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func describe(_ style: TextStyle, _ appearance: Appearance) -> String {
        func hex(_ token: ColorToken?) -> String {
            token.map { "\($0.rawValue)=\(Palette.a2.resolved($0, in: appearance).hex)" } ?? "default"
        }
        var attributes: [String] = []
        if style.attributes.contains(.bold) { attributes.append("bold") }
        if style.attributes.contains(.faint) { attributes.append("faint") }
        return ([hex(style.foreground), "on", hex(style.background)] + attributes).joined(separator: " ")
    }
}
