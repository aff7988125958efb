import Foundation
import Testing
import VeetChat
import VeetChatScreens
import VeetCurses
import VeetTransport
import VeetWire

/// The open conversation and its work as a value: only the current work changes it, a new conversation
/// takes its id from its first run, the work's end undocks, opening another starts over.
@Suite struct OpenConversationRunTests {
    static func frame(_ type: String, _ data: String, id: Int) -> RunEventFrame {
        RunEventFrame.decode(SSEEvent(event: type, data: data, id: String(id)))
    }

    static let approval = ApprovalView(id: "ap1", runID: "r1", sessionID: "s1", status: .pending,
                                       toolName: "demo.external_write", risk: .high, createdAt: "")

    @Test func aNewConversationTakesItsIdFromItsWorksFirstRun() {
        var conversation = OpenConversation()
        conversation.start(work: 4, sessionID: nil, isDelivery: true)
        #expect(conversation.runStarted(sessionID: "s9", runID: "r9", work: 3) == nil, "older work changes nothing")
        #expect(conversation.sessionID == nil)
        #expect(conversation.runStarted(sessionID: "s9", runID: "r9", work: 4) == true)
        #expect(conversation.sessionID == "s9" && conversation.work?.runID == "r9")
        #expect(conversation.runStarted(sessionID: "s9", runID: "r10", work: 4) == false, "already known")
        // The server's word that it made the conversation is taken only while no work knows better.
        var made = OpenConversation()
        made.created("s2")
        #expect(made.sessionID == "s2")
        var busy = OpenConversation()
        busy.start(work: 1, sessionID: nil, isDelivery: true)
        busy.created("s2")
        #expect(busy.sessionID == nil)
    }

    @Test func aFrameIsTheOpenConversationsOnlyAndSaysWhenItEndedTheRun() {
        var conversation = OpenConversation()
        conversation.start(work: 1, sessionID: "s1", isDelivery: false)
        conversation.work?.runID = "r1"
        #expect(conversation.apply(Self.frame("run.claimed", #"{"run_id":"r1"}"#, id: 1), of: "s2") == .elsewhere)
        #expect(conversation.apply(Self.frame("run.claimed", #"{"run_id":"r1"}"#, id: 1), of: "s1") == .applied(endedTheRun: false))
        #expect(conversation.sessionID == "s1", "the new conversation took its work's id")
        #expect(conversation.isRunActive)
        #expect(conversation.apply(Self.frame("run.completed", #"{"run_id":"r1"}"#, id: 2), of: "s1") == .applied(endedTheRun: true))
        #expect(!conversation.isRunActive)
    }

    @Test func theWorksEndUndocksAndSaysWhetherItDeliveredAMessage() {
        var conversation = OpenConversation(sessionID: "s1")
        conversation.start(work: 2, sessionID: "s1", isDelivery: true)
        let older = conversation.dock(Self.approval, ticket: 1, work: 1)
        #expect(!older, "older work's approval is left pending")
        let docked = conversation.dock(Self.approval, ticket: 1, work: 2)
        #expect(docked)
        conversation.approval?.problem = "Not taken: try again"
        let again = conversation.dock(Self.approval, ticket: 2, work: 2)
        #expect(again && conversation.approval?.problem == "Not taken: try again" && conversation.approval?.ticket == 2)
        let asked = conversation.dock(PendingQuestion(questionID: "q", text: "Which?"), ticket: 3, work: 2)
        let askedElsewhere = conversation.dock(PendingQuestion(questionID: "q", text: "Which?"), ticket: 4, work: 9)
        #expect(asked && !askedElsewhere)
        #expect(conversation.runLeftWaiting?.runID == "r1")
        #expect(conversation.workEnded(1) == nil)
        #expect(conversation.workEnded(2) == true)
        #expect(conversation.work == nil && conversation.approval == nil && conversation.question == nil)
        #expect(conversation.runLeftWaiting == nil)
    }

    @Test func openingAnotherStartsOverAndKeepsWhatIsTyped() {
        var conversation = OpenConversation(sessionID: "s1")
        _ = conversation.transcript.addOptimisticUserMessage([.text("hi")], clientKey: "k")
        conversation.attachments = [TrayFilesTests.file("a.txt", .queued)]
        conversation.sendStates = ["user:1": .sending]
        conversation.composer = TextInput(text: "typed")
        _ = conversation.queue.enqueue("queued")
        let key = conversation.newConversationKey
        conversation.giveQueueBack()
        #expect(conversation.composer.text == "typed\nqueued" && conversation.queue.isEmpty)
        conversation.open(nil, revealing: 12, outboxFloor: 7)
        #expect(conversation.sessionID == nil && conversation.newConversationKey != key)
        #expect(conversation.transcript.items.isEmpty && conversation.attachments.isEmpty && conversation.sendLines.isEmpty)
        #expect(conversation.revealSequence == 12 && conversation.outboxFloor == 7)
        #expect(conversation.composer.text == "typed\nqueued", "the shell puts the kept draft in")
    }

    @Test func aPageInsteadLeavesTheWorkAndKeepsTheQueuedWords() {
        var conversation = OpenConversation(sessionID: "s1")
        conversation.start(work: 1, sessionID: "s1", isDelivery: false)
        _ = conversation.queue.enqueue("later")
        conversation.attachments = [TrayFilesTests.file("a.txt", .queued)]
        conversation.show(.deleted)
        #expect(conversation.page == .deleted && conversation.work == nil)
        #expect(conversation.composer.text == "later" && conversation.attachments.isEmpty)
    }

    @Test func aQueuedMessageGoesOnlyOnceTheRunEndedAndNothingIsDocked() {
        var conversation = OpenConversation(sessionID: "s1")
        _ = conversation.queue.enqueue("first")
        _ = conversation.queue.enqueue("second")
        conversation.start(work: 1, sessionID: "s1", isDelivery: true)
        #expect(conversation.takeQueuedMessageIfRunEnded() == nil, "a send waiting for its run is still going")
        conversation.leaveWork()
        conversation.question = DockedQuestion(question: PendingQuestion(questionID: "q", text: nil), ticket: 1, work: 1)
        #expect(conversation.takeQueuedMessageIfRunEnded() == nil)
        conversation.question = nil
        #expect(conversation.takeQueuedMessageIfRunEnded() == "first")
        #expect(conversation.queue.entries.map(\.text) == ["second"])
    }
}
