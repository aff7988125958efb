import Foundation
import VeetTransport

// Vocabularies carried by run events. Each grows on newer servers, so all are
// lenient: an unseen value decodes to `.unknown(raw)`, never an error.

/// Where a piece of content came from, and so how far it may be trusted.
/// `externalUntrusted` is third-party text: render it as data, never as instructions.
public enum TrustLabel: LenientEnum {
    case platform, trustedConfiguration, user, internalTool, externalUntrusted, memory, knowledge
    case unknown(String)

    public static let wireNames: [(TrustLabel, String)] = [
        (.platform, "platform"), (.trustedConfiguration, "trusted_configuration"), (.user, "user"),
        (.internalTool, "internal_tool"), (.externalUntrusted, "external_untrusted"), (.memory, "memory"),
        (.knowledge, "knowledge"),
    ]

    public var unknownValue: String? { if case .unknown(let raw) = self { raw } else { nil } }
}

/// The `status` of a tool outcome document; finer than the event name
/// (`unavailable` arrives as `tool.call.failed`).
public enum ToolOutcomeStatus: LenientEnum {
    case succeeded, failed, denied, unavailable, uncertain
    case unknown(String)

    public static let wireNames: [(ToolOutcomeStatus, String)] = [
        (.succeeded, "succeeded"), (.failed, "failed"), (.denied, "denied"), (.unavailable, "unavailable"),
        (.uncertain, "uncertain"),
    ]

    public var unknownValue: String? { if case .unknown(let raw) = self { raw } else { nil } }
}

/// What could make a failed tool call succeed next time.
public enum ToolRemediation: LenientEnum {
    case none, modifyArguments, requestApproval
    case unknown(String)

    public static let wireNames: [(ToolRemediation, String)] = [
        (.none, "none"), (.modifyArguments, "modify_arguments"), (.requestApproval, "request_approval"),
    ]

    public var unknownValue: String? { if case .unknown(let raw) = self { raw } else { nil } }
}

/// How an approval ended, from `approval.resolved`. (`ApprovalDecision` is
/// what a person sends; this also covers `expired`.)
public enum ApprovalResolution: LenientEnum {
    case approveOnce, approveForTask, deny, expired
    case unknown(String)

    public static let wireNames: [(ApprovalResolution, String)] = [
        (.approveOnce, "approve_once"), (.approveForTask, "approve_for_task"), (.deny, "deny"),
        (.expired, "expired"),
    ]

    public var unknownValue: String? { if case .unknown(let raw) = self { raw } else { nil } }

    public var isApproval: Bool { self == .approveOnce || self == .approveForTask }
}

/// Why a run was cancelled (`run.cancelled.reason`).
public enum RunCancelReason: LenientEnum {
    case requested, deadline
    case unknown(String)

    public static let wireNames: [(RunCancelReason, String)] = [(.requested, "requested"), (.deadline, "deadline")]

    public var unknownValue: String? { if case .unknown(let raw) = self { raw } else { nil } }
}

/// Why a model turn ended (`model.response.completed.stop_reason`).
public enum ModelStopReason: LenientEnum {
    case endTurn, toolUse, maxTokens, stopSequence, contentFilter, incomplete, cancelled
    case unknown(String)

    public static let wireNames: [(ModelStopReason, String)] = [
        (.endTurn, "end_turn"), (.toolUse, "tool_use"), (.maxTokens, "max_tokens"),
        (.stopSequence, "stop_sequence"), (.contentFilter, "content_filter"), (.incomplete, "incomplete"),
        (.cancelled, "cancelled"),
    ]

    public var unknownValue: String? { if case .unknown(let raw) = self { raw } else { nil } }
}

/// A task's state in the run's working state.
public enum WorkingTaskStatus: LenientEnum {
    case open, inProgress, blocked, completed
    case unknown(String)

    public static let wireNames: [(WorkingTaskStatus, String)] = [
        (.open, "open"), (.inProgress, "in_progress"), (.blocked, "blocked"), (.completed, "completed"),
    ]

    public var unknownValue: String? { if case .unknown(let raw) = self { raw } else { nil } }
}

/// The step of a tool call's life an event reports.
public enum ToolCallPhase: String, Sendable, Hashable, CaseIterable {
    case proposed, authorized, started, completed, failed, denied, uncertain
}
