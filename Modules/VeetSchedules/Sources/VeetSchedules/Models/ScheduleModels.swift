import Foundation
import VeetTransport

/// One row of `GET /v1/schedules` (the instruction cut to 200 characters).
public struct ScheduleListItem: Codable, Sendable, Hashable, Identifiable {
    public var id: String
    public var state: ScheduleState
    public var pauseReason: String?
    public var currentRevision: Int
    public var nextFireAt: Timestamp?
    public var title: String
    public var instructionPreview: String
    public var cadence: Cadence?
    public var createdAt: Timestamp
    public var updatedAt: Timestamp

    enum CodingKeys: String, CodingKey {
        case id, state, title, cadence
        case pauseReason = "pause_reason"
        case currentRevision = "current_revision"
        case nextFireAt = "next_fire_at"
        case instructionPreview = "instruction_preview"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        state = try c.decode(ScheduleState.self, forKey: .state)
        pauseReason = try c.decodeIfPresent(String.self, forKey: .pauseReason)
        currentRevision = try c.decodeIfPresent(Int.self, forKey: .currentRevision) ?? 1
        nextFireAt = try c.decodeIfPresent(Timestamp.self, forKey: .nextFireAt)
        title = try c.decodeIfPresent(String.self, forKey: .title) ?? ""
        instructionPreview = try c.decodeIfPresent(String.self, forKey: .instructionPreview) ?? ""
        cadence = try c.decodeIfPresent(Cadence.self, forKey: .cadence)
        createdAt = try c.decodeIfPresent(Timestamp.self, forKey: .createdAt) ?? ""
        updatedAt = try c.decodeIfPresent(Timestamp.self, forKey: .updatedAt) ?? ""
    }
}

/// The `schedule` half of a record: lifecycle state.
public struct ScheduleStatus: Codable, Sendable, Hashable, Identifiable {
    public var id: String
    public var state: ScheduleState
    public var pauseReason: String?
    public var currentRevision: Int
    public var nextFireAt: Timestamp?
    public var consecutiveFailures: Int
    public var createdAt: Timestamp
    public var updatedAt: Timestamp

    enum CodingKeys: String, CodingKey {
        case id, state
        case pauseReason = "pause_reason"
        case currentRevision = "current_revision"
        case nextFireAt = "next_fire_at"
        case consecutiveFailures = "consecutive_failures"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        state = try c.decode(ScheduleState.self, forKey: .state)
        pauseReason = try c.decodeIfPresent(String.self, forKey: .pauseReason)
        currentRevision = try c.decodeIfPresent(Int.self, forKey: .currentRevision) ?? 1
        nextFireAt = try c.decodeIfPresent(Timestamp.self, forKey: .nextFireAt)
        consecutiveFailures = try c.decodeIfPresent(Int.self, forKey: .consecutiveFailures) ?? 0
        createdAt = try c.decodeIfPresent(Timestamp.self, forKey: .createdAt) ?? ""
        updatedAt = try c.decodeIfPresent(Timestamp.self, forKey: .updatedAt) ?? ""
    }
}

/// Run limits; money is a decimal string. `deadline_at` is never sent (set per run).
public struct ScheduleLimits: Codable, Sendable, Hashable {
    public var maxSteps: Int
    public var maxModelCalls: Int
    public var maxToolCalls: Int
    public var maxInputTokens: Int?
    public var maxOutputTokens: Int?
    public var maxCost: String
    public var synthesisReserveSteps: Int?
    public var synthesisReserveModelCalls: Int?
    public var synthesisReserveCost: String?

    public init(maxSteps: Int = 20, maxModelCalls: Int = 20, maxToolCalls: Int = 40, maxCost: String = "0.50",
                maxInputTokens: Int? = nil, maxOutputTokens: Int? = nil) {
        self.maxSteps = maxSteps
        self.maxModelCalls = maxModelCalls
        self.maxToolCalls = maxToolCalls
        self.maxCost = maxCost
        self.maxInputTokens = maxInputTokens
        self.maxOutputTokens = maxOutputTokens
    }

    enum CodingKeys: String, CodingKey {
        case maxSteps = "max_steps"
        case maxModelCalls = "max_model_calls"
        case maxToolCalls = "max_tool_calls"
        case maxInputTokens = "max_input_tokens"
        case maxOutputTokens = "max_output_tokens"
        case maxCost = "max_cost"
        case synthesisReserveSteps = "synthesis_reserve_steps"
        case synthesisReserveModelCalls = "synthesis_reserve_model_calls"
        case synthesisReserveCost = "synthesis_reserve_cost"
    }
}

