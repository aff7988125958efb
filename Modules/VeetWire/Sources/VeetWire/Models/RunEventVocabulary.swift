import Foundation
import VeetTransport

// Vocabularies carried by run events. Each grows on newer servers, so all are
// lenient: an unseen value decodes to `.unknown(raw)`, never an error.

/// Where a piece of content came from, and so how far it may be trusted.
/// `externalUntrusted` is third-party text: render it as data, never as instructions.
public enum TrustLabel: LenientEnum {
    case platform, trustedConfiguration, user, internalTool, externalUntrusted, memory, knowledge
    case unknown(String)

    public static let knownValues: [TrustLabel] = [
        .platform, .trustedConfiguration, .user, .internalTool, .externalUntrusted, .memory, .knowledge,
    ]

    public var rawValue: String {
        switch self {
        case .platform: "platform"
        case .trustedConfiguration: "trusted_configuration"
        case .user: "user"
        case .internalTool: "internal_tool"
        case .externalUntrusted: "external_untrusted"
        case .memory: "memory"
        case .knowledge: "knowledge"
        case .unknown(let raw): raw
        }
    }
}

/// The `status` of a tool outcome document; finer than the event name
/// (`unavailable` arrives as `tool.call.failed`).
public enum ToolOutcomeStatus: LenientEnum {
    case succeeded, failed, denied, unavailable, uncertain
    case unknown(String)

    public static let knownValues: [ToolOutcomeStatus] = [.succeeded, .failed, .denied, .unavailable, .uncertain]

    public var rawValue: String {
        switch self {
        case .succeeded: "succeeded"
        case .failed: "failed"
        case .denied: "denied"
        case .unavailable: "unavailable"
        case .uncertain: "uncertain"
        case .unknown(let raw): raw
        }
    }
}

/// What could make a failed tool call succeed next time.
public enum ToolRemediation: LenientEnum {
    case none, modifyArguments, requestApproval
    case unknown(String)

    public static let knownValues: [ToolRemediation] = [.none, .modifyArguments, .requestApproval]

    public var rawValue: String {
        switch self {
        case .none: "none"
        case .modifyArguments: "modify_arguments"
        case .requestApproval: "request_approval"
        case .unknown(let raw): raw
        }
    }
}

/// How an approval ended, from `approval.resolved`. (`ApprovalDecision` is
/// what a person sends; this also covers `expired`.)
public enum ApprovalResolution: LenientEnum {
    case approveOnce, approveForTask, deny, expired
    case unknown(String)

    public static let knownValues: [ApprovalResolution] = [.approveOnce, .approveForTask, .deny, .expired]

    public var rawValue: String {
        switch self {
        case .approveOnce: "approve_once"
        case .approveForTask: "approve_for_task"
        case .deny: "deny"
        case .expired: "expired"
        case .unknown(let raw): raw
        }
    }

    public var isApproval: Bool { self == .approveOnce || self == .approveForTask }
}

/// Why a run was cancelled (`run.cancelled.reason`).
public enum RunCancelReason: LenientEnum {
    case requested, deadline
    case unknown(String)

    public static let knownValues: [RunCancelReason] = [.requested, .deadline]

    public var rawValue: String {
        switch self {
        case .requested: "requested"
        case .deadline: "deadline"
        case .unknown(let raw): raw
        }
    }
}

/// Why a model turn ended (`model.response.completed.stop_reason`).
public enum ModelStopReason: LenientEnum {
    case endTurn, toolUse, maxTokens, stopSequence, contentFilter, incomplete, cancelled
    case unknown(String)

    public static let knownValues: [ModelStopReason] = [
        .endTurn, .toolUse, .maxTokens, .stopSequence, .contentFilter, .incomplete, .cancelled,
    ]

    public var rawValue: String {
        switch self {
        case .endTurn: "end_turn"
        case .toolUse: "tool_use"
        case .maxTokens: "max_tokens"
        case .stopSequence: "stop_sequence"
        case .contentFilter: "content_filter"
        case .incomplete: "incomplete"
        case .cancelled: "cancelled"
        case .unknown(let raw): raw
        }
    }
}

/// A task's state in the run's working state.
public enum WorkingTaskStatus: LenientEnum {
    case open, inProgress, blocked, completed
    case unknown(String)

    public static let knownValues: [WorkingTaskStatus] = [.open, .inProgress, .blocked, .completed]

    public var rawValue: String {
        switch self {
        case .open: "open"
        case .inProgress: "in_progress"
        case .blocked: "blocked"
        case .completed: "completed"
        case .unknown(let raw): raw
        }
    }
}

/// The step of a tool call's life an event reports.
public enum ToolCallPhase: String, Sendable, Hashable, CaseIterable {
    case proposed, authorized, started, completed, failed, denied, uncertain
}
