import Foundation

/// The memory routes (docs/wire/memory.md §2): the belief browser, the synthesis
/// history and dreaming, each family behind its own flag (404 when off, as a
/// server with the flag off answers). Nil for any other path.
extension Router {
    func memoryResponse(
        _ head: RequestHead, authorized: Bool, readBody: (Int) -> RequestReader.BodyResult
    ) throws -> HTTPResponse? {
        let segments = head.rawPath.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map {
            String($0).removingPercentEncoding ?? String($0)
        }
        guard segments.count >= 2, segments[0] == "v1",
              let family = MemoryHandlers.Family(rawValue: segments[1]) else { return nil }
        guard options.offers(family) else { throw APIFailure.unknownRoute }
        guard authorized else { throw APIFailure.routeAuthentication }
        var body = Data()
        if head.method == "POST" {
            switch readBody(options.maximumBodyBytes) {
            case .body(let data): body = data
            case .tooLarge: throw APIFailure.payloadTooLarge
            case .broken: throw BrokenBody()
            }
        }
        let (status, json) = try store.transaction { state in
            state.memory.seedIfNeeded(now: state.now())
            return try MemoryHandlers(memory: state.memory, now: state.now(), head: head, body: body, options: options)
                .handle(family, Array(segments.dropFirst(2)))
        }
        var response: HTTPResponse = status == 204 ? HTTPResponse(status: 204) : .json(status, json ?? .null)
        response.headers.append(("cache-control", "private, no-store"))
        return response
    }
}

extension FixtureOptions {
    func offers(_ family: MemoryHandlers.Family) -> Bool {
        switch family {
        case .memories: memory
        case .synthesis: memory && memorySynthesis
        case .dreaming: memory && memorySynthesis && memoryDreaming
        }
    }
}

struct MemoryHandlers {
    enum Family: String {
        case memories
        case synthesis = "memory-reconsolidations"
        case dreaming
    }

    let memory: MemoryState
    let now: Instant
    let head: RequestHead
    let body: Data
    let options: FixtureOptions

    func handle(_ family: Family, _ rest: [String]) throws -> (Int, JSON?) {
        let isWrite = head.method != "GET"
        if isWrite, !options.memoryWriteScope {
            throw APIFailure(status: 403, code: "authorization_error", message: "The token lacks the memory.write scope.")
        }
        switch family {
        case .memories: return try memories(rest)
        case .synthesis: return try synthesis(rest)
        case .dreaming: return try dreaming(rest)
        }
    }

    // MARK: Checks

    /// Required on the memory and synthesis routes; `validation_error` under synthesis.
    private func ceiling(validation: Bool = false) throws -> String {
        guard let value = head.query("ceiling"), MemoryState.sensitivities.contains(value) else {
            throw invalid("ceiling is required (public, internal, sensitive or restricted)", validation: validation)
        }
        return value
    }

    private func invalid(_ message: String, validation: Bool) -> APIFailure {
        validation ? APIFailure(status: 400, code: "validation_error", message: message) : .malformed(message)
    }

    private func key(maximum: Int, validation: Bool = false) throws -> String {
        guard let key = head.header("idempotency-key"), (1...maximum).contains(key.count) else {
            throw invalid("Idempotency-Key is required (1-\(maximum) characters)", validation: validation)
        }
        return key
    }

    /// The stored answer for `key`, or nil to go on; a different request under the key is `409`.
    private func replay(_ key: String, fingerprint: String) throws -> (Int, JSON?)? {
        guard let earlier = memory.keys[key] else { return nil }
        guard earlier.fingerprint == fingerprint else { throw APIFailure.idempotencyKeyReused }
        return (earlier.status, earlier.body)
    }

    private func remember(_ key: String, _ fingerprint: String, _ answer: (Int, JSON?)) -> (Int, JSON?) {
        memory.keys[key] = MemoryState.KeyedAnswer(fingerprint: fingerprint, status: answer.0, body: answer.1)
        return answer
    }

    private var fingerprint: String {
        head.method + " " + head.rawPath + " " + String(decoding: body, as: UTF8.self)
    }

    private func offset(_ cursor: String?, maximum: Int = 4096) throws -> Int {
        guard let cursor else { return 0 }
        guard cursor.count <= maximum, let data = Data(base64Encoded: cursor), let text = String(data: data, encoding: .utf8),
              text.hasPrefix("o:"), let offset = Int(text.dropFirst(2)), offset >= 0 else {
            throw APIFailure.malformed("cursor is malformed")
        }
        return offset
    }

    private func page(_ items: [JSON], start: Int, limit: Int) -> JSON {
        let slice = Array(items.dropFirst(start).prefix(limit))
        let end = start + slice.count
        let next: JSON = end < items.count ? .string(Data("o:\(end)".utf8).base64EncodedString()) : .null
        return ["items": .array(slice), "next_cursor": next]
    }

    // MARK: Memories

