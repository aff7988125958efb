import Foundation
import VeetTransport

/// The schedule routes (docs/wire/schedules.md §2), one call each. Every mutation sends
/// the expected revision; a `409` reads the record back and throws
/// `ScheduleConflict`; a `422` throws `ScheduleValidationError`; a `400` on a
/// create or an edit throws `ScheduleDefinitionRefused`.
public struct SchedulesAPI: Sendable {
    public let send: HTTPRequestSender

    /// Reads, and creates (which carry an idempotency key), retry; other writes go once.
    public init(sender: HTTPRequestSender, retry: RetryPolicy = .standard) {
        send = sender.retrying(retry, .readsAndKeyedWrites)
    }

    /// The 404/405 (and 400, per the probe rule) that mean "schedule browsing unavailable".
    public static func meansUnavailable(_ error: any Error) -> Bool {
        ServerRefusal.meansNotOffered(error, badRequest: .any)
    }

    /// One page. `states` is sent for newer servers and also applied here,
    /// because the snapshot ignores it; a filtered page may be short or empty
    /// while `nextCursor` says more remain.
    public func list(states: Set<ScheduleState> = [], limit: Int = 50, cursor: String? = nil) async throws
        -> Page<ScheduleListItem> {
        var page = try await unfilteredPage(states: states, limit: limit, cursor: cursor)
        if !states.isEmpty { page.items = page.items.filter { states.contains($0.state) } }
        return page
    }

    /// Every page, in order. The walk follows the server's pages as they
    /// came, so a page the filter empties does not end it.
    public func listAll(states: Set<ScheduleState> = []) async throws -> [ScheduleListItem] {
        let items = try await Page.all { cursor in try await unfilteredPage(states: states, limit: 200, cursor: cursor) }
        return states.isEmpty ? items : items.filter { states.contains($0.state) }
    }

    private func unfilteredPage(states: Set<ScheduleState>, limit: Int, cursor: String?) async throws
        -> Page<ScheduleListItem> {
        let query = states.map(\.rawValue).sorted().map { URLQueryItem(name: "state", value: $0) }
        return try await send.decode(.page("/v1/schedules", query: query, limit: limit, cursor: cursor))
    }

    public func read(id: String) async throws -> ScheduleRecord {
        try await send(.get(Self.path(id))).decoded()
    }

    /// Creates a schedule; the same key and body replays the original (200).
    public func create(_ definition: ScheduleDefinition, idempotencyKey: IdempotencyKey = IdempotencyKey())
        async throws -> ScheduleRecord {
        var request = try HTTPRequest.post("/v1/schedules", json: definition)
        request.setHeader("Idempotency-Key", idempotencyKey.rawValue)
        return try await mutate(.create, id: nil, request)
    }

    /// Replaces the definition; the answer carries revision `expectedRevision + 1`.
    public func edit(id: String, expectedRevision: Int, definition: ScheduleDefinition) async throws -> ScheduleRecord {
        let body = EditBody(expectedRevision: expectedRevision, definition: definition)
        let request = HTTPRequest(method: "PATCH", path: Self.path(id), body: try WireJSON.encoder().encode(body))
        return try await mutate(.edit, id: id, request, expectedRevision: expectedRevision)
    }

    public func pause(id: String, expectedRevision: Int) async throws -> ScheduleRecord {
        try await mutate(.pause, id: id, .post(Self.path(id) + "/pause", json: RevisionBody(expectedRevision: expectedRevision)),
                         expectedRevision: expectedRevision)
    }

    public func resume(id: String, expectedRevision: Int) async throws -> ScheduleRecord {
        try await mutate(.resume, id: id, .post(Self.path(id) + "/resume", json: RevisionBody(expectedRevision: expectedRevision)),
                         expectedRevision: expectedRevision)
    }

    /// Cancels future firings (a run already started keeps running).
    public func cancel(id: String, expectedRevision: Int) async throws -> ScheduleRecord {
        var request = HTTPRequest.delete(Self.path(id))
        request.query = [URLQueryItem(name: "expected_revision", value: String(expectedRevision))]
        return try await mutate(.cancel, id: id, request, expectedRevision: expectedRevision)
    }

    public func occurrences(id: String, limit: Int = 50, cursor: String? = nil) async throws
        -> Page<ScheduleOccurrence> {
        try await send.decode(.page(Self.path(id) + "/occurrences", limit: limit, cursor: cursor))
    }

    private func mutate(_ mutation: ScheduleMutation, id: String?, _ request: HTTPRequest,
                        expectedRevision: Int? = nil) async throws -> ScheduleRecord {
        let response = try await send(request)
        guard response.isSuccess else {
            let error = APIError(response: response)
            if error.status == 409, let id {
                throw ScheduleConflict(current: try? await read(id: id), underlying: error, mutation: mutation,
                                       expectedRevision: expectedRevision)
            }
            if let validation = ScheduleValidationError.from(error) { throw validation }
            if let refused = ScheduleDefinitionRefused.from(error, mutation: mutation) { throw refused }
            throw error
        }
        return try response.decoded()
    }

    struct RevisionBody: Encodable {
        var expectedRevision: Int
        enum CodingKeys: String, CodingKey { case expectedRevision = "expected_revision" }
    }

    struct EditBody: Encodable {
        var expectedRevision: Int
        var definition: ScheduleDefinition
        enum CodingKeys: String, CodingKey {
            case definition
            case expectedRevision = "expected_revision"
        }
    }

    static func path(_ id: String) -> String {
        "/v1/schedules/\(segment: id)"
    }
}
