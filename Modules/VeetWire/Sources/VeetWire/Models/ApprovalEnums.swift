import Foundation
import VeetTransport

public enum ApprovalStatus: LenientEnum {
    case pending, approved, denied, expired, cancelled
    case unknown(String)

    public static let wireNames: [(ApprovalStatus, String)] = [
        (.pending, "PENDING"), (.approved, "APPROVED"), (.denied, "DENIED"), (.expired, "EXPIRED"),
        (.cancelled, "CANCELLED"),
    ]

    public var unknownValue: String? { if case .unknown(let raw) = self { raw } else { nil } }
}

public enum ApprovalRisk: LenientEnum {
    case low, medium, high, critical
    case unknown(String)

    public static let wireNames: [(ApprovalRisk, String)] = [
        (.low, "LOW"), (.medium, "MEDIUM"), (.high, "HIGH"), (.critical, "CRITICAL"),
    ]

    public var unknownValue: String? { if case .unknown(let raw) = self { raw } else { nil } }
}

/// A person's answer to an approval. `approveForTask` exists on [newer] servers only.
public enum ApprovalDecision: LenientEnum {
    case approveOnce, approveForTask, deny
    case unknown(String)

    public static let wireNames: [(ApprovalDecision, String)] = [
        (.approveOnce, "approve_once"), (.approveForTask, "approve_for_task"), (.deny, "deny"),
    ]

    public var unknownValue: String? { if case .unknown(let raw) = self { raw } else { nil } }
}
