import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Plain requests to the fixture for a test's setup, outside the client
/// (a run put in place, a conversation made by "another device").
struct FixtureRequests {
    let fixture: FixtureProcess

    func json(_ method: String, _ path: String, body: [String: Any]? = nil) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: try data(method, path, body: body)) as? [String: Any] ?? [:]
    }

    /// A route that answers a bare JSON array (a profile's ceremonies, docs/wire/website-access.md).
    func array(_ path: String) throws -> [[String: Any]] {
        try JSONSerialization.jsonObject(with: try data("GET", path, body: nil)) as? [[String: Any]] ?? []
    }

    private func data(_ method: String, _ path: String, body: [String: Any]?) throws -> Data {
        var request = URLRequest(url: URL(string: fixture.url + path)!)
        request.httpMethod = method
        request.setValue("Bearer \(fixture.token)", forHTTPHeaderField: "Authorization")
        if let body {
            request.httpBody = try JSONSerialization.data(withJSONObject: body)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            // Only a submission takes a key (docs/wire/sessions-runs.md §2.1: creating a conversation does not).
            if path.hasSuffix("/messages") { request.setValue(UUID().uuidString, forHTTPHeaderField: "Idempotency-Key") }
        }
        let answer = AnswerBox()
        let done = DispatchSemaphore(value: 0)
        URLSession.shared.dataTask(with: request) { data, _, error in
            answer.set(data, error)
            done.signal()
        }.resume()
        guard done.wait(timeout: .now() + 15) == .success else { throw HarnessError("\(method) \(path) timed out") }
        let (data, error) = answer.value
        if let error { throw error }
        return data ?? Data()
    }

    /// A new conversation with one message sent in it; returns the session and run ids.
    func conversation(saying text: String) throws -> (sessionID: String, runID: String) {
        let session = try json("POST", "/v1/sessions", body: ["agent_id": "general", "metadata": ["client": "e2e"]])
        let sessionID = try (session["id"] as? String).orThrow("no session id in \(session)")
        let submitted = try json("POST", "/v1/sessions/\(sessionID)/messages",
                                 body: ["content": [["type": "text", "text": text]]])
        let runID = try (submitted["run_id"] as? String).orThrow("no run id in \(submitted)")
        return (sessionID, runID)
    }
}

/// One answer handed from URLSession's queue to the waiting test.
private final class AnswerBox: @unchecked Sendable {  // guarded by `lock`
    private let lock = NSLock()
    private var data: Data?
    private var error: (any Error)?
    func set(_ data: Data?, _ error: (any Error)?) {
        lock.lock(); defer { lock.unlock() }
        self.data = data
        self.error = error
    }
    var value: (Data?, (any Error)?) { lock.lock(); defer { lock.unlock() }; return (data, error) }
}

extension Optional {
    func orThrow(_ message: @autoclosure () -> String) throws -> Wrapped {
        guard let self else { throw HarnessError(message()) }
        return self
    }
}

/// A program left running while the test watches its output (stdout and
/// stderr together, as read so far); killed by `stop()`.
final class RunningProgram: @unchecked Sendable {  // output guarded by `lock`; Process used from one test
    let process = Process()
    private let lock = NSLock()
    private var collected = Data()

    init(_ executable: URL, _ arguments: [String], environment: [String: String]) throws {
        process.executableURL = executable
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        for key in ["VEET_URL", "VEET_TOKEN", "NO_COLOR", "COLORTERM"] { env[key] = nil }
        env.merge(environment) { _, new in new }
        process.environment = env
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        pipe.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            guard let self, !data.isEmpty else { return }
            self.lock.lock(); defer { self.lock.unlock() }
            self.collected.append(data)
        }
        try process.run()
    }

    var output: String { lock.lock(); defer { lock.unlock() }; return String(decoding: collected, as: UTF8.self) }

    func waitFor(_ text: String, seconds: Double = 15) throws -> String {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if output.contains(text) { return output }
            usleep(50_000)
        }
        throw HarnessError("waited \(seconds) s for \(text.debugDescription); the output so far:\n\(output)")
    }

    func stop() {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    deinit { stop() }
}
