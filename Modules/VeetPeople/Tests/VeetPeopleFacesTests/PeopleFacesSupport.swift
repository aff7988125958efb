import Foundation
import Synchronization
import VeetConsole
import VeetPeople
import VeetPeopleScreens
import VeetTestSupport
import VeetTransport

/// People answers for the scripted server, shared by the faces' tests.
enum PeopleWire {
    static let audit = "00000000-0000-4000-8000-00000000a0d1"

    static func person(_ id: String, _ name: String, revision: Int = 1, pinned: Bool = false) -> [String: Any] {
        ["id": id, "revision": revision, "display_name": name, "state": "active", "pinned": pinned]
    }

    static func profile(_ id: String, _ name: String, revision: Int = 1, aliases: Int = 0) -> HTTPResponse {
        .json(["person": person(id, name, revision: revision),
               "aliases": (0..<aliases).map { ["id": "a\($0)", "revision": 1, "identifier_kind": "email",
                                               "value": "m\($0)@example.com"] }])
    }

    static func api(_ server: ScriptedServer) -> PeopleAPI {
        PeopleAPI(sender: server.sender)
    }

    static let audited: @Sendable (PeopleAPI) async throws -> PeopleAPI = { $0.auditing(in: audit) }
}

/// Collects a work run's reports (they come from the run's task).
final class Reports: Sendable {
    private let list = Mutex<[PeopleScreenResult]>([])
    func add(_ result: PeopleScreenResult) { list.withLock { $0.append(result) } }
    var all: [PeopleScreenResult] { list.withLock { $0 } }
}

typealias Captured = ConsoleCapture
