import Foundation

/// The schedule routes (docs/wire/schedules.md §2). Nil for any other path; 404 for
/// every schedule path when `options.schedules` is off.
extension Router {
    func schedulesResponse(
        _ head: RequestHead, authorized: Bool, readBody: (Int) -> RequestReader.BodyResult
    ) throws -> HTTPResponse? {
        let segments = head.rawPath.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
        guard segments.count >= 2, segments[0] == "v1", segments[1] == "schedules" else { return nil }
        guard options.schedules else { throw APIFailure.unknownRoute }
        guard authorized else { throw APIFailure.routeAuthentication }
        var body = Data()
        if ["POST", "PATCH"].contains(head.method) {
            switch readBody(options.maximumBodyBytes) {
            case .body(let data): body = data
            case .tooLarge: throw APIFailure.payloadTooLarge
            case .broken: throw BrokenBody()
            }
        }
        let (status, json) = try store.transaction { state in
            state.schedules.adoptSeededSchedules(from: state)
            return try ScheduleHandlers(state: state, schedules: state.schedules, now: state.now(), head: head, body: body)
                .handle(Array(segments.dropFirst(2)))
        }
        return .json(status, json)
    }
}

struct ScheduleHandlers {
    let state: StoreState
    let schedules: SchedulesState
    let now: Instant
    let head: RequestHead
    let body: Data

    var principal: String { state.identity.agentID }

    func handle(_ rest: [String]) throws -> (Int, JSON) {
        switch (head.method, rest.count) {
        case ("GET", 0): return (200, try list())
        case ("POST", 0): return try create()
        case ("GET", 1): return (200, schedules.record(try schedule(rest[0]), principal: principal))
        case ("PATCH", 1): return (200, try edit(rest[0]))
        case ("DELETE", 1): return (200, try transition(rest[0], to: "CANCELLED", from: ["ACTIVE", "PAUSED"],
                                                        revision: head.query("expected_revision")))
        case ("POST", 2) where rest[1] == "pause":
            return (200, try transition(rest[0], to: "PAUSED", from: ["ACTIVE"], revision: try bodyRevision()))
        case ("POST", 2) where rest[1] == "resume":
            return (200, try transition(rest[0], to: "ACTIVE", from: ["PAUSED"], revision: try bodyRevision()))
        case ("GET", 2) where rest[1] == "occurrences": return (200, try occurrences(rest[0]))
        default: throw rest.count <= 2 ? APIFailure.unsupportedMethod : APIFailure.unknownRoute
        }
    }

    private func schedule(_ id: String) throws -> SchedulesState.Schedule {
        guard let found = schedules.schedules[Identifier.canonical(id) ?? id] else { throw APIFailure.notFound("schedule") }
        return found
    }

    private func list() throws -> JSON {
        let limit = try Validation.limit(head.query("limit"), defaultValue: 50)
        let start: Int
        if let cursor = head.query("cursor") {
            guard let offset = Int(cursor), offset >= 0 else { throw APIFailure.malformed("schedule cursor is malformed") }
            start = offset
        } else {
            start = 0
        }
        let ids = schedules.order.reversed().dropFirst(start).prefix(limit)
        let next = start + ids.count < schedules.order.count ? JSON.string(String(start + ids.count)) : nil
        return ["items": .array(ids.compactMap { schedules.schedules[$0] }.map(schedules.listItem)), "next_cursor": next]
    }

    /// Shape errors are 400; rule errors 422 with a listed `schedule.*` reason (ScheduleDefinitionRules).
    private func definition(_ value: JSON) throws -> JSON {
        try ScheduleDefinitionRules.check(value, now: now)
    }

