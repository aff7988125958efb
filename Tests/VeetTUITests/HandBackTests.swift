import Testing
@testable import veet_tui
import VeetChat
import VeetChatScreens
import VeetCurses
import VeetWire

/// A message that did not go leaves no bubble that looks sent, and its words
/// are back in the composer, said in the status bar until the next work ends.
@Suite struct HandBackTests {
    static func sentOptimistically(_ words: String, key: String) -> ScreenState {
        var state = ScreenGoldenTests.withTranscript()
        _ = state.conversation.transcript.addOptimisticUserMessage([.text(words)], clientKey: key)
        return state
    }

    static func optimisticBubbles(_ state: ScreenState) -> [String] {
        state.conversation.transcript.items.compactMap { $0.user?.isOptimistic == true ? $0.user?.text : nil }
    }

    @Test func refusedFilesTakeTheBubbleAwayAndGiveTheWordsBack() {
        var state = Self.sentOptimistically("see the report", key: "k1")
        state.conversation.composer = TextInput(text: "typed since")
        state.handBack("see the report", clientKey: "k1", notice: "Not sent: report.pdf changed" + HandBack.handedBackSuffix)
        #expect(Self.optimisticBubbles(state).isEmpty)
        #expect(state.conversation.composer.text == "see the report\ntyped since")
        #expect(state.focus == .composer)
        state.settleNotice(afterWork: nil)
        #expect(state.notice == "Not sent: report.pdf changed · your text is back in the composer")
    }

    @Test func theKeyChoosesTheBubbleWhenTwoHoldTheSameWords() {
        var state = Self.sentOptimistically("again", key: "first")
        _ = state.conversation.transcript.addOptimisticUserMessage([.text("again")], clientKey: "second")
        state.handBack("again", clientKey: "first", notice: HandBack.notSentNotice)
        #expect(state.conversation.transcript.items.compactMap { $0.user?.clientKey } == ["second"])
    }

    @Test func aMessageOfFilesAloneLeavesTheComposerAsTyped() {
        var state = ScreenGoldenTests.withTranscript()
        _ = state.conversation.transcript.addOptimisticUserMessage([], clientKey: "files")
        state.conversation.composer = TextInput(text: "half a thought")
        state.handBack("", clientKey: "files", notice: "Not sent: x" + HandBack.handedBackSuffix)
        #expect(state.conversation.composer.text == "half a thought")
        #expect(state.conversation.transcript.items.allSatisfy { $0.user?.clientKey != "files" })
    }

    @Test func anotherRunsMessageIsFoundByItsWords() {
        var state = Self.sentOptimistically("my own words", key: "k")
        state.handBack("my own words", clientKey: nil, notice: HandBack.notSentNotice)
        #expect(Self.optimisticBubbles(state).isEmpty)
        #expect(state.conversation.composer.text == "my own words")
    }

    @Test func anyOtherNoticeEndsWithItsWork() {
        var state = ScreenGoldenTests.withTranscript()
        state.notice = "Attaching report.pdf..."
        state.settleNotice(afterWork: nil)
        #expect(state.notice == "")
        state.settleNotice(afterWork: "The server did not answer.")
        #expect(state.notice == "The server did not answer.")
    }
}
