import Foundation
import VeetTransport

public enum RunStatus: LenientEnum {
    case queued, running, waitingForApproval, waitingForUser, completed, failed, cancelled
    case unknown(String)

    public static let knownValues: [RunStatus] = [
        .queued, .running, .waitingForApproval, .waitingForUser, .completed, .failed, .cancelled,
    ]

    public var rawValue: String {
        switch self {
        case .queued: "QUEUED"
        case .running: "RUNNING"
        case .waitingForApproval: "WAITING_FOR_APPROVAL"
        case .waitingForUser: "WAITING_FOR_USER"
        case .completed: "COMPLETED"
        case .failed: "FAILED"
        case .cancelled: "CANCELLED"
        case .unknown(let raw): raw
        }
    }

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
