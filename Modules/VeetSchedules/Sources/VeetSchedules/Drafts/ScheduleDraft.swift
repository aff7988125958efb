import Foundation
import VeetTransport

/// A schedule as a person types it in a form: title, instruction, cadence in
/// words (`CadenceInput`) and time zone. The rules the server checks on shape
/// (docs/wire/schedules.md §5: lengths, a cadence that parses, a known time zone, a run
/// left in the future) are checked here first, each refusal in words beside
/// its field, so a form can keep every character typed and say what to fix.
public struct ScheduleDraft: Sendable, Hashable {
    public enum Field: String, Sendable, Hashable, CaseIterable {
        case title, instruction, cadence, timezone

        /// The field a server refusal (`422 details.reason`) is about, nil when it is about the whole schedule.
        public init?(refusalReason reason: String) {
            switch reason {
            case "schedule.title_contains_credential": self = .title
            case "schedule.instruction_contains_credential": self = .instruction
            case "schedule.no_future_occurrence": self = .cadence
            default: return nil
            }
        }
    }

    /// docs/wire/schedules.md §5: title 1–1024, instruction 1–65536 (counted in Unicode scalars, as the server does).
    public static let titleLimit = 1024
    public static let instructionLimit = 65536

    public var title: String
    public var instruction: String
    public var cadence: String
    public var timezone: String
    /// The cadence the draft was opened on (edit): sent back as it was while its words are unchanged,
    /// so a kind this client cannot write (an unknown one) survives an edit of the title.
    public let originalCadence: Cadence?
    private let originalCadenceText: String?
    private let originalTimezone: String?

    /// A new schedule; `timezone` is usually this machine's.
    public init(title: String = "", instruction: String = "", cadence: String = "", timezone: String) {
        self.title = title
        self.instruction = instruction
        self.cadence = cadence
        self.timezone = timezone
        originalCadence = nil
        originalCadenceText = nil
        originalTimezone = nil
    }

    /// An existing schedule's definition, as the form shows it for an edit.
    /// A `ONCE` cadence has no time zone of its own: the field shows `fallbackTimezone`.
    public init(_ definition: ScheduleDefinition, fallbackTimezone: String) {
        let words = CadenceInput.words(for: definition.cadence) ?? ""
        let zone = definition.cadence.timezone ?? fallbackTimezone
        title = definition.title
        instruction = definition.instruction
        cadence = words
        timezone = zone
        originalCadence = definition.cadence
        originalCadenceText = words
        originalTimezone = zone
    }

    /// The cadence the draft stands for, or why it cannot be read.
    public func parsedCadence() -> Result<Cadence, CadenceInput.Problem> {
        if let originalCadence, cadence == originalCadenceText, timezone == originalTimezone {
            return .success(originalCadence)
        }
        return Result { () throws(CadenceInput.Problem) in
            try CadenceInput.parse(cadence, timezone: timezone.trimmingCharacters(in: .whitespaces))
        }
    }

    /// The cadence in words while it parses ("Every day at 08:00 (Europe/Paris)"), for a preview under the field.
    public var cadenceInWords: String? {
        guard case .success(let cadence) = parsedCadence() else { return nil }
        return CadenceText.describe(cadence)
    }

    /// What stops the draft from being sent, one sentence per field; empty when it can go.
    public func refusals(now: Date) -> [Field: String] {
        var refusals: [Field: String] = [:]
        let title = self.title.trimmingCharacters(in: .whitespacesAndNewlines)
        if title.isEmpty {
            refusals[.title] = "Give the schedule a title."
        } else if title.unicodeScalars.count > Self.titleLimit {
            refusals[.title] = "The title is \(title.unicodeScalars.count) characters long; at most \(Self.titleLimit)."
        }
        let instruction = self.instruction.trimmingCharacters(in: .whitespacesAndNewlines)
        if instruction.isEmpty {
            refusals[.instruction] = "Write what the agent is asked each time."
        } else if instruction.unicodeScalars.count > Self.instructionLimit {
            refusals[.instruction] = "The instruction is \(instruction.unicodeScalars.count) characters long; "
                + "at most \(Self.instructionLimit)."
        }
        let zone = timezone.trimmingCharacters(in: .whitespaces)
        let needsZone = !cadence.lowercased().trimmingCharacters(in: .whitespaces).hasPrefix("once")
        if needsZone, zone.isEmpty {
            refusals[.timezone] = "Name the time zone, such as Europe/Paris."
        } else if needsZone, TimeZone(identifier: zone) == nil {
            refusals[.timezone] = "“\(zone)” is not a time zone; write one such as Europe/Paris."
        }
        switch parsedCadence() {
        case .failure(let problem):
            refusals[.cadence] = problem.description
        case .success(let cadence):
            if cadence.kind == .once, cadence.at?.date == nil {
                refusals[.cadence] = "Write the instant as 2026-09-21T13:00:00Z."
            } else if cadence.kind.isKnown, refusals[.timezone] == nil,
                      FireTimes.next(cadence, after: now, count: 1).isEmpty {
                refusals[.cadence] = cadence.kind == .once
                    ? "That time has passed: a one-time schedule needs an instant in the future."
                    : "The cadence never comes round (no such date): it would never run."
            }
        }
        return refusals
    }

    /// The definition to send, or the refusals. An edit builds on `base`
    /// (agent, scopes, limits and timeouts kept); a new schedule runs `agent`
    /// with the defaults the CLI uses.
    public func definition(base: ScheduleDefinition?, agent: (id: String, version: String)?,
                           now: Date) -> Result<ScheduleDefinition, Refused> {
        let refusals = refusals(now: now)
        guard refusals.isEmpty, case .success(let cadence) = parsedCadence() else {
            return .failure(Refused(fields: refusals))
        }
        var definition = base ?? ScheduleDefinition(title: "", instruction: "", agentID: agent?.id ?? "",
                                                     agentVersion: agent?.version ?? "", cadence: cadence)
        if base != nil, let agent {
            definition.agentID = agent.id
            definition.agentVersion = agent.version
        }
        definition.title = title.trimmingCharacters(in: .whitespacesAndNewlines)
        definition.instruction = instruction.trimmingCharacters(in: .whitespacesAndNewlines)
        definition.cadence = cadence
        return .success(definition)
    }

    /// The draft cannot be sent: a sentence for each field that stops it.
    public struct Refused: Error, Sendable, Hashable {
        public var fields: [Field: String]

        /// The first field to fix, in the form's order.
        public var firstField: Field? { Field.allCases.first { fields[$0] != nil } }
    }
}