    private func create() throws -> (Int, JSON) {
        guard let key = head.header("idempotency-key"), (1...255).contains(key.count) else {
            throw APIFailure.malformed("Idempotency-Key is required")
        }
        let value = try definition(try Validation.jsonBody(body))
        let fingerprint = value.serialized(sortedKeys: true)
        if let earlier = schedules.createKeys[key] {
            guard earlier.body == fingerprint else { throw APIFailure.idempotencyKeyReused }
            return (200, schedules.record(try schedule(earlier.scheduleID), principal: principal))
        }
        let created = SchedulesState.Schedule(id: Identifier.make(), definition: value, now: now)
        schedules.schedules[created.id] = created
        schedules.plan(created, after: now)
        schedules.order.append(created.id)
        schedules.createKeys[key] = (fingerprint, created.id)
        return (201, schedules.record(created, principal: principal))
    }

    private func bodyRevision() throws -> String? {
        let fields = try Validation.closedObject(try Validation.jsonBody(body), allowed: ["expected_revision"])
        return fields["expected_revision"]?.intValue.map(String.init)
    }

    static let verbs = ["ACTIVE": "resumed", "PAUSED": "paused", "CANCELLED": "cancelled"]

    /// A final (`COMPLETED`, `CANCELLED`) schedule takes no change, as a real
    /// server answers: `409 conflict`, reason `schedule.terminal`.
    static func terminal(_ s: SchedulesState.Schedule, _ verb: String) -> APIFailure {
        APIFailure.conflict("a \(s.state.lowercased()) schedule cannot be \(verb)",
                            details: ["reason": "schedule.terminal"])
    }

    private func checkRevision(_ s: SchedulesState.Schedule, _ given: String?) throws {
        guard let given, let number = Int(given) else { throw APIFailure.malformed("expected_revision is required") }
        guard number == s.revision else {
            // docs/wire/schedules.md names no reason for a stale revision.
            throw APIFailure.conflict("The schedule has changed.")
        }
    }

    private func edit(_ id: String) throws -> JSON {
        let s = try schedule(id)
        let fields = try Validation.closedObject(try Validation.jsonBody(body), allowed: ["expected_revision", "definition"])
        guard let definition = fields["definition"] else { throw APIFailure.malformed() }
        try checkRevision(s, fields["expected_revision"]?.intValue.map(String.init))
        guard s.state == "ACTIVE" || s.state == "PAUSED" else { throw Self.terminal(s, "updated") }
        s.definition = try self.definition(definition)
        s.revision += 1
        schedules.plan(s, after: now)
        s.updatedAt = now
        s.revisionCreatedAt = now
        return schedules.record(s, principal: principal)
    }

    private func transition(_ id: String, to target: String, from allowed: Set<String>, revision: String?) throws -> JSON {
        let s = try schedule(id)
        if s.state == target { return schedules.record(s, principal: principal) }
        try checkRevision(s, revision)
        guard allowed.contains(s.state) else { throw Self.terminal(s, Self.verbs[target] ?? "changed") }
        if target == "ACTIVE", ScheduleCalendar.nextFire(of: s.definition["cadence"] ?? [:], after: now) == nil {
            throw ScheduleDefinitionRules.invalid("schedule.no_future_occurrence")
        }
        s.state = target
        schedules.plan(s, after: now)
        s.pauseReason = target == "PAUSED" ? "user" : nil
        s.updatedAt = now
        return schedules.record(s, principal: principal)
    }

    /// Newest first (by nominal time), paged with `limit` and `cursor` (docs/wire/schedules.md §1).
    private func occurrences(_ id: String) throws -> JSON {
        let s = try schedule(id)
        let items = schedules.occurrences.filter { $0.scheduleID == s.id }
            .sorted { ($0.nominalFireAt.microseconds, $0.id) > ($1.nominalFireAt.microseconds, $1.id) }
            .map { occurrence in
                var occurrence = occurrence
                if let session = occurrence.sessionID, state.sessions[session] == nil {
                    occurrence.sessionID = nil
                    occurrence.runID = nil
                }
                return occurrence
            }
        let page = try IDPaging.page(items.map(\.id), limit: head.query("limit"), cursor: head.query("cursor"))
        let byID = Dictionary(items.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        return ["items": .array(page.ids.compactMap { byID[$0] }.map(schedules.view)), "next_cursor": page.next]
    }
}
