import Foundation
import VeetTransport

public enum ApprovalStatus: LenientEnum {
    case pending, approved, denied, expired, cancelled
    case unknown(String)

    public static let knownValues: [ApprovalStatus] = [.pending, .approved, .denied, .expired, .cancelled]

    public var rawValue: String {
        switch self {
        case .pending: "PENDING"
        case .approved: "APPROVED"
        case .denied: "DENIED"
        case .expired: "EXPIRED"
        case .cancelled: "CANCELLED"
        case .unknown(let raw): raw
        }
    }
}

public enum ApprovalRisk: LenientEnum {
    case low, medium, high, critical
    case unknown(String)

    public static let knownValues: [ApprovalRisk] = [.low, .medium, .high, .critical]

    public var rawValue: String {
        switch self {
        case .low: "LOW"
        case .medium: "MEDIUM"
        case .high: "HIGH"
        case .critical: "CRITICAL"
        case .unknown(let raw): raw
        }
    }
}

/// A person's answer to an approval. `approveForTask` exists on [newer] servers only.
public enum ApprovalDecision: LenientEnum {
    case approveOnce, approveForTask, deny
    case unknown(String)

    public static let knownValues: [ApprovalDecision] = [.approveOnce, .approveForTask, .deny]

    public var rawValue: String {
        switch self {
        case .approveOnce: "approve_once"
        case .approveForTask: "approve_for_task"
        case .deny: "deny"
        case .unknown(let raw): raw
        }
    }
}