/// What a schedule does: the body of a create, and of an edit's `definition`.
public struct ScheduleDefinition: Codable, Sendable, Hashable {
    public var title: String
    public var instruction: String
    public var agentID: String
    public var agentVersion: String
    public var policyProfile: String
    public var requestedScopes: [String]
    /// [newer]; never sent when nil (the snapshot rejects the key).
    public var browserProfileID: String?
    public var limits: ScheduleLimits
    public var runTimeoutSeconds: Int
    public var cadence: Cadence
    public var misfireGraceSeconds: Int
    public var maxConsecutiveFailures: Int

    public init(title: String, instruction: String, agentID: String, agentVersion: String,
                policyProfile: String = "default", requestedScopes: [String] = [], browserProfileID: String? = nil,
                limits: ScheduleLimits = ScheduleLimits(), runTimeoutSeconds: Int = 900, cadence: Cadence,
                misfireGraceSeconds: Int = 3600, maxConsecutiveFailures: Int = 3) {
        self.title = title
        self.instruction = instruction
        self.agentID = agentID
        self.agentVersion = agentVersion
        self.policyProfile = policyProfile
        self.requestedScopes = requestedScopes
        self.browserProfileID = browserProfileID
        self.limits = limits
        self.runTimeoutSeconds = runTimeoutSeconds
        self.cadence = cadence
        self.misfireGraceSeconds = misfireGraceSeconds
        self.maxConsecutiveFailures = maxConsecutiveFailures
    }

    enum CodingKeys: String, CodingKey {
        case title, instruction, limits, cadence
        case agentID = "agent_id"
        case agentVersion = "agent_version"
        case policyProfile = "policy_profile"
        case requestedScopes = "requested_scopes"
        case browserProfileID = "browser_profile_id"
        case runTimeoutSeconds = "run_timeout_seconds"
        case misfireGraceSeconds = "misfire_grace_seconds"
        case maxConsecutiveFailures = "max_consecutive_failures"
    }
}

/// The current revision of a schedule (there is no list of older ones).
public struct ScheduleRevision: Codable, Sendable, Hashable {
    public var revision: Int
    public var definition: ScheduleDefinition
    /// Null for `ONCE` cadences.
    public var timezone: String?
    public var createdAt: Timestamp

    enum CodingKeys: String, CodingKey {
        case revision, timezone
        case createdAt = "created_at"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        revision = try c.decodeIfPresent(Int.self, forKey: .revision) ?? 1
        timezone = try c.decodeIfPresent(String.self, forKey: .timezone)
        createdAt = try c.decodeIfPresent(Timestamp.self, forKey: .createdAt) ?? ""
        definition = try ScheduleDefinition(from: decoder)
    }

    public func encode(to encoder: Encoder) throws {
        try definition.encode(to: encoder)
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(revision, forKey: .revision)
        try c.encodeIfPresent(timezone, forKey: .timezone)
        try c.encode(createdAt, forKey: .createdAt)
    }
}

/// `GET /v1/schedules/{id}` and every mutation's answer.
public struct ScheduleRecord: Codable, Sendable, Hashable, Identifiable {
    public var schedule: ScheduleStatus
    public var revision: ScheduleRevision
    public var id: String { schedule.id }
}

/// One firing of a schedule (docs/wire/schedules.md §6).
public struct ScheduleOccurrence: Codable, Sendable, Hashable, Identifiable {
    public var id: String
    public var scheduleID: String
    public var scheduleRevision: Int?
    public var nominalFireAt: Timestamp
    public var disposition: OccurrenceDisposition
    /// Null when nothing was materialized, or when the session was deleted since.
    public var sessionID: String?
    public var runID: String?
    public var reasonCode: String?
    public var materializedAt: Timestamp?
    public var linksErasedAt: Timestamp?

    enum CodingKeys: String, CodingKey {
        case id, disposition
        case scheduleID = "schedule_id"
        case scheduleRevision = "schedule_revision"
        case nominalFireAt = "nominal_fire_at"
        case sessionID = "session_id"
        case runID = "run_id"
        case reasonCode = "reason_code"
        case materializedAt = "materialized_at"
        case linksErasedAt = "links_erased_at"
    }
}
