import Foundation
import Testing
import VeetChat
import VeetChatScreens
import VeetCurses
import VeetWire

/// The open conversation's keys as a value: where ↑↓ go between the transcript, the queued messages, the
/// attached files and the composer; what `e`, `x`, `r` and Enter do; what the shell is asked to do.
@Suite struct OpenConversationKeysTests {
    static func queued(_ texts: String...) -> OpenConversation {
        var conversation = OpenConversation(sessionID: "s1")
        for text in texts { _ = conversation.queue.enqueue(text) }
        return conversation
    }

    @Test func theQueueWalksUpToTheTranscriptAndDownToTheFilesOrTheComposer() {
        var conversation = Self.queued("one", "two")
        #expect(conversation.enterQueue() == .queue)
        #expect(conversation.queueCursor == conversation.queue.entries[1].id)
        #expect(conversation.queueKey(KeyPress(.up)) == ConversationStep())
        #expect(conversation.queueCursor == conversation.queue.entries[0].id)
        #expect(conversation.queueKey(KeyPress(.up)).focus == .transcript)
        #expect(conversation.queueKey(KeyPress(.down)) == ConversationStep())
        #expect(conversation.queueKey(KeyPress(.down)).focus == .composer)
        conversation.attachments = [TrayFilesTests.file("notes.txt", .queued)]
        #expect(conversation.queueKey(KeyPress(.down)).focus == .tray)
        #expect(conversation.trayCursor == conversation.attachments[0].id)
        var empty = OpenConversation()
        #expect(empty.enterQueue() == .composer)
        #expect(empty.queueKey(KeyPress(.up)).focus == .composer)
    }

    @Test func editTakesTheMessageBackAfterWhatIsTypedAndCancelDropsIt() {
        var conversation = Self.queued("one", "two")
        conversation.composer = TextInput(text: "typed")
        _ = conversation.enterQueue()
        let edit = conversation.queueKey(.char("e"))
        #expect(edit == ConversationStep(focus: .composer, notice: "Taken back to edit; Enter queues it again."))
        #expect(conversation.composer.text == "typed\ntwo" && conversation.queue.entries.map(\.text) == ["one"])
        _ = conversation.enterQueue()
        let cancel = conversation.queueKey(KeyPress(.delete))
        #expect(cancel == ConversationStep(focus: .composer, notice: "Cancelled; that message will not be sent."))
        #expect(conversation.queue.isEmpty)
        var two = Self.queued("a", "b")
        _ = two.enterQueue()
        #expect(two.queueKey(.char("x")).focus == nil)
        #expect(two.queueCursor == two.queue.entries[0].id)
    }

    @Test func typingOnTheQueueOrTheTrayGoesToTheMessage() {
        var conversation = Self.queued("one")
        _ = conversation.enterQueue()
        #expect(conversation.queueKey(.char("h")).focus == .composer)
        conversation.attachments = [TrayFilesTests.file("notes.txt", .queued)]
        _ = conversation.enterTray(at: .first)
        #expect(conversation.trayKey(.char("i")).focus == .composer)
        #expect(conversation.composer.text == "hi")
        #expect(conversation.trayKey(.char("c", .control)) == ConversationStep())
    }

