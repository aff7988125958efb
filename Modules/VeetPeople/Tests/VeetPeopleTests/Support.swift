import Foundation
import VeetTestSupport
import VeetTransport
@testable import VeetPeople

/// People-route answers for the `ScriptedServer`.
enum Wire {
    static let audit = "00000000-0000-4000-8000-00000000a0d1"

    static func person(_ id: String, _ name: String, revision: Int = 1, pinned: Bool = false,
                       state: String = "active") -> [String: Any] {
        ["kind": "person", "id": id, "revision": revision, "display_name": name, "state": state, "pinned": pinned,
         "merged_into": NSNull(), "sensitivity": "sensitive", "support_ids": [String](),
         "created_at": "2026-08-01T10:00:00Z", "updated_at": "2026-08-01T10:00:00Z", "future_field": 7]
    }

    static func page(_ items: [[String: Any]], next: String? = nil) -> HTTPResponse {
        .json(["items": items, "next_cursor": next.map { $0 as Any } ?? NSNull()])
    }

    static func operation(_ id: String, state: String = "preview", revision: Int = 1,
                          expires: String = "2099-01-01T00:00:00Z", automatic: Bool? = nil) -> [String: Any] {
        var op: [String: Any] = [
            "id": id, "revision": revision, "operation": "merge", "state": state, "person_ids": ["p1", "p2"],
            "expected_revisions": ["p1": 1, "p2": 1],
            "assignments": [["entity_id": "e1", "before_person_id": "p1", "after_person_id": "p2",
                             "expected_revision": 1, "previous_unresolved": false, "replacement_unresolved": NSNull()]],
            "expires_at": expires, "undo_of": NSNull(),
        ]
        if let automatic { op["automatic"] = automatic }
        return op
    }

    static func api(_ server: ScriptedServer) -> PeopleAPI {
        PeopleAPI(sender: server.sender).auditing(in: audit)
    }
}

extension HTTPRequest {
    var queryNames: [String] { query.map(\.name) }
    func queryValues(_ name: String) -> [String] { query.filter { $0.name == name }.compactMap(\.value) }
}
