import Foundation
import Testing
import VeetFixture

extension Harness {
    /// `POST /v1/sessions/{id}/artifacts` with raw bytes; nil headers are left out.
    func upload(
        _ sessionID: String, bytes: Data, filename: String? = "notes.txt", contentType: String? = "text/plain",
        key: String? = UUID().uuidString
    ) throws -> TestResponse {
        var lines = [
            "POST /v1/sessions/\(sessionID)/artifacts HTTP/1.1", "Host: 127.0.0.1:\(port)",
            "Authorization: Bearer \(Harness.token)", "Content-Length: \(bytes.count)", "Connection: close",
        ]
        if let filename { lines.append("X-Filename: \(filename)") }
        if let contentType { lines.append("Content-Type: \(contentType)") }
        if let key { lines.append("Idempotency-Key: \(key)") }
        let connection = try TestConnection(port: port)
        try connection.send(Data((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8) + bytes)
        return try connection.readResponse()
    }

    /// A run of `prompt` in a new session, attached before it starts so every frame is seen.
    func attachFromStart(_ prompt: String) throws -> (session: String, run: String, stream: EventStreamReader) {
        server.holdRuns(true)
        let session = try createSession()
        let run = try startRun(session, prompt)
        let stream = try openStream(run)
        server.holdRuns(false)
        return (session, run, stream)
    }

    /// Every page of `GET /v1/sessions` until no cursor; stops after `maximumPages`.
    func walkSessions(limit: Int, maximumPages: Int = 10_000) throws -> (ids: [String], items: [[String: Any]], cursors: [String]) {
        var ids: [String] = []
        var items: [[String: Any]] = []
        var cursors: [String] = []
        var cursor: String?
        repeat {
            let query = cursor.map { "&cursor=\($0)" } ?? ""
            let page = try request("GET", "/v1/sessions?limit=\(limit)\(query)")
            guard page.status == 200 else { throw TestFailure("list: \(page.status) \(page.text)") }
            let pageItems = page.object["items"] as? [[String: Any]] ?? []
            items += pageItems
            ids += pageItems.compactMap { $0["id"] as? String }
            cursor = page.object["next_cursor"] as? String
            if let cursor { cursors.append(cursor) }
        } while cursor != nil && cursors.count < maximumPages
        return (ids, items, cursors)
    }
}

/// Checks that hold for every live run stream.
enum StreamChecks {
    /// Persisted ids strictly increase; the last frame is the run's terminal event; transient
    /// frames carry no id; every data object carries the run id (except overflow).
    static func expectWellFormed(_ frames: [SSEFrame], runID: String, terminal: String) {
        let ids = frames.compactMap(\.id)
        #expect(ids == ids.sorted() && Set(ids).count == ids.count, "ids must strictly increase")
        let events = frames.filter { !$0.isHeartbeat }
        #expect(events.last?.event == terminal)
        #expect(events.last?.id != nil)
        for frame in events {
            #expect(frame.object["run_id"] as? String == runID, "\(frame.event ?? "?") lacks run_id")
            if ["message.delta", "reasoning.delta", "usage.provisional"].contains(frame.event) { #expect(frame.id == nil) }
        }
        let terminals = events.filter { ["run.completed", "run.failed", "run.cancelled"].contains($0.event) }
        #expect(terminals.count == 1)
    }

    /// The tool lifecycle frames (`tool.call.*`) of a stream.
    static func toolFrames(_ frames: [SSEFrame]) -> [SSEFrame] {
        frames.filter { $0.event?.hasPrefix("tool.call.") == true }
    }

    /// The outcome document inside a tool frame's result (first text part, parsed).
    static func outcome(_ frame: SSEFrame) -> [String: Any] {
        let result = frame.object["result_item"] as? [String: Any]
        let text = ((result?["content"] as? [[String: Any]])?.first?["text"] as? String) ?? ""
        return (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] ?? [:]
    }
}
