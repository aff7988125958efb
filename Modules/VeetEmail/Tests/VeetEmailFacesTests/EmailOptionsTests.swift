import Foundation
import Testing
import VeetCurses
import VeetEmail
@testable import VeetEmailScreens
import VeetTransport

/// Issue 34, Email mode 1–4 and 6, driven as values: recipients and details, View in People
/// and Discuss in Chat by routes, the draft options each with its own failure, the learning
/// pane, and the 401 that takes the mail off the screen. Each key is in the footer Ctrl-P reads.
@Suite struct EmailOptionsTests {
    typealias Base = EmailScreenTests

    /// The first thread open: its offer copied to the office, and a reply with a blind copy.
    static func copied() -> ScreenDriver<EmailScreen> {
        var driver = Base.driver()
        var draft = Base.draft
        draft.bcc = ["records@example.test"]
        let message = EmailMessage(id: "m1", sender: "Sender 1 <s1@example.test>", to: ["owner@example.test"],
                                   cc: ["office@example.test"], replyTo: ["desk@example.test"], subject: "Important 1",
                                   body: "Hello.", sentAt: "2026-12-01T07:40:00Z",
                                   attachments: [AttachmentInfo(filename: "lease.pdf", mimeType: "application/pdf", size: 2048)],
                                   messageIDHeader: "<1@mail.example.test>", references: ["<0@mail.example.test>"],
                                   senderCheck: .pass)
        let detail = EmailThreadDetail(thread: Base.important[0], messages: [message], draft: draft, providerThreadID: "gmail-1")
        driver.answer(.thread(detail, session: DraftSession(api: Base.api, draft: draft)))
        return driver
    }

    static func palette(_ driver: ScreenDriver<EmailScreen>) -> [String] {
        KeyHints.items(driver.screen.keyHints(width: 160, now: Date())).map(\.hint)
    }

    @Test func fromAndToAlwaysShowAndCopiesOpenTogetherFromTheStartWhenThereAreAny() {
        var driver = Self.copied()
        let open = driver.painted(width: 160, height: 48)
        for line in ["From: Sender 1 <s1@example.test>", "To: owner@example.test", "Cc: office@example.test", "Subject: Important 1",
                     "To: s1@example.test", "Bcc: records@example.test", "Subject: Re: Important 1"] {
            #expect(open.contains(line), "\(line)\n\(open)")
        }
        driver.press(.char("c"))
        let shut = driver.painted(width: 160, height: 48)
        #expect(!shut.contains("Cc: office") && !shut.contains("Bcc: records") && shut.contains("To: owner@example.test"))
        #expect(shut.contains("c Cc, Bcc, subject"))
        driver.press(.char("c"))
        #expect(driver.painted(width: 160, height: 48).contains("Bcc: records@example.test"))
        // A thread without copies starts shut.
        var plain = Base.driver()
        Base.opened(&plain)
        #expect(!plain.painted(width: 160, height: 48).contains("Subject: Re: Important 1"))
        #expect(Self.palette(driver).contains("c") && Self.palette(driver).contains("d"))
    }

    @Test func messageDetailsOpenOnAKey() {
        var driver = Self.copied()
        #expect(!driver.painted(width: 160, height: 48).contains("Message-ID"))
        driver.press(.char("d"))
        let details = driver.painted(width: 160, height: 48)
        for line in ["Date: 2026-12-01T07:40:00Z", "Reply-To: desk@example.test", "Message-ID: <1@mail.example.test>",
                     "References: <0@mail.example.test>", "Sender check: passed",
                     "Attachment: lease.pdf (application/pdf, "] {
            #expect(details.contains(line), "\(line)\n\(details)")
        }
    }

    @Test func viewInPeopleAndDiscussInChatAreRoutes() {
        var driver = Self.copied()
        driver.press(.char("p"))
        guard case .viewInPeople(let sender)? = driver.routes.last else { Issue.record("\(driver.routes)"); return }
        #expect(sender.searches == ["s1@example.test", "Sender 1"] && sender.personID == nil)
        let asked = driver.press(.char("D"))
        guard case .discuss(threadID: "t1")? = asked.first else { Issue.record("\(asked)"); return }
        driver.answer(.discussion(threadID: "t1", sessionID: "s-9"))
        guard case .openChat(sessionID: "s-9")? = driver.routes.last else { Issue.record("\(driver.routes)"); return }
        #expect(Self.palette(driver).contains("p") && Self.palette(driver).contains("D"))
    }

