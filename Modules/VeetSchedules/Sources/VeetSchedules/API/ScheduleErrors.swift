import Foundation
import VeetTransport

/// What a mutation asked of the schedule, for the words of a refusal.
public enum ScheduleMutation: String, Sendable, Hashable {
    case create, edit, pause, resume, cancel

    /// "cannot be resumed", "cannot be changed".
    var pastParticiple: String {
        switch self {
        case .create: "created"
        case .edit: "changed"
        case .pause: "paused"
        case .resume: "resumed"
        case .cancel: "cancelled"
        }
    }
}

/// A mutation the server refused with `409` (docs/wire/schedules.md §1): nothing
/// changed. `current` is the record read back right after, so the form can
/// show what is there now; `expectedRevision` is the revision that was sent.
public struct ScheduleConflict: Error, Sendable, Hashable, CustomStringConvertible {
    public var current: ScheduleRecord?
    public var underlying: APIError
    public var mutation: ScheduleMutation?
    public var expectedRevision: Int?

    public init(current: ScheduleRecord?, underlying: APIError, mutation: ScheduleMutation? = nil,
                expectedRevision: Int? = nil) {
        self.current = current
        self.underlying = underlying
        self.mutation = mutation
        self.expectedRevision = expectedRevision
    }

    /// The record moved on since the revision that was sent.
    public var isStale: Bool {
        guard let current else { return false }
        guard let expectedRevision else { return true }  // nothing to compare: as the server said
        return current.schedule.currentRevision != expectedRevision
    }

    public var description: String {
        let nothing = "nothing was changed."
        if underlying.reason == "schedule.terminal" { return finalWords }
        if isStale, let current {
            return "The schedule changed meanwhile (now revision \(current.schedule.currentRevision), "
                + "\(current.schedule.state.rawValue)); \(nothing)"
        }
        if underlying.reason != nil, !underlying.message.isEmpty {
            // A reason this client does not know: the server's own words.
            return "The server refused it: \(Self.sentence(underlying.message)) \(nothing.capitalizedFirst)"
        }
        if let current, current.schedule.state.isFinal { return finalWords }
        if current == nil { return "The schedule changed meanwhile; \(nothing)" }
        return "The server refused it (the schedule is \(current?.schedule.state.rawValue ?? "?")); \(nothing)"
    }

    /// "A cancelled schedule cannot be resumed; …" (`schedule.terminal`).
    private var finalWords: String {
        let what = switch current?.schedule.state {
        case .cancelled?: "A cancelled schedule"
        case .completed?: "A completed schedule"
        default: "This schedule has ended and"
        }
        return "\(what) cannot be \(mutation?.pastParticiple ?? "changed"); nothing was changed. "
            + "Create a new schedule to run it again."
    }

    static func sentence(_ text: String) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let capital = trimmed.capitalizedFirst
        return capital.hasSuffix(".") ? capital : capital + "."
    }
}

extension String {
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}

/// `422 schedule_validation_error`, with its stable `details.reason`
/// (`schedule.*`, docs/wire/schedules.md §1): a rule checked after the shape.
public struct ScheduleValidationError: Error, Sendable, Hashable, CustomStringConvertible {
    public var reason: String
    public var message: String
    public var underlying: APIError

    public var description: String {
        if let words = Self.words[reason] { return "\(words) Nothing was saved. (\(reason))" }
        let said = message.isEmpty ? "The server refused the schedule." : ScheduleConflict.sentence(message)
        return "\(said) Nothing was saved. (\(reason))"
    }

    /// Every reason docs/wire/schedules.md lists, in its own words.
    public static let words: [String: String] = [
        "schedule.scope_not_granted": "A requested scope is not granted to this token, so the schedule could not ask for it.",
        "schedule.instruction_contains_credential":
            "The instruction looks like it contains a password, key or token; schedules must not store secrets.",
        "schedule.title_contains_credential":
            "The title looks like it contains a password, key or token; schedules must not store secrets.",
        "schedule.run_timeout_limit": "The run time limit is above what this server allows.",
        "schedule.misfire_grace_limit": "The grace period for a missed run is above what this server allows.",
        "schedule.max_steps_limit": "The step limit is above what this server allows.",
        "schedule.max_model_calls_limit": "The model call limit is above what this server allows.",
        "schedule.max_tool_calls_limit": "The tool call limit is above what this server allows.",
        "schedule.max_cost_limit": "The cost limit is above what this server allows.",
        "schedule.policy_profile_mismatch": "The policy profile does not match the agent's.",
        "schedule.no_future_occurrence": "The cadence has no run left in the future.",
    ]

    static func from(_ error: APIError) -> ScheduleValidationError? {
        guard error.status == 422 else { return nil }
        return ScheduleValidationError(reason: error.reason ?? error.code.rawValue, message: error.message,
                                       underlying: error)
    }
}

/// `400 malformed_request` on a create or an edit: the definition's shape was
/// refused (docs/wire/schedules.md §1: a missing or unknown field, or a value outside
/// its declared bounds such as a limit of `0` or an empty title). The server
/// says no more than that, so neither does this.
public struct ScheduleDefinitionRefused: Error, Sendable, Hashable, CustomStringConvertible {
    public var underlying: APIError

    public var description: String {
        "The server refused the schedule's definition: a value is outside its allowed range (such as a limit of 0 "
            + "or an empty title) or a field is missing or unknown. Nothing was saved."
    }

    static func from(_ error: APIError, mutation: ScheduleMutation) -> ScheduleDefinitionRefused? {
        guard error.status == 400, mutation == .create || mutation == .edit else { return nil }
        return ScheduleDefinitionRefused(underlying: error)
    }
}
