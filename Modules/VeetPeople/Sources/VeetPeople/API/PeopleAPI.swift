import Foundation
import VeetTransport
import VeetWire

/// The People routes (docs/wire/people.md), one call each, no state. Every route gets
/// `ceiling` (the owner's app sends `restricted`, docs/wire/people.md §1); every list follows its
/// cursor with `Page.all`. Non-2xx answers throw `APIError`; `PeopleError.from`
/// says what one means.
public struct PeopleAPI: Sendable {
    public let send: HTTPRequestSender
    public let ceiling: Sensitivity
    /// The audit session every write body carries (docs/wire/people.md §1).
    public let auditSessionID: String?

    /// Reads, and writes (all of which carry an `Idempotency-Key`), retry on
    /// 429/5xx and lost answers, each retry with the same key and body.
    public init(sender: HTTPRequestSender, ceiling: Sensitivity = .restricted, auditSessionID: String? = nil,
                retry: RetryPolicy = .standard) {
        send = sender.retrying(retry, .readsAndKeyedWrites)
        self.ceiling = ceiling
        self.auditSessionID = auditSessionID
    }

    private init(keeping send: HTTPRequestSender, ceiling: Sensitivity, auditSessionID: String?) {
        self.send = send
        self.ceiling = ceiling
        self.auditSessionID = auditSessionID
    }

    /// The same API writing into `sessionID`'s audit trail.
    public func auditing(in sessionID: String) -> PeopleAPI {
        PeopleAPI(keeping: send, ceiling: ceiling, auditSessionID: sessionID)
    }

    var ceilingQuery: URLQueryItem { URLQueryItem(name: "ceiling", value: ceiling.rawValue) }

    func get(_ path: String, _ query: [URLQueryItem] = [], limit: Int? = nil, cursor: String? = nil) -> HTTPRequest {
        .page(path, query: [ceilingQuery] + query, limit: limit, cursor: cursor)
    }

    // MARK: Directory

    /// One page of the directory (limit 1–100).
    public func directoryPage(_ query: DirectoryQuery = DirectoryQuery(), limit: Int = 50,
                              cursor: String? = nil) async throws -> Page<Person> {
        try await send(get("/v1/people", query.query, limit: min(max(limit, 1), 100), cursor: cursor)).decoded()
    }

    /// The whole collection (up to `maxItems`), following every cursor; a person
    /// listed twice across pages is kept once.
    public func directory(_ query: DirectoryQuery = DirectoryQuery(), maxItems: Int? = nil) async throws -> [Person] {
        let people = try await Page<Person>.all(maxItems: maxItems) { try await directoryPage(query, limit: 100, cursor: $0) }
        var seen: Set<String> = []
        return people.filter { seen.insert($0.id).inserted }
    }

    // MARK: A person

    public func profile(id: String) async throws -> PersonProfile {
        try await send(get("/v1/people/\(segment: id)")).decoded()
    }

    public func relationships(personID: String) async throws -> [Relationship] {
        try await section("relationships", personID)
    }

    /// The whole history timeline, email summaries included.
    public func history(personID: String) async throws -> [Interaction] {
        try await section("history", personID)
    }

    /// Every fact, with the revisions corrections need.
    public func facts(personID: String) async throws -> (facts: [PersonFact], revisions: [String: Int]) {
        var revisions: [String: Int] = [:]
        let facts = try await Page<PersonFact>.all { cursor in
            let page: SectionPage<PersonFact> = try await send(
                get("/v1/people/\(segment: personID)/facts", limit: 100, cursor: cursor)).decoded()
            revisions.merge(page.factRevisions) { _, new in new }
            return page.page
        }
        return (facts, revisions)
    }

    /// What this identity is made of (Repair identity picks from it).
    public func identityEvidence(personID: String) async throws -> [IdentityEvidence] {
        try await Page<IdentityEvidence>.all { cursor in
            try await send(get("/v1/people/\(segment: personID)/identity-evidence", limit: 100, cursor: cursor)).decoded()
        }
    }

    /// One source reference (Inspect evidence).
    public func evidence(personID: String, reference: String) async throws -> EvidenceReference {
        try await send(get("/v1/people/\(segment: personID)/evidence/\(segment: reference)")).decoded()
    }

    private func section<Item: Codable & Sendable & Hashable>(_ name: String, _ personID: String) async throws -> [Item] {
        try await Page<Item>.all { cursor in
            let page: SectionPage<Item> = try await send(
                get("/v1/people/\(segment: personID)/\(segment: name)", limit: 100, cursor: cursor)).decoded()
            return page.page
        }
    }

    // MARK: Identity reads

    /// Open merge suggestions. The route exists on newer servers only: any
    /// failure (400 from an older server parsing it as a person id, 404, 405,
    /// anything) means "no suggestions" (docs/wire/people.md §2).
    public func mergeSuggestions() async -> [MergeSuggestion] {
        do {
            return try await Page<MergeSuggestion>.all { cursor in
                try await send(get("/v1/people/merge-suggestions", limit: 100, cursor: cursor)).decoded()
            }.filter { $0.state == .open }
        } catch {
            return []
        }
    }

    public func operation(id: String) async throws -> IdentityOperation {
        try await send(get("/v1/people/operations/\(segment: id)")).decoded()
    }

    /// Reads the operation until it is `completed` (or `cancelled`), waiting
    /// `interval` between reads through the sender's sleeper, at most `attempts` reads.
    public func waitForCompletion(operationID: String, interval: Duration = .milliseconds(500),
                                  attempts: Int = 40) async throws -> IdentityOperation {
        for attempt in 1...max(attempts, 1) {
            let current = try await operation(id: operationID)
            if current.state == .completed || current.state == .cancelled { return current }
            if attempt < attempts { try await send.sleeper(interval) }
        }
        throw PeopleError.stillRunning(operationID: operationID)
    }

    /// The answers that mean "this server has no People" (docs/wire/people.md §1: 404/405).
    public static func meansUnavailable(_ error: any Error) -> Bool {
        ServerRefusal.meansNotOffered(error)
    }
}