    @Test func theTrayAsksTheShellToRetryOrRemoveOnTheServer() {
        let failed = TrayFilesTests.file("a.txt", .failed(AttachmentFailure(reason: "Timed out.")))
        let uploading = TrayFilesTests.file("b.txt", TrayFilesTests.uploading)
        var conversation = OpenConversation(sessionID: "s1")
        conversation.attachments = [failed, uploading]
        #expect(conversation.enterTray(at: .first) == .tray)
        #expect(conversation.trayKey(.char("r")) == ConversationStep(notice: "Sending a.txt again...",
                                                                     request: .retryAttachment(failed.id, sessionID: "s1")))
        #expect(conversation.trayKey(KeyPress(.down)) == ConversationStep())
        #expect(conversation.trayKey(.char("r")) == ConversationStep(notice: "b.txt is still uploading."))
        #expect(conversation.trayKey(KeyPress(.down)).focus == .composer)
        #expect(conversation.trayKey(.char("x")) == ConversationStep(notice: "Removed b.txt from the message.",
                                                                     request: .removeAttachment(uploading.id, sessionID: "s1")))
        #expect(conversation.trayKey(KeyPress(.delete)).focus == .composer)
        #expect(conversation.attachments.isEmpty)
        // A new conversation not created yet: the file leaves, nothing to tell the server.
        var new = OpenConversation()
        new.attachments = [failed]
        #expect(new.trayKey(.char("x")) == ConversationStep(focus: .composer, notice: "Removed a.txt from the message."))
    }

    @Test func upInAnEmptyComposerWalksIntoTheFilesTheQueueThenTheTranscript() {
        var conversation = Self.queued("one")
        conversation.attachments = [TrayFilesTests.file("notes.txt", .queued)]
        #expect(conversation.composerUp() == .tray)
        conversation.attachments = []
        #expect(conversation.composerUp() == .queue)
        conversation.queue = MessageQueue()
        #expect(conversation.composerUp() == .transcript)
        conversation.composer = TextInput(text: "typed")
        #expect(conversation.composerUp() == nil)
        conversation.composer = TextInput()
        conversation.question = DockedQuestion(question: PendingQuestion(questionID: "q", text: "Which?"), ticket: 3, work: 1)
        #expect(conversation.composerUp() == nil)
    }

    @Test func enterAnswersTheQuestionQueuesWhileTheRunGoesElseSends() {
        var conversation = OpenConversation(sessionID: "s1")
        conversation.question = DockedQuestion(question: PendingQuestion(questionID: "q", text: "Which?"), ticket: 3, work: 1)
        conversation.composer = TextInput(text: "Tuesday")
        #expect(conversation.submitComposer() == ConversationStep(request: .answer(ticket: 3, text: "Tuesday")))
        #expect(conversation.question == nil && conversation.composer.isEmpty)
        // Blank text goes nowhere (no files).
        #expect(conversation.submitComposer() == ConversationStep())
        conversation.work = RunningWork(id: 1, sessionID: "s1", runID: nil)
        conversation.composer = TextInput(text: "next")
        #expect(conversation.submitComposer() == ConversationStep())
        #expect(conversation.queue.entries.map(\.text) == ["next"] && conversation.composer.isEmpty)
        for index in 1..<MessageQueue.limit { _ = conversation.queue.enqueue("more \(index)") }
        conversation.composer = TextInput(text: "one too many")
        #expect(conversation.submitComposer().notice?.hasPrefix("\(MessageQueue.limit) messages are already waiting") == true)
        #expect(conversation.composer.text == "one too many")
        conversation.work = nil
        #expect(conversation.submitComposer() == ConversationStep(request: .send("one too many")))
    }

    @Test func aDraftWithAFileStillUploadingStaysHereSaidWhy() {
        var conversation = OpenConversation(sessionID: "s1")
        conversation.attachments = [TrayFilesTests.file("b.txt", TrayFilesTests.uploading)]
        let held = conversation.content(sending: "see attached")
        #expect(held.content == nil && held.notice?.hasPrefix("Not sent: ") == true)
        #expect(conversation.composer.text == "see attached")
        conversation.attachments = []
        #expect(conversation.content(sending: "plain").content?.count == 1)
    }

    @Test func escapePutsTheQuestionOffThenGivesTheQueuedMessageBack() {
        var conversation = Self.queued("one", "two")
        conversation.composer = TextInput(text: "typed")
        conversation.question = DockedQuestion(question: PendingQuestion(questionID: "q", text: "Which?"), ticket: 3, work: 1)
        #expect(conversation.escape(focused: .composer) == ConversationStep(request: .answer(ticket: 3, text: nil)))
        #expect(conversation.question == nil)
        #expect(conversation.escape(focused: .queue) == ConversationStep(focus: .composer))
        #expect(conversation.escape(focused: .composer) == ConversationStep())
        #expect(conversation.composer.text == "typed\ntwo" && conversation.queue.entries.map(\.text) == ["one"])
        conversation.queue = MessageQueue()
        #expect(conversation.escape(focused: .transcript) == ConversationStep(focus: .composer))
        #expect(conversation.escape(focused: nil) == nil, "nothing for the conversation: the shell's turn")
    }

    @Test func ctrlCStopsTheRunTheWorkFollowsOnlyWhileItGoes() {
        var conversation = OpenConversation(sessionID: "s1")
        #expect(conversation.runToStop == nil)
        conversation.start(work: 1, sessionID: "s1", isDelivery: true)
        #expect(conversation.runToStop == nil, "no run yet, none in the transcript")
        conversation.work?.runID = "r1"
        #expect(conversation.runToStop == "r1")
    }

    @Test func aSendTakesTheFilesOffTheTrayAndShowsItsBubbleAtOnce() {
        var conversation = OpenConversation()
        var tray = AttachmentTray(limits: .server)
        let added = try! tray.add(VeetChat.Attachment(filename: "notes.txt", bytes: Data("text".utf8)))
        _ = tray.beginUpload(added.id)
        tray.finishUpload(added.id, with: .uploaded(ArtifactView(id: "a1", sessionID: "s1", name: "notes.txt", mediaType: "text/plain",
                                                                  sha256: String(repeating: "0", count: 64), sizeBytes: 4,
                                                                  createdAt: "2026-12-01T09:00:00Z")))
        let file = tray.attachments[0]
        conversation.attachments = [file]
        conversation.trayCursor = file.id
        let begun = conversation.beginSend("see attached", clientKey: "k1")
        #expect(begun.notice.isEmpty)
        #expect(begun.message?.files == [file] && begun.message?.sessionID == nil && begun.message?.clientKey == "k1")
        #expect(begun.message?.conversationKey == conversation.newConversationKey)
        #expect(conversation.attachments.isEmpty && conversation.trayCursor == nil)
        #expect(conversation.transcript.items.last?.user?.text == "see attached")
        conversation.attachments = [TrayFilesTests.file("b.txt", TrayFilesTests.uploading)]
        let held = conversation.beginSend("again", clientKey: "k2")
        #expect(held.message == nil && held.notice.hasPrefix("Not sent: "))
        #expect(conversation.transcript.items.count == 1 && conversation.attachments.count == 1)
    }
}
