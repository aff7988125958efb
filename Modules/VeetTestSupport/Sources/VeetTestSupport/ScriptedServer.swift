import Foundation
import Testing
import VeetTransport

/// Canned answers per route, for a feature's unit tests: every request is
/// recorded, each route answers as scripted, and a request no route expects
/// fails the test with its method and path (and throws, so the code under
/// test sees no answer rather than an invented one).
///
///     let server = ScriptedServer()
///     server.on("GET", "/v1/folders", .json(["items": []]))
///     let api = FoldersAPI(sender: server.sender)
///
/// A path matches exactly, or with `*` standing for one segment
/// (`/v1/folders/*`); the query is not part of the match (read it from
/// `requests`). The newest route for a request wins, so a test can change an
/// answer half-way.
public final class ScriptedServer: Sendable {
    public typealias Answer = @Sendable (HTTPRequest) async throws -> HTTPResponse

    private struct Route: Sendable {
        var method: String
        var segments: [Substring]
        var answers: [Answer]
        var next = 0

        func matches(_ request: HTTPRequest) -> Bool {
            guard request.method == method else { return false }
            let path = request.path.split(separator: "?", maxSplits: 1).first ?? ""
            let parts = path.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == segments.count else { return false }
            return zip(parts, segments).allSatisfy { $1 == "*" || $0 == $1 }
        }
    }

    private struct State: Sendable {
        var routes: [Route] = []
        var requests: [HTTPRequest] = []
        var waits: [Duration] = []
    }

    private let state = ThreadLock(State())

    public init() {}

    /// Answers `method path` with `answer` on every call.
    public func on(_ method: String, _ path: String, _ answer: HTTPResponse) {
        on(method, path) { _ in answer }
    }

    /// Answers `method path` with each of `answers` in turn, the last one from then on.
    public func on(_ method: String, _ path: String, sequence answers: [HTTPResponse]) {
        precondition(!answers.isEmpty, "a scripted route needs at least one answer")
        add(Route(method: method, segments: Self.segments(path), answers: answers.map { answer in { _ in answer } }))
    }

    /// Answers `method path` by calling `answer` (which may throw a `TransportError` for "no answer").
    public func on(_ method: String, _ path: String, _ answer: @escaping Answer) {
        add(Route(method: method, segments: Self.segments(path), answers: [answer]))
    }

    /// The sender a feature API takes. Retries wait for nothing (the waits are recorded).
    public var sender: HTTPRequestSender {
        HTTPRequestSender(send: { try await self.answer($0) },
                          sleeper: { wait in self.state.withLock { $0.waits.append(wait) } })
    }

    /// Every request received, oldest first.
    public var requests: [HTTPRequest] { state.withLock { $0.requests } }

    /// The requests to one route (`*` allowed as for `on`).
    public func requests(_ method: String, _ path: String) -> [HTTPRequest] {
        let route = Route(method: method, segments: Self.segments(path), answers: [])
        return requests.filter(route.matches)
    }

    /// How long retries would have waited, in order.
    public var waits: [Duration] { state.withLock { $0.waits } }

    private func add(_ route: Route) {
        state.withLock { $0.routes.append(route) }
    }

    private func answer(_ request: HTTPRequest) async throws -> HTTPResponse {
        let answer: Answer? = state.withLock { state in
            state.requests.append(request)
            guard let index = state.routes.lastIndex(where: { $0.matches(request) }) else { return nil }
            let route = state.routes[index]
            state.routes[index].next = min(route.next + 1, route.answers.count - 1)
            return route.answers[route.next]
        }
        guard let answer else {
            let error = UnexpectedRoute(method: request.method, path: request.path)
            Issue.record("\(error)")
            throw error
        }
        return try await answer(request)
    }

    private static func segments(_ path: String) -> [Substring] {
        path.split(separator: "/", omittingEmptySubsequences: false)
    }
}

/// A request that no scripted route expected.
public struct UnexpectedRoute: Error, CustomStringConvertible, Sendable {
    public let method: String
    public let path: String
    public var description: String { "no scripted answer for \(method) \(path)" }
}