    @Test func saveNowHistoryAndRestoreIntoTheEditor() {
        var driver = Self.copied()
        let saved = driver.press(.char("w"))
        guard case .saveNow(_, _, threadID: "t1")? = saved.first else { Issue.record("\(saved)"); return }
        let asked = driver.press(.char("H"))
        guard case .loadHistory(_, threadID: "t1")? = asked.first else { Issue.record("\(asked)"); return }
        var older = Base.draft
        older.revision = 1
        older.body = "An earlier text."
        var current = Base.draft
        current.revision = 2
        driver.answer(.draftHistory(threadID: "t1", DraftHistory.ordered([current, older])))
        #expect(driver.painted(width: 160, height: 48).contains("Draft history"))
        #expect(driver.screen.keyHints(width: 160, now: Date()) == "↑↓ choose  Enter restore into the editor  Esc close")
        driver.press(KeyPress(.up))
        let restored = driver.press(KeyPress(.enter))
        guard case .restore(_, let revision, threadID: "t1")? = restored.first, revision.revision == 1 else {
            Issue.record("\(restored)"); return
        }
        #expect(driver.screen.reply?.input.text == "An earlier text." && driver.screen.draftSheet == nil)
        driver.answer(.draftOptionFailed(threadID: "t1", .history, "Restored into the editor but not saved yet."))
        #expect(driver.painted(width: 160, height: 48).contains("H History  ⚠ Restored into"))
    }

    @Test func discardAsksFirstAndItsFailureStaysBesideIt() {
        var driver = Self.copied()
        #expect(driver.press(.char("X")).isEmpty)
        #expect(driver.painted(width: 160, height: 48).contains("Discard this draft? y discard  Esc keep"))
        driver.press(KeyPress(.escape))
        #expect(driver.screen.draftSheet == nil && driver.screen.reply != nil)
        driver.press(.char("X"))
        let discard = driver.press(.char("y"))
        guard case .discard(_, threadID: "t1")? = discard.first else { Issue.record("\(discard)"); return }
        driver.answer(.draftOptionFailed(threadID: "t1", .discard, "Not discarded: the draft changed."))
        #expect(driver.painted(width: 160, height: 48).contains("X Discard  ⚠ Not discarded: the draft changed."))
        driver.answer(.draftDiscarded(threadID: "t1"))
        #expect(driver.screen.reply == nil && driver.screen.message == "Draft discarded.")
    }

    @Test func theWritingStyleEndorsementIsRefusedWhileUnsavedAndKeepsThePause() {
        var driver = Self.copied()
        driver.press(.char("r"))
        driver.type("!")
        driver.press(KeyPress(.escape))  // saving now: not settled
        #expect(driver.press(.char("W")).isEmpty)
        #expect(driver.screen.draftErrors[.endorse] == DraftSessionError.notSettled.description)
        #expect(driver.painted(width: 160, height: 48).contains("⚠ The draft has unsaved changes or a conflict"))
        var settled = Self.copied()
        let asked = settled.press(.char("W"))
        guard case .endorse(_, threadID: "t1")? = asked.first else { Issue.record("\(asked)"); return }
        settled.press(.char("L"))
        settled.answer(.learning(LearningState(paused: true)))
        settled.press(KeyPress(.escape))
        settled.press(.char("L"))
        settled.answer(.endorsed(threadID: "t1", revision: 1, LearningState(paused: true, styleExamples: 1)))
        #expect(settled.screen.learning?.state?.paused == true)
        #expect(settled.screen.reply?.status == "Endorsed revision 1's wording as an example of how you write. Learning stays paused.")
    }

