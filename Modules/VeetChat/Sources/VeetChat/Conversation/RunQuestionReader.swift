import Foundation
import VeetTransport
import VeetWire

/// The question a run waiting for its owner asked (`veet run show`): the
/// run's events are replayed, through the one reducer, up to the question,
/// and the reading stops there (nothing is answered).
public struct RunQuestionReader: Sendable {
    public let api: ChatAPI

    public init(api: ChatAPI) {
        self.api = api
    }

    /// The pending question, or nil when the replay holds none within `timeout`
    /// (a waiting run's stream sends nothing more until it is answered).
    public func question(runID: String, sessionID: String, timeout: Duration = .seconds(5)) async throws -> PendingQuestion? {
        let recorder = QuestionRecorder()
        let runner = TurnRunner(api: api)
        return try await withThrowingTaskGroup(of: PendingQuestion?.self) { group in
            group.addTask {
                _ = try await runner.follow(runID: runID, sessionID: sessionID, interaction: recorder)
                return await recorder.question
            }
            group.addTask {
                try await Task.sleep(for: timeout)
                return nil
            }
            let first = try await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }
}

/// Keeps the question and leaves it unanswered; approvals stay pending.
private actor QuestionRecorder: TurnInteraction {
    private(set) var question: PendingQuestion?

    func show(_ change: RunChange, in run: RunProgressView) async {}
    func streamNotice(_ output: RunStreamOutput) async {}
    func decide(_ approval: ApprovalView) async -> ApprovalAnswer { .leavePending }
    func answer(_ question: PendingQuestion) async -> String? {
        self.question = question
        return nil
    }
}
