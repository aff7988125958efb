import Foundation
import VeetTransport
import VeetWire

/// The approval a turn has docked, watched while its run's stream is still
/// read (docs/chat.md, Transcript): a decision made on another device, an expiry or the run
/// moving on closes the dock with what happened, and the owner's prompt is
/// withdrawn. A plain value: `TurnRunner` feeds it the stream's changes and
/// the answers of its own requests, in order, and does what it says.
public struct ApprovalWatch: Sendable, Hashable {
    public enum Stage: Sendable, Hashable {
        /// The owner is being asked.
        case asking
        /// The owner's decision is on its way; only the server's answer to it settles the dock.
        case sending(ApprovalAnswer)
    }

    /// What the turn does about the docked approval after a change.
    public enum Verdict: Sendable, Hashable {
        /// Nothing for the dock.
        case keep
        /// The approval is settled and this client did not decide it: withdraw the prompt, say `notice`.
        case settledElsewhere(notice: String)
        /// The run moved on without saying how the approval ended: read it, then `verdict(after:)`.
        case readApproval
    }

    public let approvalID: String
    public private(set) var stage: Stage = .asking

    public init(approvalID: String) {
        self.approvalID = approvalID
    }

    /// The owner chose; the decision goes to the server now.
    public mutating func sending(_ answer: ApprovalAnswer) {
        stage = .sending(answer)
    }

    /// The decision did not reach the server (or was refused while the run still waits): ask again.
    public mutating func notTaken() {
        stage = .asking
    }

    /// What a change the stream reported means for the dock. While a decision
    /// travels, the server's answer to it says how it went (a resolution by
    /// another device first comes back as `approval_already_resolved`), so the
    /// stream alone never settles it.
    public func verdict(for change: RunChange) -> Verdict {
        guard stage == .asking else { return .keep }
        switch change {
        case .approvalResolved(let id, let resolution) where Self.same(id, approvalID):
            return .settledElsewhere(notice: Self.elsewhereNotice(resolution))
        case .approvalInvalidated(let id) where Self.same(id, approvalID):
            return .settledElsewhere(notice: "This approval was voided by a policy change; the action will not be performed.")
        case .ended(let end):
            return .settledElsewhere(notice: Self.endedNotice(end))
        case .resumed:
            // The run works again with no resolution seen for this approval (a
            // frame missed, an older server): only the approval itself can tell.
            return .readApproval
        default:
            return .keep
        }
    }

    /// The approval as read after the run moved on: settled (say how), or still pending (keep asking).
    public func verdict(after view: ApprovalView) -> Verdict {
        guard stage == .asking, view.status != .pending else { return .keep }
        switch view.status {
        case .approved:
            return .settledElsewhere(notice: Self.elsewhereNotice(view.decision == .approveForTask ? .approveForTask : .approveOnce))
        case .denied: return .settledElsewhere(notice: Self.elsewhereNotice(.deny))
        case .expired: return .settledElsewhere(notice: Self.elsewhereNotice(.expired))
        case .cancelled: return .settledElsewhere(notice: "This approval was cancelled with its run.")
        default: return .settledElsewhere(notice: Self.elsewhereNotice(nil))
        }
    }

    /// The words for a resolution this client did not send.
    public static func elsewhereNotice(_ resolution: ApprovalResolution?) -> String {
        switch resolution {
        case .approveOnce: "Approved on another device"
        case .approveForTask: "Allowed for this task on another device"
        case .deny: "Denied on another device"
        case .expired: "This approval expired before a decision; the action was not performed"
        case .unknown, nil: "Decided on another device"
        }
    }

    static func endedNotice(_ end: RunEnd) -> String {
        switch end {
        case .cancelled: "The run was cancelled; its approval was cancelled with it"
        case .failed: "The run failed before a decision"
        case .completed: "The run ended; nothing is left to decide"
        }
    }

    private static func same(_ a: String, _ b: String) -> Bool {
        a.caseInsensitiveCompare(b) == .orderedSame
    }
}

/// Where a settled approval was decided, as this client knows it.
public enum ApprovalDecisionPlace: String, Sendable, Hashable {
    /// The owner decided it in this client.
    case here
    /// It was settled while this client was still asking (another device, another program).
    case elsewhere
}
