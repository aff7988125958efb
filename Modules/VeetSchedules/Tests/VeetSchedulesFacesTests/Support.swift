import Foundation
import Synchronization
import VeetSchedules
import VeetSchedulesScreens
import VeetTestSupport
import VeetTransport

/// Schedules as the server sends them, for the screen and the commands.
enum Shapes {
    static func decode<T: Decodable>(_ type: T.Type, _ object: Any) throws -> T {
        try WireJSON.decoder().decode(T.self, from: try JSONSerialization.data(withJSONObject: object))
    }

    static func record(id: String = "sch1", state: String = "ACTIVE", revision: Int = 2,
                       title: String = "Morning briefing") -> [String: Any] {
        [
            "schedule": ["id": id, "state": state, "pause_reason": NSNull(), "current_revision": revision,
                         "next_fire_at": "2026-12-02T08:00:00Z", "consecutive_failures": 0,
                         "created_at": "2026-11-20T09:00:00Z", "updated_at": "2026-11-28T09:00:00Z"],
            "revision": ["schedule_id": id, "revision": revision, "title": title,
                         "instruction": "Summarize my calendar and flag conflicts.", "agent_id": "a1",
                         "agent_version": "1.4.0", "policy_profile": "default", "requested_scopes": ["memory.read"],
                         "limits": ["max_steps": 20, "max_model_calls": 20, "max_tool_calls": 40, "max_cost": "0.50",
                                    "deadline_at": NSNull()],
                         "run_timeout_seconds": 900,
                         "cadence": ["kind": "DAILY", "local_time": "08:00:00", "timezone": "Europe/Lisbon"],
                         "timezone": "Europe/Lisbon", "misfire_grace_seconds": 3600, "max_consecutive_failures": 3,
                         "created_at": "2026-11-28T09:00:00Z"],
        ]
    }

    static func item(_ id: String, _ state: String, title: String) -> [String: Any] {
        ["id": id, "state": state, "current_revision": 2, "title": title, "instruction_preview": "x",
         "next_fire_at": state == "ACTIVE" ? "2026-12-02T08:00:00Z" : NSNull(),
         "cadence": ["kind": "DAILY", "local_time": "08:00:00", "timezone": "Europe/Lisbon"]]
    }

    static var items: [ScheduleListItem] {
        get throws {
            try decode([ScheduleListItem].self, [item("sch1", "ACTIVE", title: "Morning briefing"),
                                                 item("sch2", "COMPLETED", title: "Passport reminder")])
        }
    }

    static func page(_ items: [[String: Any]]) -> HTTPResponse {
        .json(["items": items, "next_cursor": NSNull()])
    }
}

/// Collects a run's reports (they come from the run's task).
final class Reports: Sendable {
    private let list = Mutex<[SchedulesScreenResult]>([])
    func add(_ result: SchedulesScreenResult) { list.withLock { $0.append(result) } }
    var all: [SchedulesScreenResult] { list.withLock { $0 } }
}