    private func memories(_ rest: [String]) throws -> (Int, JSON?) {
        switch (head.method, rest.count) {
        case ("GET", 0): return (200, try list())
        case ("GET", 1):
            let ceiling = try ceiling()
            return (200, memory.view(try belief(rest[0], ceiling: ceiling)))
        case ("DELETE", 1): return try delete(rest[0])
        case ("POST", 2) where rest[1] == "review":
            guard options.memoryChanges else { throw APIFailure.unknownRoute }
            return try review(rest[0])
        default: throw rest.count <= 2 ? APIFailure.unsupportedMethod : APIFailure.unknownRoute
        }
    }

    private func belief(_ id: String, ceiling: String) throws -> MemoryState.Belief {
        guard let belief = memory.visible(Identifier.canonical(id) ?? id, ceiling: ceiling) else {
            throw APIFailure.notFound("memory")
        }
        return belief
    }

    private func list() throws -> JSON {
        let ceiling = try ceiling()
        let limit = try Validation.limit(head.query("limit"), defaultValue: 50)
        let query = head.queryItems
        let statuses = Set(query.filter { $0.name == "status" }.map(\.value))
        let known: Set = ["candidate", "provisional", "active", "superseded", "expired", "retired"]
        guard statuses.isSubset(of: known) else { throw APIFailure.malformed("unknown status") }
        let types = Set(query.filter { $0.name == "belief_type" }.map(\.value))
        guard types.isSubset(of: Set(MemoryState.types)) else { throw APIFailure.malformed("unknown belief_type") }
        var flagged: Bool?
        if let text = head.query("flagged") {
            guard text == "true" || text == "false" else { throw APIFailure.malformed("flagged must be a boolean") }
            flagged = text == "true"
        }
        let session = try head.query("session_id").map(Validation.uuid)
        let subject = head.query("subject")
        let words = head.query("text")?.lowercased().split(separator: " ").map(String.init) ?? []
        let live: Set = ["candidate", "provisional", "active"]
        let matching = memory.listOrder.filter { b in
            MemoryState.rank(b.sensitivity) <= MemoryState.rank(ceiling)
                && (statuses.isEmpty ? live.contains(b.status) : statuses.contains(b.status))
                && (types.isEmpty || types.contains(b.type))
                && (flagged == nil || b.flagged == flagged)
                && (subject == nil || b.subject == subject)
                && (session == nil || b.sessionID == session)
                && words.allSatisfy { b.statement.lowercased().contains($0) }
        }
        return page(matching.map(memory.view), start: try offset(head.query("cursor")), limit: limit)
    }

    private func review(_ id: String) throws -> (Int, JSON?) {
        let ceiling = try ceiling()
        let key = try key(maximum: 200)
        let fields = try Validation.closedObject(try Validation.jsonBody(body), allowed: ["outcome"])
        guard let outcome = fields["outcome"]?.stringValue, ["dismiss", "untrue", "not_here"].contains(outcome) else {
            throw APIFailure.malformed("outcome must be dismiss, untrue or not_here")
        }
        let canonical = Identifier.canonical(id) ?? id
        if memory.deleted.contains(canonical) { throw APIFailure.notFound("memory") }
        if let earlier = try replay(key, fingerprint: fingerprint) { return earlier }
        var b = try belief(canonical, ceiling: ceiling)
        switch outcome {
        case "dismiss":
            b.flagged = false
            b.position = memory.takePosition()
        case "untrue":
            b.status = "retired"
            b.validTo = now
        default:
            b.portability = "local"
            b.confidence = max(0, b.confidence - 0.2)
        }
        b.updatedAt = now
        memory.beliefs[b.id] = b
        return remember(key, fingerprint, (200, memory.view(b)))
    }

    private func delete(_ id: String) throws -> (Int, JSON?) {
        guard options.memoryChanges else { throw APIFailure.unsupportedMethod }
        let ceiling = try ceiling()
        let key = try key(maximum: 200)
        if let earlier = try replay(key, fingerprint: fingerprint) { return earlier }
        let b = try belief(id, ceiling: ceiling)
        memory.beliefs[b.id] = nil
        memory.deleted.insert(b.id)
        return remember(key, fingerprint, (204, nil))
    }

    // MARK: Synthesis

    private func synthesis(_ rest: [String]) throws -> (Int, JSON?) {
        switch (head.method, rest.count) {
        case ("GET", 0): return (200, try operations())
        case ("GET", 1):
            let ceiling = try ceiling(validation: true)
            return (200, memory.view(try operation(rest[0]), ceiling: ceiling))
        case ("POST", 2) where rest[1] == "undo": return try undo(rest[0])
        default: throw rest.count <= 2 ? APIFailure.unsupportedMethod : APIFailure.unknownRoute
        }
    }

    private func operation(_ id: String) throws -> MemoryState.Operation {
        guard let op = memory.operations[Identifier.canonical(id) ?? id] else { throw APIFailure.notFound("operation") }
        return op
    }

