import Testing
import VeetChat
import VeetChatScreens
import VeetWire

/// A message that did not go, as values: which bubble leaves, what the composer
/// holds after, and how long the notice stays said.
@Suite struct HandBackRuleTests {
    @Test func theKeyChoosesTheBubbleElseTheLastUnsentOneWithTheseWords() {
        var transcript = Transcript()
        _ = transcript.addOptimisticUserMessage([.text("again")], clientKey: "first")
        _ = transcript.addOptimisticUserMessage([.text("again")], clientKey: "second")
        #expect(HandBack.bubbleKey(of: "again", clientKey: "first", in: transcript) == "first")
        #expect(HandBack.bubbleKey(of: "again", clientKey: nil, in: transcript) == "second")
        #expect(HandBack.bubbleKey(of: "other words", clientKey: nil, in: transcript) == nil)
    }

    @Test func theWordsComeBackBeforeWhatWasTypedSince() {
        #expect(HandBack.composerText(handing: "see the report", typed: "typed since") == "see the report\ntyped since")
        #expect(HandBack.composerText(handing: "see the report", typed: "") == "see the report")
        #expect(HandBack.composerText(handing: "", typed: "half a thought") == nil, "a message of files alone leaves it as typed")
    }

    @Test func aHandBackNoticeOutlivesItsWorkAndAnyOtherEndsWithIt() {
        let refused = HandBack.refusedNotice(reason: "report.pdf changed")
        #expect(refused == "Not sent: report.pdf changed · your text is back in the composer")
        #expect(HandBack.notice(refused, afterWork: nil) == refused)
        #expect(HandBack.notice(HandBack.notSentNotice, afterWork: nil) == HandBack.notSentNotice)
        #expect(HandBack.notice("Attaching report.pdf...", afterWork: nil) == "")
        #expect(HandBack.notice("Attaching report.pdf...", afterWork: "The server did not answer.") == "The server did not answer.")
    }

    @Test func anApprovalsNoticeGrowsTheRunsOutcomeOnceRead() throws {
        #expect(HandBack.settledNotice("Approved", run: nil) == "Approved")
        #expect(HandBack.settledNotice("Approved", run: try RunDetailsSheetLinesTests.run(failed: false))
            == "Approved · the run completed")
        #expect(HandBack.settledNotice("Approved", run: try RunDetailsSheetLinesTests.run(failed: true))
            == "Approved · the run failed: The model provider timed out")
    }
}
