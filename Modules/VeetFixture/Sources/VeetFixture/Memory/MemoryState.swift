import Foundation

/// The fixture's beliefs, synthesis operations and dreaming journal
/// (docs/wire/memory.md), seeded on first use and held with the rest of the store state.
final class MemoryState {
    struct Belief {
        var id: String
        var subject: String
        var statement: String
        var type: String
        var status: String
        var derivation: String
        var portability = "portable"
        var authority = "inferred"
        var sensitivity: String
        var confidence: Double
        var corroboration: Int
        var flagged: Bool
        var sessionID: String
        var eventIDs: [Int]
        var supersededBy: String?
        var validTo: Instant?
        var createdAt: Instant
        var updatedAt: Instant
        /// Store position: the list is newest position first; a review moves it up.
        var position: Int
    }

    struct Operation {
        var id: String
        var kind: String
        var state: String
        var revision = 1
        var reason: String
        var statement: String?
        var memoryID: String
        var sourceIDs: [String]
        var createdAt: Instant
        var committedAt: Instant?
        var invalidatedAt: Instant?
        var undoneAt: Instant?
    }

    struct Run {
        var id: String
        var startedAt: Instant
        var finishedAt: Instant?
        var outcome: String
        var reason: String
        var proposals: Int
        var providerCalls: Int
        var chargedUSD: String?
    }

    /// A write answered once, replayed for the same key and request.
    struct KeyedAnswer {
        var fingerprint: String
        var status: Int
        var body: JSON?
    }

    var seeded = false
    var beliefs: [String: Belief] = [:]
    var deleted: Set<String> = []
    var nextPosition = 0
    var operations: [String: Operation] = [:]
    var operationOrder: [String] = []
    var paused = false
    var scheduleRevision = 1
    var nextRunAt: Instant?
    var runs: [Run] = []
    var keys: [String: KeyedAnswer] = [:]

    static let sensitivities = ["public", "internal", "sensitive", "restricted"]

    static func rank(_ sensitivity: String) -> Int { sensitivities.firstIndex(of: sensitivity) ?? 0 }

    func visible(_ id: String, ceiling: String) -> Belief? {
        guard let belief = beliefs[id], Self.rank(belief.sensitivity) <= Self.rank(ceiling) else { return nil }
        return belief
    }

    /// Newest store position first.
    var listOrder: [Belief] { beliefs.values.sorted { $0.position > $1.position } }

    func takePosition() -> Int {
        nextPosition += 1
        return nextPosition
    }

    func view(_ b: Belief) -> JSON {
        [
            "id": .string(b.id), "subject": .string(b.subject), "statement": .string(b.statement),
            "belief_type": .string(b.type), "claim_kind": .string(b.type == "preference" ? "preference" : "fact"),
            "derivation": .string(b.derivation), "longevity": "durable", "status": .string(b.status),
            "polarity": "assert", "scope": "global", "portability": .string(b.portability),
            "authority": .string(b.authority), "sensitivity": .string(b.sensitivity),
            "confidence": .double((b.confidence * 100).rounded() / 100), "corroboration_count": .int(b.corroboration),
            "flagged_for_review": .bool(b.flagged), "conflicts_with": [], "superseded_by": .string(b.supersededBy),
            "source_session_id": .string(b.sessionID), "source_event_ids": .array(b.eventIDs.map { .int($0) }),
            "formation_run_id": .string(Self.id("f", b.position)), "consolidation_policy_version": "2026-08.1",
            "origin_scopes": ["global"], "valid_from": .string(b.createdAt.zulu), "valid_to": .string(b.validTo?.zulu),
            "expires_at": .null, "last_evidence_at": .string(b.updatedAt.zulu), "last_used_at": .null,
            "last_reinforced_at": .string(b.updatedAt.zulu), "created_at": .string(b.createdAt.zulu),
            "updated_at": .string(b.updatedAt.zulu),
        ]
    }

    func source(_ beliefID: String, ceiling: String) -> JSON {
        guard let belief = visible(beliefID, ceiling: ceiling) else {
            return ["belief_id": .string(beliefID), "content_revision": 1, "subject": .null, "statement": .null,
                    "session_id": .null, "event_ids": [], "omitted": true]
        }
        return ["belief_id": .string(beliefID), "content_revision": 1, "subject": .string(belief.subject),
                "statement": .string(belief.statement), "session_id": .string(belief.sessionID),
                "event_ids": .array(belief.eventIDs.map { .int($0) }), "omitted": false]
    }

    func view(_ op: Operation, ceiling: String) -> JSON {
        let content: JSON = op.statement.map { statement in
            ["memory_id": .string(op.memoryID), "subject": "owner",
             "statement": .string(statement),
             "clauses": [["text": .string(statement), "source_ids": .array(op.sourceIDs.map { .string($0) })]]]
        } ?? .null
        return [
            "id": .string(op.id), "kind": .string(op.kind), "state": .string(op.state), "revision": .int(op.revision),
            "reason": .string(op.reason), "policy": "reconsolidation-2026-08", "model_identity": "fixture-model",
            "created_at": .string(op.createdAt.zulu), "committed_at": .string(op.committedAt?.zulu),
            "invalidated_at": .string(op.invalidatedAt?.zulu), "undone_at": .string(op.undoneAt?.zulu),
            "content": content, "sources": .array(op.sourceIDs.map { source($0, ceiling: ceiling) }),
        ]
    }

    var scheduleView: JSON {
        ["paused": .bool(paused), "next_run_at": .string(paused ? nil : nextRunAt?.zulu), "revision": .int(scheduleRevision)]
    }

    func view(_ run: Run) -> JSON {
        [
            "id": .string(run.id), "started_at": .string(run.startedAt.zulu), "finished_at": .string(run.finishedAt?.zulu),
            "outcome": .string(run.outcome), "reason": .string(run.reason), "proposals": .int(run.proposals),
            "provider_calls": .int(run.providerCalls), "charged_usd": .string(run.chargedUSD),
        ]
    }

    /// A stable UUID-shaped id: `prefix` (hex) and a number.
    static func id(_ prefix: String, _ number: some BinaryInteger) -> String {
        let head = (prefix + "00000000").prefix(8)
        return "\(head)-0000-4000-8000-" + String(format: "%012llx", UInt64(number))
    }
}
