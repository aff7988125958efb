import Foundation
import Testing
import VeetChat
import VeetChatScreens
import VeetCurses
import VeetStore
import VeetWire

/// The transcript's keys as a value: what is copied (plain text or Markdown, code blocks in turn), the
/// reader, a run's details, a file opened or exported, and a message that did not go out sent again or dropped.
@Suite struct OpenConversationTranscriptTests {
    static let answer = "Here:\n\n- **one**\n\n```\nfirst\n```\n\n```\nsecond\n```"

    /// A conversation with the owner's message and an answer, the cursor on `row` (0: the message, 1: the answer).
    static func conversation(selecting row: Int) -> OpenConversation {
        var conversation = OpenConversation(sessionID: "s1")
        conversation.transcript.restore([SessionMessageView(sequence: 1, role: .user, content: [.text("hello")]),
                                         SessionMessageView(sequence: 2, role: .assistant, content: [.text(Self.answer)])])
        let ids = conversation.transcript.items.map(\.id)
        conversation.transcriptView.rowTargets = ids.map { .entry($0) }
        conversation.transcriptView.moveCursor(by: -Int.max / 2)
        conversation.transcriptView.moveCursor(by: row)
        return conversation
    }

    @Test func copyingAnAnswerGivesPlainTextOrItsMarkdown() {
        var conversation = Self.conversation(selecting: 1)
        guard case .copy(let plain, let what)? = conversation.transcriptKey(.char("c")).request else {
            Issue.record("c copies"); return
        }
        #expect(what == "the message as plain text")
        #expect(plain.contains("one") && !plain.contains("**") && !plain.contains("```"), "\(plain)")
        #expect(conversation.transcriptKey(.char("m")).request == .copy(Self.answer, what: "the message's Markdown"))
        var mine = Self.conversation(selecting: 0)
        #expect(mine.transcriptKey(.char("c")).request == .copy("hello", what: "the message"))
        var none = OpenConversation()
        #expect(none.transcriptKey(.char("c")) == ConversationStep(notice: "Select a message to copy (Up/Down)"))
    }

    @Test func codeBlocksAreCopiedInTurn() {
        var fresh = Self.conversation(selecting: 1)
        let first = fresh.transcriptKey(.char("b")).request
        let second = fresh.transcriptKey(.char("b")).request
        let third = fresh.transcriptKey(.char("b")).request
        guard case .copy(_, let one)? = first, case .copy(_, let two)? = second, case .copy(_, let three)? = third else {
            Issue.record("b copies"); return
        }
        #expect([one, two, three] == ["code block 1 of 2", "code block 2 of 2", "code block 1 of 2"])
        var mine = Self.conversation(selecting: 0)
        #expect(mine.transcriptKey(.char("b")) == ConversationStep(notice: "This message has no code block"))
    }

    @Test func theReaderOpensTheMessageAloneAndAsksForTheTerminalsSelection() {
        var conversation = Self.conversation(selecting: 1)
        #expect(conversation.transcriptKey(.char("v")) == ConversationStep(request: .readerOpened))
        #expect(conversation.reader != nil)
        var none = OpenConversation()
        #expect(none.transcriptKey(.char("v")).notice == "Select a message to read (Up/Down)")
        #expect(none.reader == nil)
    }

    @Test func runDetailsNeedAnAnswerWithARunAndReadAgainWithG() {
        var conversation = Self.conversation(selecting: 0)
        #expect(conversation.transcriptKey(.char("i")) == ConversationStep(notice: "Select an answer (Up/Down) to see its run"))
        conversation.runDetails = RunDetailsSheet(runID: "r1", message: "Could not read the run")
        #expect(conversation.runDetailsKey(.char("g")) == ConversationStep(request: .loadRunDetails(runID: "r1")))
        #expect(conversation.runDetails?.message == "Reading the run...")
        #expect(conversation.runDetailsKey(.char("i")) == ConversationStep())
        #expect(conversation.runDetails == nil)
    }

    @Test func aFileRowIsOpenedOrExported() {
        let file = FileReference(artifactID: "art1", mediaType: "text/plain", filename: "notes.txt", isImage: false)
        var conversation = OpenConversation(sessionID: "s1")
        conversation.transcriptView.rowTargets = [.artifact(file)]
        conversation.transcriptView.moveCursor(by: 1)
        #expect(conversation.transcriptKey(.char(" ")) == ConversationStep(notice: "Opening notes.txt...",
                                                                          request: .openArtifact(file, sessionID: "s1")))
        #expect(conversation.transcriptKey(.char("e")) == ConversationStep(request: .export(artifactID: "art1", name: "notes.txt")))
    }

    @Test func aMessageThatDidNotGoOutIsSentAgainOrDropped() {
        var conversation = Self.conversation(selecting: 0)
        let id = conversation.transcript.items[0].id
        conversation.sendStates = [id: SendState(entryID: 5, state: .failed, lastError: "offline", isBeingDelivered: false)]
        #expect(conversation.transcriptKey(KeyPress(.enter)) == ConversationStep(notice: "Sending again...", request: .redeliver(entryID: 5)))
        conversation.work = RunningWork(id: 1, sessionID: "s1", runID: nil, isDelivery: true)
        #expect(conversation.transcriptKey(KeyPress(.enter)).notice == "A run is still going; try again when it ends")
        #expect(conversation.transcriptKey(.char("x")).notice == "Wait for the send in progress to end")
        conversation.work = nil
        #expect(conversation.transcriptKey(.char("x")) == ConversationStep(request: .discard(entryID: 5, itemID: id)))
        conversation.discarded(itemID: id)
        #expect(conversation.transcriptView.selectedRow == nil)
    }
}
