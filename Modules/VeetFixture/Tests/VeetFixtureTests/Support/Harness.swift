import Foundation
import VeetFixture

/// A fixture server on a free port plus request helpers for one test.
final class Harness {
    static let token = "test-token-7f3c"
    let server: FixtureServer
    let port: UInt16

    init(options: FixtureOptions = .testing, holdRuns: Bool = false) throws {
        var options = options
        options.holdRuns = holdRuns
        server = FixtureServer(token: Self.token, options: options)
        let url = try server.start()
        guard let port = url.port.flatMap(UInt16.init) else { throw TestFailure("no port in \(url)") }
        self.port = port
    }

    deinit { server.stop() }

    /// Raw request bytes for `method path`, with the token unless `token` is nil.
    func rawRequest(
        _ method: String, _ path: String, headers: [(String, String)] = [], body: String? = nil,
        token: String? = Harness.token, close: Bool = true
    ) -> String {
        var lines = ["\(method) \(path) HTTP/1.1", "Host: 127.0.0.1:\(port)"]
        if let token { lines.append("Authorization: Bearer \(token)") }
        for (name, value) in headers { lines.append("\(name): \(value)") }
        if let body {
            if !headers.contains(where: { $0.0.lowercased() == "content-type" }) {
                lines.append("Content-Type: application/json")
            }
            lines.append("Content-Length: \(body.utf8.count)")
        }
        if close { lines.append("Connection: close") }
        return lines.joined(separator: "\r\n") + "\r\n\r\n" + (body ?? "")
    }

    /// One request on a fresh connection.
    func request(
        _ method: String, _ path: String, headers: [(String, String)] = [], body: String? = nil,
        token: String? = Harness.token
    ) throws -> TestResponse {
        let connection = try TestConnection(port: port)
        try connection.send(rawRequest(method, path, headers: headers, body: body, token: token))
        return try connection.readResponse(expectBody: method != "HEAD")
    }

    func createSession() throws -> String {
        let response = try request("POST", "/v1/sessions", body: #"{"agent_id":"general"}"#)
        guard response.status == 201, let id = response.object["id"] as? String else {
            throw TestFailure("create session: \(response.status) \(response.text)")
        }
        return id
    }

    /// `{"content":[{"type":"text","text":…}]}` plus any extra members.
    static func messageBody(_ text: String, extra: [String: Any] = [:]) -> String {
        var object: [String: Any] = ["content": [["type": "text", "text": text]]]
        object.merge(extra) { _, new in new }
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    func submit(_ sessionID: String, _ text: String, key: String? = nil) throws -> TestResponse {
        let headers = key.map { [("Idempotency-Key", $0)] } ?? []
        return try request("POST", "/v1/sessions/\(sessionID)/messages", headers: headers, body: Self.messageBody(text))
    }

    /// Submits and returns the new run id (expects 202).
    func startRun(_ sessionID: String, _ text: String) throws -> String {
        let response = try submit(sessionID, text)
        guard response.status == 202, let runID = response.object["run_id"] as? String else {
            throw TestFailure("submit: \(response.status) \(response.text)")
        }
        return runID
    }

    func openStream(_ runID: String, lastEventID: String? = nil, token: String? = Harness.token) throws
        -> EventStreamReader
    {
        let connection = try TestConnection(port: port)
        let headers = lastEventID.map { [("Last-Event-ID", $0)] } ?? []
        try connection.send(
            rawRequest("GET", "/v1/runs/\(runID)/events", headers: [("Accept", "text/event-stream")] + headers, token: token))
        return try EventStreamReader(connection: connection)
    }

    func resolve(_ approvalID: String, _ decision: String) throws -> TestResponse {
        try request("POST", "/v1/approvals/\(approvalID)/resolve", body: #"{"decision":"\#(decision)"}"#)
    }

    func cancel(_ runID: String) throws -> TestResponse {
        try request("POST", "/v1/runs/\(runID)/cancel")
    }

    func answer(_ runID: String, _ text: String, questionID: String?) throws -> TestResponse {
        let extra: [String: Any] = questionID.map { ["question_id": $0] } ?? [:]
        return try request("POST", "/v1/runs/\(runID)/input", body: Self.messageBody(text, extra: extra))
    }

    /// Streams a run from the start until its end and returns every frame.
    func streamToEnd(_ runID: String) throws -> [SSEFrame] {
        try openStream(runID).readToEnd()
    }
}
