import Foundation
import VeetTransport
import VeetWire

/// The memory routes (docs/wire/memory.md §2), one call each, no state. Every request
/// carries `ceiling` (an owner app sends `restricted`); every write carries an
/// `Idempotency-Key`, minted once per intent by the caller (or here, by
/// default) and reused by every retry of that request.
/// Non-2xx answers throw `APIError`, except: a review or delete the server
/// cannot do throws `MemoryChangesUnsupported`, and a `409` on undo or a
/// dreaming decision re-reads the operation and throws `SynthesisConflict`.
public struct MemoryAPI: Sendable {
    public let send: HTTPRequestSender
    public let ceiling: Sensitivity

    /// Reads and keyed writes retry on 429/5xx and lost answers, with the same key.
    public init(sender: HTTPRequestSender, ceiling: Sensitivity = .restricted, retry: RetryPolicy = .standard) {
        send = sender.retrying(retry, .readsAndKeyedWrites)
        self.ceiling = ceiling
    }

    /// The answers that mean "this family is not offered" (docs/wire/README.md §2's probe rule).
    public static func meansUnavailable(_ error: any Error) -> Bool {
        ServerRefusal.meansNotOffered(error, badRequest: .any)
    }

    // MARK: Memories

    /// One page, newest store position first. `limit` above 200 is clamped by the server.
    public func list(_ filter: MemoryFilter = MemoryFilter(), limit: Int = 50, cursor: String? = nil) async throws
        -> Page<MemoryRecord> {
        let page = try await send.decode(get(.page("/v1/memories", query: filter.query, limit: limit, cursor: cursor)),
                                         as: Page<Skippable<MemoryRecord>>.self)
        return Page(items: page.items.compactMap(\.value), nextCursor: page.nextCursor)
    }

    /// Every page, in order.
    public func listAll(_ filter: MemoryFilter = MemoryFilter(), maxItems: Int? = nil) async throws -> [MemoryRecord] {
        try await Page.all(maxItems: maxItems) { cursor in try await list(filter, limit: 200, cursor: cursor) }
    }

    /// A belief or a summary; `404` when unknown, deleted or above the ceiling.
    public func record(id: String) async throws -> MemoryRecord {
        try await send.decode(get(.get(Self.memoryPath(id))))
    }

    /// Reviews a belief or summary; the answer is the updated view.
    public func review(id: String, _ outcome: ReviewOutcome, key: IdempotencyKey = IdempotencyKey()) async throws
        -> MemoryRecord {
        let request = try HTTPRequest.post(Self.memoryPath(id) + "/review", json: ["outcome": outcome.rawValue])
        return try await memoryWrite(request, key: key).decoded()
    }

    /// Deletes for good (`204`); the statement cannot form again. A replay of
    /// the same key answers `204` again; a new key for a deleted belief, `404`.
    public func delete(id: String, key: IdempotencyKey = IdempotencyKey()) async throws {
        _ = try await memoryWrite(.delete(Self.memoryPath(id)), key: key)
    }

    private func memoryWrite(_ request: HTTPRequest, key: IdempotencyKey) async throws -> HTTPResponse {
        let response = try await send(keyed(request, key))
        guard response.isSuccess else {
            let error = APIError(response: response)
            if let unsupported = MemoryChangesUnsupported.from(error) { throw unsupported }
            throw error
        }
        return response
    }

    // MARK: Synthesis

    /// One page of the synthesis history (limit clamped to 100 by the server).
    public func operations(kind: SynthesisKind? = nil, state: SynthesisState? = nil, limit: Int = 50,
                           cursor: String? = nil) async throws -> Page<SynthesisOperation> {
        var query: [URLQueryItem] = []
        if let kind { query.append(URLQueryItem(name: "kind", value: kind.rawValue)) }
        if let state { query.append(URLQueryItem(name: "state", value: state.rawValue)) }
        let page = try await send.decode(get(.page("/v1/memory-reconsolidations", query: query, limit: limit,
                                                   cursor: cursor)),
                                         as: Page<Skippable<SynthesisOperation>>.self)
        return Page(items: page.items.compactMap(\.value), nextCursor: page.nextCursor)
    }

    public func allOperations(kind: SynthesisKind? = nil, state: SynthesisState? = nil) async throws
        -> [SynthesisOperation] {
        try await Page.all { cursor in try await operations(kind: kind, state: state, limit: 100, cursor: cursor) }
    }

    public func operation(id: String) async throws -> SynthesisOperation {
        try await send.decode(get(.get(Self.operationPath(id))))
    }

