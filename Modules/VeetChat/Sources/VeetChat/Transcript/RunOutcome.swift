import Foundation
import VeetTransport
import VeetWire

/// How a run ended when it did not answer: shown inside the conversation.
public struct RunOutcome: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable { case failed, cancelled }

    public var runID: String?
    public var kind: Kind
    /// The stable reason (`model_permanent_error`, `deadline_exceeded`, `requested`, ...): use it for logic.
    public var reason: String
    /// The public message to show.
    public var message: String
    public var stepNumber: Int?
    public var attemptNumber: Int?
    /// The run ran out of time (a failure or a cancellation for a deadline).
    public var isDeadline: Bool
    /// Rebuilt by this client (a deadline cancellation shown as a deadline failure): carries no reference.
    public var isReconstructed: Bool
    /// The server's diagnostic reference, when its failure carried one.
    public var reference: String?

    /// The explanation every deadline outcome shows, whether the server
    /// reported a failure or (in older history) a cancellation.
    public static let deadlineMessage =
        "The run reached its time limit before it finished. Send a new message to continue from here, or ask for a smaller step."
    public static let deadlineReason = FailureReason.deadlineExceeded.rawValue

    /// A `run.failed` failure (nil when the payload carried none).
    public init(runID: String?, failure: RunFailureView?) {
        self.runID = runID
        kind = .failed
        let reason = failure?.reason ?? .unknown("")
        self.reason = reason.rawValue
        isDeadline = reason == .deadlineExceeded
        let serverMessage = failure?.message.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        if isDeadline {
            message = Self.deadlineMessage
        } else if !serverMessage.isEmpty {
            message = serverMessage
        } else {
            message = reason.rawValue.isEmpty ? "The run failed." : "The run failed (\(reason.rawValue.replacingOccurrences(of: "_", with: " ")))."
        }
        stepNumber = failure?.stepNumber
        attemptNumber = failure?.attemptNumber
        isReconstructed = false
        reference = failure?.details?["diagnostic_reference"]?.stringValue ?? failure?.details?["reference"]?.stringValue
    }

    /// A `run.cancelled`: a deadline cancellation reads exactly like a deadline failure.
    public init(runID: String?, cancelReason: RunCancelReason?) {
        self.runID = runID
        stepNumber = nil
        attemptNumber = nil
        reference = nil
        if cancelReason == .deadline {
            kind = .failed
            reason = Self.deadlineReason
            message = Self.deadlineMessage
            isDeadline = true
            isReconstructed = true
        } else {
            kind = .cancelled
            reason = cancelReason?.rawValue ?? "requested"
            message = cancelReason == .requested || cancelReason == nil ? "Stopped at your request." : "The run was cancelled (\(reason))."
            isDeadline = false
            isReconstructed = false
        }
    }

    /// "step 3, attempt 1" when known.
    public var stepAndAttempt: String? {
        var parts: [String] = []
        if let stepNumber { parts.append("step \(stepNumber)") }
        if let attemptNumber { parts.append("attempt \(attemptNumber)") }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    /// The notice in one line: message, reason and step/attempt.
    public var summary: String {
        var detail = [reason].filter { !$0.isEmpty }
        if let stepAndAttempt { detail.append(stepAndAttempt) }
        return detail.isEmpty ? message : "\(message) (\(detail.joined(separator: "; ")))"
    }
}
