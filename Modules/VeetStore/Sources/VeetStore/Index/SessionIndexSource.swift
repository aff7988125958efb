import Foundation
import VeetTransport
import VeetWire

/// Where the reconciler reads the server's session index. The HTTP form is
/// `HTTPStoreSource`; tests pass fakes that move rows between pages.
public protocol SessionIndexSource: Sendable {
    /// One page of `GET /v1/sessions` (newest activity first).
    func page(cursor: String?, limit: Int) async throws -> Page<SessionView>
    /// `GET /v1/sessions/{id}`; nil when the server answers 404.
    func session(id: String) async throws -> SessionView?
}

/// Where transcripts come from (`GET /v1/sessions/{id}/messages`, every page).
public protocol TranscriptSource: Sendable {
    func transcript(sessionID: String) async throws -> [SessionMessageView]
}

/// Both sources over one `HTTPClient`.
public struct HTTPStoreSource: SessionIndexSource, TranscriptSource {
    public let client: HTTPClient
    public var retry: RetryPolicy
    public var sleeper: HTTPClient.Sleeper

    public init(client: HTTPClient, retry: RetryPolicy = .standard,
                sleeper: @escaping HTTPClient.Sleeper = HTTPClient.taskSleeper) {
        self.client = client
        self.retry = retry
        self.sleeper = sleeper
    }

    public func page(cursor: String?, limit: Int) async throws -> Page<SessionView> {
        var query = [URLQueryItem(name: "limit", value: String(limit))]
        if let cursor { query.append(URLQueryItem(name: "cursor", value: cursor)) }
        return try await get(.get("/v1/sessions", query: query))
    }

    public func session(id: String) async throws -> SessionView? {
        do {
            return try await get(.get("/v1/sessions/\(Self.segment(id))"))
        } catch let error as APIError where error.isNotFound {
            return nil
        }
    }

    public func transcript(sessionID: String) async throws -> [SessionMessageView] {
        var items: [SessionMessageView] = []
        var cursor: String?
        var seen: Set<String> = []
        repeat {
            var query = [URLQueryItem(name: "limit", value: "200")]
            if let cursor { query.append(URLQueryItem(name: "cursor", value: cursor)) }
            let page: Page<SessionMessageView> =
                try await get(.get("/v1/sessions/\(Self.segment(sessionID))/messages", query: query))
            items.append(contentsOf: page.items)
            cursor = page.isLast ? nil : page.nextCursor
            if let cursor, !seen.insert(cursor).inserted {
                throw InvalidResponseError("the server repeated a transcript cursor")
            }
        } while cursor != nil
        return items
    }

    private func get<T: Decodable>(_ request: HTTPRequest) async throws -> T {
        let response = try await client.sendRetrying(request, idempotencyKey: nil, policy: retry, sleeper: sleeper)
        return try response.decoded(as: T.self)
    }

    /// Ids are opaque; escape them as one path segment.
    static func segment(_ id: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "/")
        return id.addingPercentEncoding(withAllowedCharacters: allowed) ?? id
    }
}
