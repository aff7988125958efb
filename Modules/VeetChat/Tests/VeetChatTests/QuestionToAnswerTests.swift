import Foundation
import Testing
import VeetChat
import VeetWire

/// Which question an answer goes to (moved from the CLI's /answer).
@Suite struct QuestionToAnswerTests {
    func askedTranscript() throws -> (Transcript, String) {
        var transcript = Transcript()
        var runID = ""
        for frame in try recorded("sse-ask-user.txt") {
            transcript.apply(frame)
            runID = frame.runID ?? runID
            if frame.type == "run.waiting_for_user" { break }
        }
        return (transcript, runID)
    }

    @Test func theQuestionShownForThisRunIsAnsweredByItsID() throws {
        let (shown, runID) = try askedTranscript()
        let question = try #require(QuestionToAnswer(runID: runID, status: .waitingForUser, shown: shown))
        #expect(question.runID == runID)
        #expect(question.questionID == shown.pendingQuestion?.questionID)
        #expect(question.questionID != nil)
    }

    @Test func aQuestionNotShownHereIsAnsweredAsTheRunsCurrentOne() throws {
        let (shown, _) = try askedTranscript()
        #expect(QuestionToAnswer(runID: "another-run", status: .waitingForUser, shown: shown)?.questionID == nil)
        #expect(QuestionToAnswer(runID: "another-run", status: .waitingForUser, shown: nil)?.runID == "another-run")
    }

    @Test func aRunNotWaitingForAnAnswerHasNoQuestion() throws {
        let (shown, runID) = try askedTranscript()
        for status: RunStatus in [.running, .waitingForApproval, .completed, .queued] {
            #expect(QuestionToAnswer(runID: runID, status: status, shown: shown) == nil)
        }
    }
}
