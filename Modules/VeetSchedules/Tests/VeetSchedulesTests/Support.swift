import Foundation
import VeetTransport
@testable import VeetSchedules

/// A scripted server that records every request.
actor FakeScheduleServer {
    typealias Handler = @Sendable (HTTPRequest) -> HTTPResponse
    private(set) var requests: [HTTPRequest] = []
    private let handler: Handler

    init(_ handler: @escaping Handler) { self.handler = handler }

    func answer(_ request: HTTPRequest) -> HTTPResponse {
        requests.append(request)
        return handler(request)
    }

    nonisolated var api: SchedulesAPI {
        SchedulesAPI(sender: HTTPRequestSender(send: { await self.answer($0) }), retry: .never)
    }
}

enum Wire {
    static func json(_ status: Int, _ object: Any) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["content-type": "application/json"],
                     body: (try? JSONSerialization.data(withJSONObject: object)) ?? Data())
    }

    static func error(_ status: Int, _ code: String, reason: String? = nil) -> HTTPResponse {
        json(status, ["error": ["code": code, "message": "refused", "details": reason.map { ["reason": $0] } ?? [:]]])
    }

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

    static func body(_ request: HTTPRequest) -> [String: Any]? {
        request.body.flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] }
    }
}
