import Foundation
import VeetWire

/// The question an answer typed now goes to: the active run's, only while it
/// waits for the owner. Its id is the one this frontend showed for that run
/// (which makes a repeated answer harmless); a question it did not show is
/// answered as the run's current one (no id, the server picks).
public struct QuestionToAnswer: Sendable, Hashable {
    public let runID: String
    public let questionID: String?

    /// Why there is nothing to answer.
    public enum Absence: Error, Sendable, Hashable {
        case noActiveRun
        case notWaitingForAnswer(RunStatus)
    }

    /// Nil unless the run waits for its owner's answer.
    public init?(runID: String, status: RunStatus, shown: Transcript?) {
        guard status == .waitingForUser else { return nil }
        self.runID = runID
        questionID = shown?.latestRunID == runID ? shown?.pendingQuestion?.questionID : nil
    }

    /// Reads the conversation and its active run (two requests) and picks the question.
    public static func find(sessionID: String, shown: Transcript?,
                            api: ChatAPI) async throws -> Result<QuestionToAnswer, Absence> {
        guard let runID = try await api.session(id: sessionID).activeRunID else { return .failure(.noActiveRun) }
        let run = try await api.run(id: runID)
        guard let question = QuestionToAnswer(runID: runID, status: run.status, shown: shown) else {
            return .failure(.notWaitingForAnswer(run.status))
        }
        return .success(question)
    }
}
