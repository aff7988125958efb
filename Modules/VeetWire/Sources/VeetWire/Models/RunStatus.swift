import Foundation
import VeetTransport

public enum RunStatus: LenientEnum {
    case queued, running, waitingForApproval, waitingForUser, completed, failed, cancelled
    case unknown(String)

    public static let wireNames: [(RunStatus, String)] = [
        (.queued, "QUEUED"), (.running, "RUNNING"), (.waitingForApproval, "WAITING_FOR_APPROVAL"),
        (.waitingForUser, "WAITING_FOR_USER"), (.completed, "COMPLETED"), (.failed, "FAILED"),
        (.cancelled, "CANCELLED"),
    ]

    public var unknownValue: String? { if case .unknown(let raw) = self { raw } else { nil } }

    /// COMPLETED, FAILED, CANCELLED: stop streaming and polling. An unknown
    /// status is not terminal: the stream's terminal event decides.
    public var isTerminal: Bool {
        switch self {
        case .completed, .failed, .cancelled: true
        default: false
        }
    }

    /// Parked until a person acts (approval or answer).
    public var isWaiting: Bool {
        self == .waitingForApproval || self == .waitingForUser
    }
}