    /// Undoes a committed merge. Refused here, before any request, unless
    /// `UndoGate` offers it; a `409` throws `SynthesisConflict` with the operation re-read.
    public func undo(_ operation: SynthesisOperation, key: IdempotencyKey = IdempotencyKey()) async throws
        -> SynthesisOperation {
        if let refusal = UndoGate.refusal(for: operation) { throw MemoryRuleError.undoNotOffered(refusal) }
        let request = try HTTPRequest.post(Self.operationPath(operation.id) + "/undo",
                                           json: ["expected_revision": operation.revision])
        return try await operationWrite(request, id: operation.id, key: key)
    }

    // MARK: Dreaming

    public func dreaming() async throws -> DreamingJournal {
        try await send.decode(get(.get("/v1/dreaming")))
    }

    /// Pauses or resumes dreaming; a `409` throws `DreamingScheduleConflict` with the schedule re-read.
    public func setDreaming(paused: Bool, expectedRevision: Int, key: IdempotencyKey = IdempotencyKey()) async throws
        -> DreamingSchedule {
        let request = try HTTPRequest.post("/v1/dreaming/schedule",
                                           json: ScheduleBody(expectedRevision: expectedRevision, paused: paused))
        let response = try await send(keyed(request, key))
        guard response.isSuccess else {
            let error = APIError(response: response)
            if error.status == 409 {
                throw DreamingScheduleConflict(current: try? await dreaming().schedule, underlying: error)
            }
            throw error
        }
        return try response.decoded()
    }

    /// Approves or rejects a proposed synthesis.
    public func decide(_ operation: SynthesisOperation, _ decision: DreamingDecision,
                       key: IdempotencyKey = IdempotencyKey()) async throws -> SynthesisOperation {
        let request = try HTTPRequest.post("/v1/dreaming/\(segment: operation.id)/decision",
                                           json: DecisionBody(expectedRevision: operation.revision, decision: decision))
        return try await operationWrite(request, id: operation.id, key: key)
    }

    private func operationWrite(_ request: HTTPRequest, id: String, key: IdempotencyKey) async throws
        -> SynthesisOperation {
        let response = try await send(keyed(request, key))
        guard response.isSuccess else {
            let error = APIError(response: response)
            if error.status == 409 { throw SynthesisConflict(current: try? await operation(id: id), underlying: error) }
            throw error
        }
        return try response.decoded()
    }

    // MARK: Probing

    /// Reads each family's read route once (smallest page) and says what is offered.
    public func probe() async -> MemoryAccess {
        var access = MemoryAccess()
        access.noteRead(.memories, error: await failure { _ = try await list(limit: 1) })
        guard access.memories.isReadable else {
            // The other families need the memory API flag too.
            if access.memories == .unavailable { access.synthesis = .unavailable; access.dreaming = .unavailable }
            return access
        }
        access.noteRead(.synthesis, error: await failure { _ = try await operations(limit: 1) })
        access.noteRead(.dreaming, error: await failure { _ = try await dreaming() })
        return access
    }

    private func failure(_ body: () async throws -> Void) async -> (any Error)? {
        do { try await body(); return nil } catch { return error }
    }

    // MARK: Requests

    /// Every memory route takes the ceiling (docs/wire/memory.md §1).
    private func get(_ request: HTTPRequest) -> HTTPRequest {
        withCeiling(request)
    }

    private func keyed(_ request: HTTPRequest, _ key: IdempotencyKey) -> HTTPRequest {
        var request = withCeiling(request)
        request.setHeader("Idempotency-Key", key.rawValue)
        return request
    }

    private func withCeiling(_ request: HTTPRequest) -> HTTPRequest {
        var request = request
        request.query.removeAll { $0.name == "ceiling" }
        request.query.insert(URLQueryItem(name: "ceiling", value: ceiling.rawValue), at: 0)
        return request
    }

    struct ScheduleBody: Encodable {
        var expectedRevision: Int
        var paused: Bool
        enum CodingKeys: String, CodingKey {
            case paused
            case expectedRevision = "expected_revision"
        }
    }

    struct DecisionBody: Encodable {
        var expectedRevision: Int
        var decision: DreamingDecision
        enum CodingKeys: String, CodingKey {
            case decision
            case expectedRevision = "expected_revision"
        }
    }

    static func memoryPath(_ id: String) -> String { "/v1/memories/\(segment: id)" }
    static func operationPath(_ id: String) -> String { "/v1/memory-reconsolidations/\(segment: id)" }
}
