import Foundation
import VeetTransport
import VeetWire

/// Where an answer to a question stands.
public enum QuestionState: Sendable, Hashable {
    case open
    /// The answer is on its way; a second press is ignored.
    case sending
    case answered
    /// The run no longer waits for this question (answered elsewhere, cancelled, timed out).
    case closed(String)
    /// Not delivered; answering again is allowed.
    case failed(String)
}

/// A clarifying question the run waits on. Its id is shown with it and sent
/// with the answer, which makes a repeated answer harmless.
public struct QuestionPrompt: Sendable, Hashable {
    public let scope: ConversationScope
    public let runID: String
    public let questionID: String?
    /// The question text when the stream showed it; nil means "ask generically".
    public let text: String?
    public internal(set) var state: QuestionState = .open

    public init(scope: ConversationScope, runID: String, questionID: String?, text: String?) {
        self.scope = scope
        self.runID = runID
        self.questionID = questionID
        self.text = text
    }

    public init(scope: ConversationScope, runID: String, question: PendingQuestion) {
        self.init(scope: scope, runID: runID, questionID: question.questionID, text: question.text)
    }

    public var prompt: String { text ?? "The agent needs your answer to continue." }

    /// "question 0198…" for display next to the prompt.
    public var label: String { questionID.map { "question \($0)" } ?? "question" }

    public var canAnswer: Bool {
        switch state {
        case .open, .failed: true
        default: false
        }
    }

    /// Accepts a press; false when it must be ignored (in flight, done, or blank).
    public mutating func beginAnswer(_ answer: String) -> Bool {
        guard canAnswer, !answer.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return false }
        state = .sending
        return true
    }

    public mutating func finishAnswer(_ result: Result<SubmitResult, Error>) {
        switch result {
        case .success: state = .answered
        case .failure(let error as APIError) where error.status == 409:
            state = error.code == .invalidStateTransition
                ? .closed("The run is no longer waiting for an answer.")
                : .closed("A different question was answered; this one is closed.")
        case .failure(let error as APIError) where error.status == 404:
            state = .closed("The run no longer exists.")
        case .failure(let error):
            state = .failed(String(describing: error))
        }
    }
}

extension ChatAPI {
    /// Answers the card's question through run input with its displayed id.
    /// Returns the card in its new state; a second call while one is in flight
    /// or after an answer changes nothing.
    public func answer(_ card: QuestionPrompt, text: String) async -> QuestionPrompt {
        var card = card
        guard card.beginAnswer(text) else { return card }
        do {
            card.finishAnswer(.success(try await answer(runID: card.runID, questionID: card.questionID, text: text)))
        } catch {
            card.finishAnswer(.failure(error))
        }
        return card
    }
}
