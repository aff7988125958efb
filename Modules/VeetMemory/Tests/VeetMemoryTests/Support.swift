import Foundation
import VeetTestSupport
import VeetTransport
@testable import VeetMemory

/// Memory-route answers for the `ScriptedServer`.
enum Wire {
    static func belief(_ id: String, statement: String = "Prefers morning meetings", type: String = "preference",
                       status: String = "active", flagged: Bool = false, portability: String = "portable",
                       confidence: Double = 0.72, updated: String = "2026-09-01T00:00:00Z") -> [String: Any] {
        [
            "id": id, "subject": "owner", "statement": statement, "belief_type": type, "claim_kind": "preference",
            "derivation": "direct", "longevity": "durable", "status": status, "polarity": "assert",
            "scope": "global", "portability": portability, "authority": "inferred", "sensitivity": "internal",
            "confidence": confidence, "corroboration_count": 2, "flagged_for_review": flagged, "conflicts_with": [],
            "superseded_by": NSNull(), "source_session_id": "s1", "source_event_ids": [12, 15],
            "formation_run_id": "r1", "consolidation_policy_version": "v1", "origin_scopes": ["global"],
            "valid_from": "2026-08-01T00:00:00Z", "valid_to": NSNull(), "expires_at": NSNull(),
            "last_evidence_at": updated, "last_used_at": NSNull(), "last_reinforced_at": updated,
            "created_at": "2026-08-01T00:00:00Z", "updated_at": updated,
        ]
    }

    static func operation(_ id: String, kind: String = "merge", state: String = "committed", revision: Int = 1,
                          sources: [String] = ["b1", "b2"], content: Bool = true) -> [String: Any] {
        [
            "id": id, "kind": kind, "state": state, "revision": revision, "reason": "equivalent", "policy": "p",
            "model_identity": "m", "created_at": "2026-09-01T00:00:00Z", "committed_at": "2026-09-01T00:00:00Z",
            "content": content ? ["memory_id": "sum1", "subject": "owner", "statement": "Likes mornings",
                                  "clauses": [["text": "Likes mornings", "source_ids": sources]]] as Any : NSNull(),
            "sources": sources.map { ["belief_id": $0, "content_revision": 1, "subject": "owner", "statement": "x",
                                      "session_id": "s1", "event_ids": [1], "omitted": false] },
        ]
    }

    static var journal: [String: Any] { [
        "schedule": ["paused": false, "next_run_at": "2026-09-02T03:00:00Z", "revision": 4],
        "runs": [["id": "run1", "started_at": "2026-09-01T03:00:00Z", "finished_at": "2026-09-01T03:01:00Z",
                  "outcome": "proposed", "reason": "reviewed", "proposals": 2, "provider_calls": 1,
                  "charged_usd": "0.04"]],
    ] }

    static func page(_ items: [[String: Any]], next: String? = nil) -> HTTPResponse {
        .json(["items": items, "next_cursor": next.map { $0 as Any } ?? NSNull()])
    }

    static func api(_ server: ScriptedServer, retry: RetryPolicy = .never) -> MemoryAPI {
        MemoryAPI(sender: server.sender, retry: retry)
    }
}