    private func operations() throws -> JSON {
        let ceiling = try ceiling(validation: true)
        let limit: Int
        do { limit = try Validation.limit(head.query("limit"), defaultValue: 50, maximum: 100) } catch {
            throw invalid("limit must be a positive integer", validation: true)
        }
        let kind = head.query("kind"), state = head.query("state")
        if let kind, !["merge", "summary", "hypothesis", "conflict"].contains(kind) {
            throw invalid("unknown kind", validation: true)
        }
        if let state, !["proposed", "committed", "rejected", "stale", "invalidated", "undone"].contains(state) {
            throw invalid("unknown state", validation: true)
        }
        let ops = memory.operationOrder.reversed().compactMap { memory.operations[$0] }
            .filter { (kind == nil || $0.kind == kind) && (state == nil || $0.state == state) }
        let start: Int
        do { start = try offset(head.query("cursor"), maximum: 2048) } catch {
            throw invalid("cursor is malformed", validation: true)
        }
        return page(ops.map { memory.view($0, ceiling: ceiling) }, start: start, limit: limit)
    }

    private func expectedRevision(_ fields: [String: JSON], validation: Bool) throws -> Int {
        guard let value = fields["expected_revision"]?.intValue, value >= 1 else {
            throw invalid("expected_revision must be an integer of at least 1", validation: validation)
        }
        return Int(value)
    }

    private func undo(_ id: String) throws -> (Int, JSON?) {
        let ceiling = try ceiling(validation: true)
        let key = try key(maximum: 128, validation: true)
        let fields: [String: JSON]
        do { fields = try Validation.closedObject(try Validation.jsonBody(body), allowed: ["expected_revision"]) } catch {
            throw invalid("the body must be {\"expected_revision\": N}", validation: true)
        }
        let revision = try expectedRevision(fields, validation: true)
        if let earlier = try replay(key, fingerprint: fingerprint) { return earlier }
        var op = try operation(id)
        guard op.revision == revision else { throw APIFailure.conflict("The operation has changed.") }
        guard op.kind == "merge", op.state == "committed", op.statement != nil, Set(op.sourceIDs).count >= 2 else {
            throw APIFailure.conflict("Only a committed merge of two or more memories can be undone.")
        }
        op.state = "undone"
        op.reason = "owner_undo"
        op.undoneAt = now
        op.revision += 1
        memory.operations[op.id] = op
        return remember(key, fingerprint, (200, memory.view(op, ceiling: ceiling)))
    }

    // MARK: Dreaming

    private func dreaming(_ rest: [String]) throws -> (Int, JSON?) {
        switch (head.method, rest.count) {
        case ("GET", 0): return (200, ["schedule": memory.scheduleView, "runs": .array(memory.runs.map(memory.view))])
        case ("POST", 1) where rest[0] == "schedule": return try schedule()
        case ("POST", 2) where rest[1] == "decision": return try decide(rest[0])
        default: throw rest.count <= 2 ? APIFailure.unsupportedMethod : APIFailure.unknownRoute
        }
    }

    private func schedule() throws -> (Int, JSON?) {
        let fields = try Validation.closedObject(try Validation.jsonBody(body), allowed: ["expected_revision", "paused"])
        let revision = try expectedRevision(fields, validation: false)
        guard case .bool(let paused)? = fields["paused"] else { throw APIFailure.malformed("paused must be a boolean") }
        let key = head.header("idempotency-key")
        if let key, let earlier = try replay(key, fingerprint: fingerprint) { return earlier }
        guard revision == memory.scheduleRevision else { throw APIFailure.conflict("The dreaming schedule has changed.") }
        if memory.paused != paused {
            memory.paused = paused
            memory.scheduleRevision += 1
            if !paused { memory.nextRunAt = now.adding(seconds: 6 * 3600) }
        }
        let answer: (Int, JSON?) = (200, memory.scheduleView)
        return key.map { remember($0, fingerprint, answer) } ?? answer
    }

    private func decide(_ id: String) throws -> (Int, JSON?) {
        let ceiling = try ceiling(validation: true)
        let key = try key(maximum: 128)
        let fields = try Validation.closedObject(try Validation.jsonBody(body), allowed: ["expected_revision", "decision"])
        let revision = try expectedRevision(fields, validation: false)
        guard let decision = fields["decision"]?.stringValue, ["approved", "rejected"].contains(decision) else {
            throw APIFailure.malformed("decision must be approved or rejected")
        }
        if let earlier = try replay(key, fingerprint: fingerprint) { return earlier }
        var op = try operation(id)
        guard op.revision == revision else { throw APIFailure.conflict("The operation has changed.") }
        guard op.state == "proposed" else { throw APIFailure.conflict("The proposal was already decided.") }
        op.state = decision == "approved" ? "committed" : "rejected"
        op.reason = decision == "approved" ? "owner_reviewed" : "owner_rejection"
        if decision == "approved" { op.committedAt = now }
        op.revision += 1
        memory.operations[op.id] = op
        return remember(key, fingerprint, (200, memory.view(op, ceiling: ceiling)))
    }
}
