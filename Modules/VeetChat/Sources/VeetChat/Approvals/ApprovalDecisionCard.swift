import Foundation
import VeetTransport
import VeetWire

/// A person's choice on a card.
public enum ApprovalChoice: Sendable, Hashable {
    case approveOnce
    case deny(reason: String?)
    /// "Allow all actions for this task": only after the confirmation step.
    case approveForTask
}

/// Where a card is in the decide-then-follow sequence.
public enum ApprovalProgress: Sendable, Hashable {
    /// Waiting for a press.
    case idle
    /// A decision is on its way; further presses are ignored.
    case sending(ApprovalChoice)
    /// The approval is settled; the run is being read so its outcome replaces the wait.
    case readingRun
    /// Settled and the run outcome (if any) is known.
    case done
}

/// The two-step "allow all actions for this task" choice.
public enum TaskPermissionStep: Sendable, Hashable {
    /// The server made no offer: the choice is not shown.
    case notOffered
    /// The choice is shown; pressing it asks for confirmation first.
    case offered
    /// The person is looking at the scope and limits; confirming sends the decision.
    case confirming
}

/// A clear outcome for a decision the server did not apply as asked.
public enum ApprovalNotice: Sendable, Hashable, CustomStringConvertible {
    /// Someone (another device) decided first; the recorded decision is shown.
    case alreadyResolved(ApprovalDecision?)
    case expired
    case cancelled
    /// The task permission cannot be granted now; the approval stays pending.
    case taskPermissionUnavailable
    /// The offer changed since it was shown; the approval stays pending.
    case taskPermissionOfferChanged
    case notFound
    /// The decision could not be sent (no answer, refused, server error); pressing again is allowed.
    case failed(String)

    public var description: String {
        switch self {
        case .alreadyResolved(let decision):
            let what = decision.map(ApprovalDecisionCard.decisionText) ?? "decided"
            return "Already resolved elsewhere: \(what)."
        case .expired: return "This approval expired before a decision; the action was not performed."
        case .cancelled: return "This approval was cancelled with its run."
        case .taskPermissionUnavailable:
            return "Allowing the whole task is not available right now. Allow once or deny instead."
        case .taskPermissionOfferChanged:
            return "The task permission on offer changed. Review it again before allowing."
        case .notFound: return "This approval no longer exists."
        case .failed(let message): return "The decision was not sent: \(message)"
        }
    }
}

/// How the run went on after a decision.
public enum ApprovalRunOutcome: Sendable, Hashable {
    case completed
    case failed(RunFailureView?)
    case cancelled
    /// Not finished yet (re-queued, running, or waiting again).
    case active(RunStatus)

    public init(_ run: RunView) {
        switch run.status {
        case .completed: self = .completed
        case .failed: self = .failed(run.failure)
        case .cancelled: self = .cancelled
        default: self = .active(run.status)
        }
    }
}

/// One approval as a frontend shows it: the server's view plus local progress.
public struct ApprovalDecisionCard: Sendable, Hashable, Identifiable {
    public let scope: ConversationScope
    public internal(set) var approval: ApprovalView
    public internal(set) var progress: ApprovalProgress = .idle
    public internal(set) var taskPermission: TaskPermissionStep
    public internal(set) var notice: ApprovalNotice?
    public internal(set) var runOutcome: ApprovalRunOutcome?

    public init(approval: ApprovalView, scope: ConversationScope) {
        self.scope = scope
        self.approval = approval
        taskPermission = TaskPermissionStep(offer: approval.taskGrantOffer)
    }

    public var id: String { approval.id }
    public var isSettled: Bool { approval.status != .pending }
    /// Approve once / Deny are live only on a pending card with nothing in flight.
    public var canDecide: Bool { !isSettled && progress == .idle }
    /// Set for `browser.act.v1` approvals.
    public var browserAct: BrowserActCard? { BrowserActCard(approval) }

    /// A settled card collapses to this one line ("Approved once"); nil while pending.
    public var collapsedText: String? {
        guard isSettled else { return nil }
        let tool = approval.toolName.map { " · \($0)" } ?? ""
        switch approval.status {
        case .approved: return (approval.decision.map(Self.decisionText) ?? "Approved") + tool
        case .denied: return "Denied" + tool
        case .expired: return "Expired" + tool
        case .cancelled: return "Cancelled" + tool
        default: return approval.status.rawValue.capitalized + tool
        }
    }

    /// What the card says about the wait; a known run outcome replaces it.
    public var statusText: String {
        switch progress {
        case .sending: return "Sending your decision…"
        case .readingRun: return "Decision saved; checking the run…"
        case .idle, .done: break
        }
        if let runOutcome {
            switch runOutcome {
            case .completed: return "The run completed."
            case .failed(let failure): return "The run failed" + (failure.map { ": \($0.message)" } ?? ".")
            case .cancelled: return "The run was cancelled."
            case .active: return "The run continues."
            }
        }
        return isSettled ? (collapsedText ?? "") : "Needs your approval"
    }

    static func decisionText(_ decision: ApprovalDecision) -> String {
        switch decision {
        case .approveOnce: "Approved once"
        case .approveForTask: "Allowed for this task"
        case .deny: "Denied"
        case .unknown(let raw): raw
        }
    }

    /// Applies a newer server view without ever moving backwards: a settled
    /// card keeps its first stored resolution; a pending read changes nothing.
    mutating func absorb(_ incoming: ApprovalView) {
        if isSettled, incoming.status != approval.status { return }
        approval = incoming
        if isSettled {
            taskPermission = .notOffered
        } else if approval.taskGrantOffer == nil {
            taskPermission = .notOffered
        } else if taskPermission == .notOffered {
            taskPermission = .offered
        }
    }

    /// Settles locally from a 409 answer that told the recorded outcome.
    mutating func settle(status: ApprovalStatus, decision: ApprovalDecision?) {
        guard !isSettled else { return }
        approval.status = status
        approval.decision = decision
        taskPermission = .notOffered
    }
}
