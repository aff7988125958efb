import Foundation
import Testing
@testable import veet_tui
import VeetChat
import VeetChatScreens

/// Quitting with a run waiting for the owner tells veetd which run (issue 14
/// #10, as `veet chat --once` does); quitting with nothing waiting tells nothing.
@Suite struct QuitNoticeTests {
    @Test func aDockedApprovalIsTheRunLeftWaiting() {
        let state = ScreenGoldenTests.withApproval()
        let left = state.conversation.runLeftWaiting
        #expect(left?.runID == "r0" && left?.sessionID == "s0")
    }

    @Test func aDockedQuestionLeavesTheRunningWorksRun() {
        var state = ScreenGoldenTests.base()
        state.conversation.sessionID = "s1"
        state.conversation.work = RunningWork(id: 2, sessionID: nil, runID: "r1")
        #expect(state.conversation.runLeftWaiting == nil, "a run still working waits on nobody")
        state.conversation.question = DockedQuestion(question: PendingQuestion(questionID: "q1", text: "Which dates?"), ticket: 1, work: 2)
        let left = state.conversation.runLeftWaiting
        #expect(left?.runID == "r1" && left?.sessionID == "s1")
    }

    @Test func nothingWaitingTellsNothing() {
        #expect(ScreenGoldenTests.base().conversation.runLeftWaiting == nil)
    }
}
