import Foundation
import VeetTransport

/// Whether a preview (merge, split) can still be applied: only before its
/// `expires_at`, with a small margin so a request in flight does not arrive late.
public enum PreviewExpiry: Sendable, Hashable {
    case open(remaining: TimeInterval)
    /// No expiry was given: the server decides when it is applied.
    case unbounded
    case expired

    public static let margin: TimeInterval = 2

    public init(_ operation: IdentityOperation, now: Date) {
        guard let expires = operation.expiresAt?.date else {
            self = .unbounded
            return
        }
        let remaining = expires.timeIntervalSince(now) - Self.margin
        self = remaining > 0 ? .open(remaining: remaining) : .expired
    }

    public var canApply: Bool { self != .expired }

    /// "Expires in 4 minutes" / "This preview has expired; preview again."
    public var text: String {
        switch self {
        case .open(let remaining):
            let minutes = Int(remaining / 60)
            return minutes >= 1 ? "Expires in \(minutes) minute\(minutes == 1 ? "" : "s")."
                : "Expires in \(max(1, Int(remaining))) seconds."
        case .unbounded: return "No expiry given."
        case .expired: return "This preview has expired; preview it again."
        }
    }
}