    @Test func theLearningPanePausesResetsAndExcludesAskingFirst() {
        var driver = Self.copied()
        let opened = driver.press(.char("L"))
        guard case .loadLearning? = opened.first else { Issue.record("\(opened)"); return }
        driver.answer(.learning(LearningState(historyProcessed: 812)))
        let pane = driver.painted(width: 160, height: 48)
        for line in ["Learning from mail is on.", "812 threads retrieved so far.", LearningDisclosure.lines[0],
                     "Coverage counts threads retrieved, not threads analysed."] {
            #expect(pane.contains(line), "\(line)")
        }
        #expect(Self.palette(driver) == ["p", "1", "2", "3", "x", "Esc"])
        let paused = driver.press(.char("p"))
        guard case .setLearningPaused(true)? = paused.first else { Issue.record("\(paused)"); return }
        driver.answer(.learningChanged(LearningState(paused: true), "Paused: nothing new is learned from your mail."))
        #expect(driver.screen.keyHints(width: 160, now: Date()).hasPrefix("p resume learning"))
        #expect(driver.press(.char("2")).isEmpty)  // asked first
        #expect(driver.painted(width: 160, height: 48).contains("Reset? Removes the writing examples."))
        let reset = driver.press(.char("y"))
        guard case .resetLearning(.style)? = reset.first else { Issue.record("\(reset)"); return }
        driver.answer(.learningChanged(LearningState(paused: true), "Removes the writing examples."))
        driver.press(.char("x"))
        let excluded = driver.press(.char("y"))
        guard case .exclude(threadID: "t1", revision: 1)? = excluded.first else { Issue.record("\(excluded)"); return }
        driver.answer(.excluded(threadID: "t1", "Excluded: it will not be learned from again."))
        #expect(!driver.screen.visibleThreads.contains { $0.id == "t1" } && driver.screen.selectedID == "t2")
        driver.answer(.learning(nil))
        #expect(driver.painted(width: 160, height: 48).contains("This server does not offer email learning"))
        driver.press(KeyPress(.escape))
        #expect(driver.screen.learning == nil)
    }

    @Test func aRefusedTokenTakesTheMailOffTheScreenAndLateAnswersDoNotBringItBack() {
        var driver = Self.copied()
        driver.press(.char("r"))
        driver.type(" unsaved")
        driver.answer(.signedOut)
        #expect(driver.screen.visibleThreads.isEmpty && driver.screen.detail == nil && driver.screen.reply == nil)
        #expect(driver.screen.accounts.isEmpty && driver.screen.selectedID == nil && driver.screen.signedOut)
        let late = driver.answer(.page(ThreadQuery(view: .priority), Page(items: Base.important, nextCursor: nil),
                                       background: false, append: false))
        #expect(late.isEmpty && driver.screen.visibleThreads.isEmpty)
        let painted = driver.painted(width: 160, height: 48)
        #expect(painted.contains("Signed out: the mail left the screen.") && !painted.contains("Important 1"))
        #expect(driver.tick().isEmpty)
        #expect(driver.answer(.signedIn).count == 3)
        #expect(!driver.screen.signedOut)
    }

    @Test func aServerWithoutEmailShowsTheUnavailablePage() {
        var driver = ScreenDriver(EmailScreen(connection: "127.0.0.1"))
        driver.answer(.unavailable)
        #expect(driver.painted(width: 80, height: 24).contains("Email is not available on this server; Chat works as before (F7)."))
    }
}

/// The words the faces share (VeetEmail's MessageEnvelope and DraftHistory).
@Suite struct EnvelopeWordsTests {
    @Test func historyIsOrderedByRevisionThenTime() {
        var a = EmailScreenTests.draft, b = a, c = a
        a.revision = 2
        a.updatedAt = "2026-12-01T09:00:00Z"
        b.revision = 2
        b.updatedAt = "2026-12-01T08:00:00Z"
        c.revision = 1
        #expect(DraftHistory.ordered([a, b, c]).map(\.updatedAt) == [c.updatedAt, b.updatedAt, a.updatedAt])
        #expect(DraftHistory.isCurrent(a, of: a) && !DraftHistory.isCurrent(b, of: { var d = a; d.body = "x"; return d }()))
    }

    @Test func aMessageWithoutCopiesStaysShutAndAbsentHeadersAreLeftOut() {
        let message = EmailMessage(id: "m", sender: "A <a@example.test>", to: ["b@example.test"])
        #expect(!MessageEnvelope.opensCopies(message))
        #expect(MessageEnvelope.copies(message).map(\.text) == ["Subject: (no subject)"])
        #expect(MessageEnvelope.details(message).map(\.name) == ["Direction"])
    }
}
