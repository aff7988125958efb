import Foundation
import VeetChat
import VeetTransport

/// `veet-soak --conformance`: drives the routes the chat client uses, through the
/// client libraries, and checks each answer against the contract: shapes (the
/// client's own decoders), status codes, error envelopes, idempotent replays,
/// stream framing and replay. A route family the server does not offer (404
/// `not_found` on its first route) is skipped with a line, not failed.
struct Conformance {
    let target: SoakTarget
    private(set) var lines: [(verdict: String, route: String, detail: String)] = []

    init(target: SoakTarget) { self.target = target }

    mutating func check(_ route: String, _ body: () async throws -> String?) async {
        do {
            if let mismatch = try await body() { lines.append(("FAIL", route, mismatch)) } else { lines.append(("PASS", route, "")) }
        } catch let error as APIError where error.status == 404 && error.code == .notFound && route.hasPrefix("GET /health") {
            lines.append(("SKIP", route, "not offered"))
        } catch let error as APIError where error.status == 404 && route.contains("approvals") {
            lines.append(("SKIP", route, "not offered"))
        } catch {
            lines.append(("FAIL", route, "\(type(of: error)): \(error)"))
        }
    }

    mutating func run() async throws -> SoakResult {
        let start = ContinuousClock.now
        let api = try target.api()
        let client = try SoakTarget.client(target.url, token: target.token)
        let anonymous = try SoakTarget.client(target.url, token: "not-the-token-\(UUID().uuidString)")
        var sessionID = ""
        var runID = ""

        await check("GET /health/live") {
            let response = try await client.send(.get("/health/live"))
            if response.status == 404 { throw APIError(response: response) }
            return response.status == 200 ? nil : "status \(response.status), expected 200"
        }
        await check("POST /v1/sessions") {
            sessionID = try await api.createSession().id
            return sessionID.isEmpty ? "empty session id" : nil
        }
        await check("GET /v1/sessions (paged)") {
            _ = try await api.createSession()
            let first = try await api.sessionsPage(limit: 1)
            guard first.items.count == 1 else { return "limit=1 gave \(first.items.count) items" }
            guard let cursor = first.nextCursor else { return "no next_cursor with two sessions" }
            let second = try await api.sessionsPage(limit: 1, cursor: cursor)
            return second.items.first?.id == first.items.first?.id ? "the cursor repeated the first page" : nil
        }
        await check("GET /v1/sessions/{id}") {
            let session = try await api.session(id: sessionID)
            return session.id.lowercased() == sessionID.lowercased() ? nil : "asked \(sessionID), got \(session.id)"
        }
        await check("GET /v1/sessions/{unknown} → 404 envelope") {
            let response = try await client.send(.get("/v1/sessions/00000000-0000-4000-8000-000000000000"))
            return Self.envelopeMismatch(response, status: 404, code: .notFound)
        }
        await check("GET /v1/sessions without the token → 401 envelope") {
            let response = try await anonymous.send(.get("/v1/sessions"))
            guard response.status == 401 else { return "status \(response.status), expected 401" }
            return APIError(response: response).message.isEmpty ? "no message in the envelope" : nil
        }
        await check("POST /v1/sessions as text/plain → 415") {
            var request = HTTPRequest.post("/v1/sessions")
            request.body = Data("{}".utf8)
            request.headers["Content-Type"] = "text/plain"
            let response = try await client.send(request)
            return response.status == 415 ? nil : "status \(response.status), expected 415"
        }
        await check("POST /v1/sessions/{id}/messages (idempotent replay)") {
            let key = IdempotencyKey()
            guard case .accepted(let first, let replayed) = try await api.submit(sessionID: sessionID, content: [.text("hello")], key: key)
            else { return "the first submission was not accepted" }
            guard !replayed else { return "the first submission was answered as a replay" }
            runID = first.runID
            guard case .accepted(let again, true) = try await api.submit(sessionID: sessionID, content: [.text("hello")], key: key)
            else { return "the same key did not replay (expected 200 with the same run)" }
            return again.runID == first.runID ? nil : "the replay named run \(again.runID), not \(first.runID)"
        }
        await check("GET /v1/runs/{id}/events (framing to the terminal event)") {
            let frames = try await persistedFrames(of: api.events(runID: runID))
            let sequences = frames.compactMap(\.sequence)
            guard let last = frames.last, RunEvent.terminalTypes.contains(last.type) else { return "no terminal event" }
            return sequences == sequences.sorted() && Set(sequences).count == sequences.count ? nil : "ids not strictly ascending"
        }
        await check("GET /v1/runs/{id}/events with Last-Event-ID (replay)") {
            let all = try await persistedFrames(of: api.events(runID: runID)).compactMap(\.sequence)
            guard all.count > 2 else { return "too few events to test replay: \(all.count)" }
            let middle = all[all.count / 2]
            let rest = try await persistedFrames(of: api.events(runID: runID, after: middle)).compactMap(\.sequence)
            return rest == all.filter { $0 > middle } ? nil : "after \(middle) got \(rest.prefix(5))…, expected \(all.filter { $0 > middle }.prefix(5))…"
        }
        await check("GET /v1/runs/{id}") {
            let run = try await api.run(id: runID)
            return run.status.isTerminal ? nil : "status \(run.status) after the terminal event"
        }
        await check("GET /v1/sessions/{id}/messages") {
            let messages = try await api.transcript(sessionID: sessionID)
            return messages.first?.role == .user ? nil : "the transcript does not start with the user's message"
        }
        await check("GET /v1/approvals") {
            _ = try await api.pendingApprovals()
            return nil
        }
        await check("DELETE /v1/sessions/{id}, then 404") {
            try await api.deleteSession(id: sessionID)
            let response = try await client.send(.get("/v1/sessions/\(sessionID)"))
            return Self.envelopeMismatch(response, status: 404, code: .notFound)
        }

        for line in lines { say("  \(line.verdict) \(line.route)\(line.detail.isEmpty ? "" : ": \(line.detail)")") }
        let recorded = lines
        let count = { (verdict: String) in recorded.filter { $0.verdict == verdict }.count }
        return SoakResult(name: "contract conformance",
                          figures: [("passed", "\(count("PASS"))"), ("skipped", "\(count("SKIP"))"), ("failed", "\(count("FAIL"))")],
                          held: count("FAIL") == 0, seconds: elapsed(since: start))
    }

    static func envelopeMismatch(_ response: HTTPResponse, status: Int, code: ErrorCode) -> String? {
        guard response.status == status else { return "status \(response.status), expected \(status)" }
        guard (try? JSONSerialization.jsonObject(with: response.body) as? [String: Any])?["error"] != nil else {
            return "no {\"error\": …} envelope"
        }
        let error = APIError(response: response)
        return error.code == code ? nil : "code \(error.code.rawValue), expected \(code.rawValue)"
    }
}
