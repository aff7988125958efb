import Foundation

/// The definition checks of docs/wire/schedules.md §1 and §5, in the server's order:
/// the shape first (a missing or unknown field, a wrong type, a value outside
/// its declared bounds: `400 malformed_request`, empty `details`), then the
/// rules (`422 schedule_validation_error` with one of the listed reasons).
enum ScheduleDefinitionRules {
    static let definitionKeys: Set<String> = [
        "title", "instruction", "agent_id", "agent_version", "policy_profile", "requested_scopes", "limits",
        "run_timeout_seconds", "cadence", "misfire_grace_seconds", "max_consecutive_failures",
    ]
    static let limitKeys: Set<String> = [
        "max_steps", "max_model_calls", "max_tool_calls", "max_cost", "max_input_tokens", "max_output_tokens",
        "synthesis_reserve_steps", "synthesis_reserve_model_calls", "synthesis_reserve_cost",
    ]

    /// The fixture's ceilings (a real server's are configured by its operator).
    static let ceilings: [(field: String, maximum: Int64, reason: String)] = [
        ("run_timeout_seconds", 86_400, "schedule.run_timeout_limit"),
        ("misfire_grace_seconds", 7 * 86_400, "schedule.misfire_grace_limit"),
    ]
    static let limitCeilings: [(key: String, maximum: Int64, reason: String)] = [
        ("max_steps", 200, "schedule.max_steps_limit"),
        ("max_model_calls", 200, "schedule.max_model_calls_limit"),
        ("max_tool_calls", 400, "schedule.max_tool_calls_limit"),
    ]
    static let maximumCost = 100.0
    /// Scopes a schedule may ask for; anything else is not granted to the fixture's principal.
    static let grantableScopes: Set<String> = ["memory.read", "memory.write", "session.read", "artifact.read"]

    static func invalid(_ reason: String) -> APIFailure {
        APIFailure(status: 422, code: "schedule_validation_error", message: "The schedule definition is invalid.",
                   details: ["reason": .string(reason)])
    }

    /// The checked definition, or the refusal the server would send.
    static func check(_ value: JSON, now: Instant) throws -> JSON {
        let fields = try checkShape(value)
        try checkRules(fields, now: now)
        return value
    }

    private static func checkShape(_ value: JSON) throws -> [String: JSON] {
        let fields = try Validation.closedObject(value, allowed: definitionKeys)
        guard let title = fields["title"]?.stringValue, (1...1024).contains(title.count),
              let instruction = fields["instruction"]?.stringValue, (1...65536).contains(instruction.count),
              let agent = fields["agent_id"]?.stringValue, !agent.isEmpty,
              fields["agent_version"]?.stringValue?.isEmpty == false,
              let limits = fields["limits"], limits.objectMembers != nil,
              let cadence = fields["cadence"], cadence.objectMembers != nil else { throw APIFailure.malformed() }
        if let profile = fields["policy_profile"], profile.stringValue?.isEmpty != false { throw APIFailure.malformed() }
        if let scopes = fields["requested_scopes"] {
            guard let items = scopes.arrayValue, items.allSatisfy({ $0.stringValue?.isEmpty == false }) else {
                throw APIFailure.malformed()
            }
        }
        let limitFields = try Validation.closedObject(limits, allowed: limitKeys)
        for key in ["max_steps", "max_model_calls", "max_tool_calls"] {
            guard let number = limitFields[key]?.intValue, number > 0 else { throw APIFailure.malformed() }
        }
        guard let cost = limitFields["max_cost"]?.stringValue.flatMap(Double.init), cost.isFinite, cost > 0 else {
            throw APIFailure.malformed()
        }
        for key in ["run_timeout_seconds", "misfire_grace_seconds", "max_consecutive_failures"] {
            if let given = fields[key], (given.intValue ?? 0) <= 0 { throw APIFailure.malformed() }
        }
        let kinds = ["ONCE", "DAILY", "WEEKLY", "MONTHLY", "YEARLY"]
        guard let kind = cadence["kind"]?.stringValue, kinds.contains(kind) else { throw APIFailure.malformed() }
        if kind == "ONCE" {
            guard cadence["at"]?.stringValue.flatMap(Instant.init(parsing:)) != nil else { throw APIFailure.malformed() }
        } else {
            guard cadence["timezone"]?.stringValue.flatMap(TimeZone.init(identifier:)) != nil,
                  cadence["local_time"]?.stringValue != nil else { throw APIFailure.malformed() }
        }
        return fields
    }

    private static func checkRules(_ fields: [String: JSON], now: Instant) throws {
        for scope in fields["requested_scopes"]?.arrayValue ?? [] {
            guard let name = scope.stringValue, grantableScopes.contains(name) else {
                throw invalid("schedule.scope_not_granted")
            }
        }
        if CredentialLook.matches(fields["instruction"]?.stringValue ?? "") {
            throw invalid("schedule.instruction_contains_credential")
        }
        if CredentialLook.matches(fields["title"]?.stringValue ?? "") { throw invalid("schedule.title_contains_credential") }
        for ceiling in ceilings where (fields[ceiling.field]?.intValue ?? 0) > ceiling.maximum {
            throw invalid(ceiling.reason)
        }
        let limits = fields["limits"] ?? [:]
        for ceiling in limitCeilings where (limits[ceiling.key]?.intValue ?? 0) > ceiling.maximum {
            throw invalid(ceiling.reason)
        }
        if (limits["max_cost"]?.stringValue.flatMap(Double.init) ?? 0) > maximumCost {
            throw invalid("schedule.max_cost_limit")
        }
        if let profile = fields["policy_profile"]?.stringValue, profile != "default" {
            throw invalid("schedule.policy_profile_mismatch")
        }
        if let cadence = fields["cadence"], ScheduleCalendar.nextFire(of: cadence, after: now) == nil {
            throw invalid("schedule.no_future_occurrence")
        }
    }
}

/// Text that looks like a secret (docs/wire/schedules.md §5: "secret-like text rejected"):
/// a private key block, an API-key prefix, or a `password=`/`token:` pair.
enum CredentialLook {
    static func matches(_ text: String) -> Bool {
        let lower = text.lowercased()
        if lower.contains("-----begin") { return true }
        for marker in ["password=", "password:", "api_key=", "token="] where lower.contains(marker) { return true }
        for prefix in ["sk-", "ghp_", "xoxb-"] {
            var rest = lower[...]
            while let found = rest.range(of: prefix) {
                let tail = rest[found.upperBound...].prefix { $0.isLetter || $0.isNumber }
                if tail.count >= 16 { return true }
                rest = rest[found.upperBound...]
            }
        }
        return false
    }
}
