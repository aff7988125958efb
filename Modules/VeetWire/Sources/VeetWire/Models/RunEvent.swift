import Foundation
import VeetTransport

/// One event of a run's stream, typed (docs/wire/streaming.md §7). Payload structs are
/// tolerant: unknown fields are ignored and optional fields read as nil.
///
/// Decoding never throws: a type this client does not know becomes
/// `.unknown`, internal diagnostic types become `.diagnostic`, and a known
/// type whose payload cannot be read becomes `.malformed`, which keeps the
/// raw text and says what was wrong. The frame keeps its sequence either
/// way, so resume and de-duplication are never disturbed by a bad payload.
public enum RunEvent: Sendable, Hashable {
    case userMessageCreated(UserMessageCreated)
    case runQueued(RunQueued)
    case runClaimed(RunClaimed)
    case runStarted(RunStarted)
    case runResumed(RunStarted)
    case runRequeued(RunRequeued)
    case runCheckpointed(RunCheckpointed)
    case memoryRecalled(MemoryRecalled)
    case modelRequestStarted(ModelRequestStarted)
    case messageDelta(TextDelta)
    case reasoningDelta(TextDelta)
    case reasoningSummaryDelta(TextDelta)
    case usageProvisional(UsageProvisional)
    case modelResponseCompleted(ModelResponseCompleted)
    case modelResponseFailed(ModelResponseFailed)
    case toolCallProposed(ToolCallEvent)
    case toolCallAuthorized(ToolCallEvent)
    case toolCallStarted(ToolCallEvent)
    case toolCallCompleted(ToolCallEvent)
    case toolCallFailed(ToolCallEvent)
    case toolCallDenied(ToolCallEvent)
    case toolCallUncertain(ToolCallEvent)
    case approvalRequested(ApprovalRequested)
    case approvalResolved(ApprovalResolved)
    case approvalInvalidated(ApprovalInvalidated)
    case runWaitingForApproval(RunWaitingForApproval)
    case runWaitingForUser(RunWaitingForUser)
    case workingStateUpdated(WorkingStateUpdated)
    case assistantMessageCompleted(AssistantMessageCompleted)
    case runCompleted(RunCompleted)
    case runFailed(RunFailed)
    case runCancelled(RunCancelled)
    case streamOverflow(StreamOverflow)
    case memoryFormationRequested(MemoryFormationRequested)
    /// A documented internal event (`context.compacted`, `knowledge.passages.retrieved`,
    /// `approval.consent.checked`, ...): diagnostic only, payload kept verbatim.
    case diagnostic(type: String, payload: JSONValue)
    /// An event type this client does not know; ignore it (after id bookkeeping).
    case unknown(type: String, payload: JSONValue)
    /// A frame whose data could not be read as its type requires.
    case malformed(MalformedRunEvent)

    /// The terminal events: the run is over and the stream ends.
    public static let terminalTypes: Set<String> = ["run.completed", "run.failed", "run.cancelled"]

    /// `run.completed`, `run.failed`, `run.cancelled` (also when their payload was malformed).
    public var isTerminal: Bool {
        switch self {
        case .runCompleted, .runFailed, .runCancelled: true
        case .malformed(let bad): Self.terminalTypes.contains(bad.type)
        default: false
        }
    }

    /// For any `tool.call.*` event: which step it reports and its payload.
    public var toolCall: (phase: ToolCallPhase, event: ToolCallEvent)? {
        switch self {
        case .toolCallProposed(let e): (.proposed, e)
        case .toolCallAuthorized(let e): (.authorized, e)
        case .toolCallStarted(let e): (.started, e)
        case .toolCallCompleted(let e): (.completed, e)
        case .toolCallFailed(let e): (.failed, e)
        case .toolCallDenied(let e): (.denied, e)
        case .toolCallUncertain(let e): (.uncertain, e)
        default: nil
        }
    }
}

/// A frame whose `data` was not a JSON object of the shape its type requires.
public struct MalformedRunEvent: Sendable, Hashable, CustomStringConvertible {
    /// The SSE event type.
    public var type: String
    /// The frame's data exactly as received.
    public var data: String
    /// What was wrong, for logs and diagnostics.
    public var problem: String

    public init(type: String, data: String, problem: String) {
        self.type = type
        self.data = data
        self.problem = problem
    }

    public var description: String {
        "The server sent a `\(type)` event VeetKit could not read (\(problem))."
    }
}

/// A decoded frame of a run's stream.
public struct RunEventFrame: Sendable, Hashable {
    /// The session sequence from `id:`; nil for transient frames (deltas,
    /// `stream.overflow`). Only these numbers move the resume cursor.
    public var sequence: Int64?
    /// The SSE event type (`event:`), e.g. `tool.call.completed`.
    public var type: String
    public var event: RunEvent
    /// The `run_id` merged into the payload by the server (absent on `stream.overflow`).
    public var runID: String?

    public init(sequence: Int64?, type: String, event: RunEvent, runID: String? = nil) {
        self.sequence = sequence
        self.type = type
        self.event = event
        self.runID = runID
    }

    /// Persisted frames carry an id and are replayed on reconnect.
    public var isPersisted: Bool { sequence != nil }

    public var isTerminal: Bool { event.isTerminal }
}
