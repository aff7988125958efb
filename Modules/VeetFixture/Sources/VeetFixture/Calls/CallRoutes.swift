import Foundation

/// The call routes (docs/wire/calls.md §2). Nil for any other path; 404 on every call
/// path when `options.calls` is off. Every answer, errors included, is `private, no-store`.
extension Router {
    func callsResponse(_ head: RequestHead, authorized: Bool) throws -> HTTPResponse? {
        let segments = head.rawPath.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map {
            String($0).removingPercentEncoding ?? String($0)
        }
        guard segments.count >= 2, segments[0] == "v1", segments[1] == "calls" else { return nil }
        do {
            guard options.calls else { throw APIFailure.unknownRoute }
            // An unauthenticated POST is refused before routing; GET and DELETE find the route first.
            if head.method == "POST" && !authorized { throw APIFailure.routeAuthentication }
            let rest = Array(segments.dropFirst(2))
            guard rest.count <= 2, rest.count < 2 || rest[1] == "stop" else { throw APIFailure.unknownRoute }
            guard authorized else { throw APIFailure.routeAuthentication }
            let (status, json) = try store.transaction { state in
                state.reconcileCalls()
                return try CallHandlers(calls: state.calls, now: state.now(), head: head).handle(rest)
            }
            var response = HTTPResponse.json(status, json)
            response.headers.append(("cache-control", "private, no-store"))
            return response
        } catch var failure as APIFailure {
            failure.extraHeaders.append(("cache-control", "private, no-store"))
            throw failure
        }
    }
}

struct CallHandlers {
    let calls: CallsState
    let now: Instant
    let head: RequestHead

    func handle(_ rest: [String]) throws -> (Int, JSON) {
        switch (head.method, rest.count) {
        case ("GET", 0): return (200, try list())
        case ("GET", 1): return (200, calls.view(try call(rest[0]), now: now, withTranscript: true))
        case ("DELETE", 1): return (200, try erase(rest[0]))
        case ("POST", 2): return (200, try stop(rest[0]))
        default: throw APIFailure.unsupportedMethod
        }
    }

    private func call(_ text: String) throws -> CallsState.Call {
        guard let id = Identifier.canonical(text) else { throw APIFailure.malformed("\(APIFailure.genericMalformedMessage.dropLast()): path.call_id.") }
        guard let found = calls.calls[id] else { throw APIFailure.notFound("call") }
        return found
    }

    /// Limit 1-25 refused outside (not clamped); the cursor is the last id of the previous page.
    private func list() throws -> JSON {
        var limit = 10
        if let text = head.query("limit") {
            guard let value = Int(text), (1...25).contains(value) else {
                throw APIFailure.malformed("\(APIFailure.genericMalformedMessage.dropLast()): query.limit.")
            }
            limit = value
        }
        var ids = calls.calls.keys.sorted()
        if let cursor = head.query("cursor") {
            guard let after = Identifier.canonical(cursor) else {
                throw APIFailure.malformed("\(APIFailure.genericMalformedMessage.dropLast()): query.cursor.")
            }
            ids = ids.filter { $0 > after }
        }
        let page = Array(ids.prefix(limit))
        let items = page.compactMap { calls.calls[$0] }.map { calls.view($0, now: now, withTranscript: false) }
        return ["calls": .array(items), "next_cursor": page.count == limit ? .string(page.last) : .null]
    }

    /// Always 200 once the id is known; a finished call reports `confirmed` too.
    private func stop(_ text: String) throws -> JSON {
        let found = try call(text)
        if found.status == "active" { calls.calls[found.id]?.stopRequested = true }
        return ["call_id": .string(found.id), "termination": "confirmed"]
    }

    /// An active call must finish first; a repeat answers the same erased form.
    private func erase(_ text: String) throws -> JSON {
        let found = try call(text)
        if !calls.isErased(found, now: now) {
            guard found.status != "active" else {
                throw APIFailure.conflict("the call must finish before its content can be erased")
            }
            calls.calls[found.id] = CallsState.Call(
                id: found.id, requestID: nil, counterparty: "", direction: found.direction, status: "erased",
                createdAt: found.createdAt, durationMinutes: 0, summary: "", summaryComplete: false, transcript: "",
                transcriptComplete: false, erased: true)
        }
        return CallsState.erasedForm(found.id)
    }
}
