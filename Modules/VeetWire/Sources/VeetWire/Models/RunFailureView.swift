import Foundation
import VeetTransport

/// Why a run failed. Stable vocabulary that may grow; use it for logic.
public enum FailureReason: LenientEnum {
    case maxAttemptsExceeded, budgetExceeded, deadlineExceeded, maxStepsExceeded
    case toolLoopDetected, repeatedDenial, approvalExpired, inputDeadlineExceeded
    case contextOverflow, modelPermanentError, emptyModelTurn, authorizationError
    case childRunFailed, internalError
    case unknown(String)

    public static let wireNames: [(FailureReason, String)] = [
        (.maxAttemptsExceeded, "max_attempts_exceeded"), (.budgetExceeded, "budget_exceeded"),
        (.deadlineExceeded, "deadline_exceeded"), (.maxStepsExceeded, "max_steps_exceeded"),
        (.toolLoopDetected, "tool_loop_detected"), (.repeatedDenial, "repeated_denial"),
        (.approvalExpired, "approval_expired"), (.inputDeadlineExceeded, "input_deadline_exceeded"),
        (.contextOverflow, "context_overflow"), (.modelPermanentError, "model_permanent_error"),
        (.emptyModelTurn, "empty_model_turn"), (.authorizationError, "authorization_error"),
        (.childRunFailed, "child_run_failed"), (.internalError, "internal_error"),
    ]

    public var unknownValue: String? { if case .unknown(let raw) = self { raw } else { nil } }
}

/// The failure of a run, from `RunView.failure` or the `run.failed` event.
/// The event carries two more fields (`error_class`, `details`) that REST hides.
public struct RunFailureView: Codable, Sendable, Hashable {
    public var reason: FailureReason
    /// Short English text meant for display; may be empty.
    public var message: String
    public var stepNumber: Int?
    public var attemptNumber: Int?
    public var occurredAt: Timestamp?
    /// Stream event only: internal class name, for diagnostics.
    public var errorClass: String?
    /// Stream event only: provider details (`provider`, `provider_code`, `http_status`, ...).
    public var details: JSONValue?

    public init(reason: FailureReason, message: String = "", stepNumber: Int? = nil, attemptNumber: Int? = nil,
                occurredAt: Timestamp? = nil, errorClass: String? = nil, details: JSONValue? = nil) {
        self.reason = reason
        self.message = message
        self.stepNumber = stepNumber
        self.attemptNumber = attemptNumber
        self.occurredAt = occurredAt
        self.errorClass = errorClass
        self.details = details
    }

    enum CodingKeys: String, CodingKey {
        case reason, message, details
        case stepNumber = "step_number"
        case attemptNumber = "attempt_number"
        case occurredAt = "occurred_at"
        case errorClass = "error_class"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        reason = try c.decodeIfPresent(FailureReason.self, forKey: .reason) ?? .unknown("")
        message = try c.decodeIfPresent(String.self, forKey: .message) ?? ""
        stepNumber = try c.decodeIfPresent(Int.self, forKey: .stepNumber)
        attemptNumber = try c.decodeIfPresent(Int.self, forKey: .attemptNumber)
        occurredAt = try c.decodeIfPresent(Timestamp.self, forKey: .occurredAt)
        errorClass = try c.decodeIfPresent(String.self, forKey: .errorClass)
        details = try c.decodeIfPresent(JSONValue.self, forKey: .details)
    }
}
