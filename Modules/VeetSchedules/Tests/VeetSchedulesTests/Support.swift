import Foundation
import VeetTestSupport
import VeetTransport

/// Schedule-route answers for the `ScriptedServer`.
enum Wire {
    static func record(id: String = "sch1", state: String = "ACTIVE", revision: Int = 2) -> [String: Any] {
        [
            "schedule": ["id": id, "state": state, "pause_reason": NSNull(), "current_revision": revision,
                         "next_fire_at": "2026-09-21T12:00:00Z", "consecutive_failures": 0,
                         "created_at": "2026-09-01T00:00:00Z", "updated_at": "2026-09-01T00:00:00Z"],
            "revision": ["schedule_id": id, "revision": revision, "title": "Morning briefing",
                         "instruction": "Summarize my calendar.", "agent_id": "a1", "agent_version": "1.4.0",
                         "policy_profile": "default", "requested_scopes": ["memory.read"],
                         "limits": ["max_steps": 20, "max_model_calls": 20, "max_tool_calls": 40, "max_cost": "0.50",
                                    "deadline_at": NSNull()],
                         "run_timeout_seconds": 900,
                         "cadence": ["kind": "DAILY", "local_time": "08:00:00", "timezone": "Europe/Paris"],
                         "timezone": "Europe/Paris", "misfire_grace_seconds": 3600, "max_consecutive_failures": 3,
                         "created_at": "2026-09-01T00:00:00Z"],
        ]
    }

    static func listItem(_ id: String, _ state: String) -> [String: Any] {
        ["id": id, "state": state, "current_revision": 1, "title": id.uppercased(), "instruction_preview": "x"]
    }

    static func page(_ items: [[String: Any]], next: String? = nil) -> HTTPResponse {
        .json(["items": items, "next_cursor": next.map { $0 as Any } ?? NSNull()])
    }
}
