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

/// stdout and stderr of an in-process command run, as files read back after it.
struct Captured {
    let outURL = FileManager.default.temporaryDirectory.appendingPathComponent("people-out-\(UUID().uuidString)")
    let errURL = FileManager.default.temporaryDirectory.appendingPathComponent("people-err-\(UUID().uuidString)")
    let out: FileHandle
    let err: FileHandle

    init() throws {
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        out = try FileHandle(forWritingTo: outURL)
        err = try FileHandle(forWritingTo: errURL)
    }

    func console(json: Bool = false, answer: String? = nil) -> Console {
        let terminal = Terminal(stdinIsTerminal: answer != nil, stdoutIsTerminal: false, stderrIsTerminal: false,
                                width: 80, colorMode: .never, environment: [:])
        return Console(out: Output(fileDescriptor: out.fileDescriptor), err: Output(fileDescriptor: err.fileDescriptor),
                       terminal: terminal, json: json, programName: "veet", readLine: { _ in answer })
    }

    var stdout: String { (try? String(contentsOf: outURL, encoding: .utf8)) ?? "" }
    var stderr: String { (try? String(contentsOf: errURL, encoding: .utf8)) ?? "" }
}
