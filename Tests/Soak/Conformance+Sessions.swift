import Foundation
import VeetChat
import VeetTransport
import VeetWire

/// Health, sessions, submission, the event stream, the run view and the
/// transcript (docs/wire/README.md §9 rows 1–8, 34–35; docs/wire/streaming.md).
extension Conformance {
    mutating func checkSessions() async {
        let client: HTTPClient
        let api: ChatAPI
        do {
            client = try SoakTarget.client(target.url, token: target.token)
            api = try target.api()
        } catch {
            await check("connect", .chat) { "\(error)" }
            return
        }
        let anonymous = try? SoakTarget.client(target.url, token: "not-the-token-\(UUID().uuidString)")
        var sessionID = ""
        var runID = ""
        var key = IdempotencyKey()
        var extraSessions: [String] = []

        await check("GET /health/live", .health, probe: true) {
            let response = try await client.send(.get("/health/live"))
            if response.status == 404 { throw APIError(response: response) }
            return Self.healthMismatch(response, expected: [200: "ok"])
        }
        await check("GET /health/ready", .health) {
            Self.healthMismatch(try await client.send(.get("/health/ready")), expected: [200: "ready", 503: "not_ready"])
        }
        await check("POST /v1/sessions", .chat) {
            let session = try await api.createSession()
            sessionID = session.id
            return session.id.isEmpty ? "empty session id" : session.status == .active ? nil : "status \(session.status), expected ACTIVE"
        }
        await check("GET /v1/sessions (paged: limit, cursor)", .chat) {
            let second = try await api.createSession()
            extraSessions.append(second.id)
            let first = try await api.sessionsPage(limit: 1)
            guard first.items.count == 1 else { return "limit=1 gave \(first.items.count) items" }
            guard let cursor = first.nextCursor else { return "no next_cursor with two sessions" }
            let next = try await api.sessionsPage(limit: 1, cursor: cursor)
            return next.items.first?.id == first.items.first?.id ? "the cursor repeated the first page" : nil
        }
        await check("GET /v1/sessions?cursor=garbled → 400 envelope", .chat) {
            Self.envelopeMismatch(try await client.send(.get("/v1/sessions", query: [URLQueryItem(name: "cursor", value: "%%%")])),
                                  status: 400, code: .malformedRequest)
        }
        await check("GET /v1/sessions/{id}", .chat) {
            let session = try await api.session(id: sessionID)
            return session.id.lowercased() == sessionID.lowercased() ? nil : "asked \(sessionID), got \(session.id)"
        }
        await check("GET /v1/sessions/{unknown} → 404 envelope", .chat) {
            Self.envelopeMismatch(try await client.send(.get("/v1/sessions/\(Self.unknownID)")), status: 404, code: .notFound)
        }
        await check("GET /v1/sessions without the token → 401 envelope", .chat) {
            guard let anonymous else { return "no client without the token" }
            let response = try await anonymous.send(.get("/v1/sessions"))
            guard response.status == 401 else { return "status \(response.status), expected 401" }
            return APIError(response: response).message.isEmpty ? "no message in the envelope" : nil
        }
        await check("POST /v1/sessions as text/plain → 415", .chat) {
            var request = HTTPRequest.post("/v1/sessions")
            request.body = Data("{}".utf8)
            request.headers["Content-Type"] = "text/plain"
            return Self.envelopeMismatch(try await client.send(request), status: 415, code: .unsupportedMediaType)
        }
        await check("POST /v1/sessions/{id}/messages (202, replay 200 same run)", .chat) {
            guard case .accepted(let first, let replayed) = try await api.submit(sessionID: sessionID, content: [.text("hello")], key: key)
            else { return "the first submission was not accepted" }
            guard !replayed else { return "the first submission was answered as a replay" }
            runID = first.runID
            guard case .accepted(let again, true) = try await api.submit(sessionID: sessionID, content: [.text("hello")], key: key)
            else { return "the same key did not replay (expected 200 with the same run)" }
            return again.runID == first.runID ? nil : "the replay named run \(again.runID), not \(first.runID)"
        }
        await check("GET /v1/runs/{id}/events (framing to the terminal event)", .chat) {
            let frames = try await Self.frames(api, runID: runID)
            let sequences = frames.compactMap(\.sequence)
            guard let last = frames.last, RunEvent.terminalTypes.contains(last.type) else { return "no terminal event" }
            return sequences == sequences.sorted() && Set(sequences).count == sequences.count ? nil : "ids not strictly ascending"
        }
        await check("GET /v1/runs/{id}/events with Last-Event-ID (replay)", .chat) {
            let all = try await Self.frames(api, runID: runID).compactMap(\.sequence)
            guard all.count > 2 else { return "too few events to test replay: \(all.count)" }
            let middle = all[all.count / 2]
            let rest = try await persistedFrames(of: api.events(runID: runID, after: middle)).compactMap(\.sequence)
            return rest == all.filter { $0 > middle } ? nil : "after \(middle) got \(rest.prefix(5))…, expected \(all.filter { $0 > middle }.prefix(5))…"
        }
        await check("POST /v1/sessions/{id}/messages (same key, other body → 409 idempotency_key_reused)", .chat) {
            await Self.expectError(409, .conflict, reason: "idempotency_key_reused") {
                _ = try await api.submit(sessionID: sessionID, content: [.text("something else")], key: key)
            }
        }
        key = IdempotencyKey()
        await check("GET /v1/runs/{id}", .chat) {
            let run = try await api.run(id: runID)
            guard run.id.lowercased() == runID.lowercased() else { return "asked \(runID), got \(run.id)" }
            return run.status.isTerminal ? nil : "status \(run.status) after the terminal event"
        }
        await check("GET /v1/runs/{unknown} → 404 envelope", .chat) {
            await Self.expectError(404, .notFound) { _ = try await api.run(id: Self.unknownID) }
        }
        await check("GET /v1/sessions/{id}/messages", .chat) {
            let messages = try await api.transcript(sessionID: sessionID)
            guard messages.first?.role == .user else { return "the transcript does not start with the user's message" }
            let sequences = messages.map(\.sequence)
            return sequences == sequences.sorted() ? nil : "sequences not ascending: \(sequences.prefix(6))"
        }
        await check("GET /v1/sessions/{id}/messages (paged: limit, cursor)", .chat) {
            let path = "/v1/sessions/\(sessionID)/messages"
            let page = try await client.decode(.get(path, query: [URLQueryItem(name: "limit", value: "1")]), as: Page<SessionMessageView>.self)
            guard page.items.count == 1, let cursor = page.nextCursor else {
                return "limit=1 over a question and its answer gave \(page.items.count) items, next_cursor \(page.nextCursor ?? "null")"
            }
            let next = try await client.decode(.get(path, query: [URLQueryItem(name: "limit", value: "1"), URLQueryItem(name: "cursor", value: cursor)]),
                                               as: Page<SessionMessageView>.self)
            guard let later = next.items.first else { return "the cursor gave an empty page" }
            return later.sequence > page.items[0].sequence ? nil : "sequence \(later.sequence) after \(page.items[0].sequence): not ascending"
        }
        await check("DELETE /v1/sessions/{id} (204, then 404, repeat 204)", .chat) {
            try await api.deleteSession(id: sessionID)
            if let mismatch = Self.envelopeMismatch(try await client.send(.get("/v1/sessions/\(sessionID)")), status: 404, code: .notFound) {
                return "after delete: \(mismatch)"
            }
            try await api.deleteSession(id: sessionID)
            return nil
        }
        for id in extraSessions { try? await api.deleteSession(id: id) }
    }

    /// Health answers carry `{"status": …}` with the word that goes with the status code.
    static func healthMismatch(_ response: HTTPResponse, expected: [Int: String]) -> String? {
        guard let word = expected[response.status] else {
            return "status \(response.status), expected \(expected.keys.sorted().map(String.init).joined(separator: " or "))"
        }
        let body = try? JSONSerialization.jsonObject(with: response.body) as? [String: Any]
        let status = body?["status"] as? String
        return status == word ? nil : "body status \(status ?? "missing"), expected \(word)"
    }

    /// Every persisted frame of a run to its terminal event, within 60 s.
    static func frames(_ api: ChatAPI, runID: String) async throws -> [RunEventFrame] {
        try await within(60, "the event stream of run \(runID)") { try await persistedFrames(of: api.events(runID: runID)) }
    }
}
