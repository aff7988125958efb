import Foundation
import VeetTransport
import VeetWire

/// The chat routes of the /v1 API (sessions, messages, runs, approvals,
/// questions) over one `HTTPClient`. Each method is one user intent.
public struct ChatAPI: Sendable {
    public let client: HTTPClient
    public var retry: RetryPolicy
    /// How retries wait; tests pass one that returns at once.
    public var sleeper: HTTPClient.Sleeper
    /// How event streams reconnect (streaming.md §4).
    public var reconnect: ReconnectPolicy
    /// The website-access profile sent when a conversation is created (and only then).
    public var newSessionBrowserProfileID: String?

    public init(client: HTTPClient, retry: RetryPolicy = .standard, reconnect: ReconnectPolicy = .default,
                sleeper: @escaping HTTPClient.Sleeper = HTTPClient.taskSleeper) {
        self.client = client
        self.retry = retry
        self.reconnect = reconnect
        self.sleeper = sleeper
    }

    // MARK: Sessions

    /// Creates a conversation. Not retried: without a key a retry could create two.
    public func createSession(metadata: JSONValue = .object(["client": .string("veet")])) async throws -> SessionView {
        try await client.decode(.post("/v1/sessions", json: CreateSessionRequest(
            metadata: metadata, browserProfileID: newSessionBrowserProfileID)))
    }

    public func session(id: String) async throws -> SessionView {
        try await client.decode(.get("/v1/sessions/\(segment(id))"))
    }

    public func sessionsPage(limit: Int? = nil, cursor: String? = nil) async throws -> Page<SessionView> {
        var query: [URLQueryItem] = []
        if let limit { query.append(URLQueryItem(name: "limit", value: String(limit))) }
        if let cursor { query.append(URLQueryItem(name: "cursor", value: cursor)) }
        return try await client.decode(.get("/v1/sessions", query: query))
    }

    /// Every session, following cursors until the last page. A cursor seen
    /// twice is an invalid answer, never an endless walk.
    public func allSessions(pageSize: Int = 200, maxItems: Int? = nil) async throws -> [SessionView] {
        try await walk(pageSize: pageSize, maxItems: maxItems) { try await sessionsPage(limit: $0, cursor: $1) }
    }

    /// The whole transcript in ascending sequence.
    public func transcript(sessionID: String) async throws -> [SessionMessageView] {
        try await walk(pageSize: 200, maxItems: nil) { limit, cursor in
            var query = [URLQueryItem(name: "limit", value: String(limit))]
            if let cursor { query.append(URLQueryItem(name: "cursor", value: cursor)) }
            return try await client.decode(
                .get("/v1/sessions/\(segment(sessionID))/messages", query: query), as: Page<SessionMessageView>.self)
        }
    }

    public func deleteSession(id: String) async throws {
        try await client.sendExpectingSuccess(.delete("/v1/sessions/\(segment(id))"))
    }

    // MARK: Runs

    /// Sends a message. The same `key` goes on every retry so the server makes
    /// at most one run; a run already in flight is reported, not an error.
    public func submit(sessionID: String, content: [ContentBlock], key: IdempotencyKey) async throws -> SubmitOutcome {
        let request = try HTTPRequest.post("/v1/sessions/\(segment(sessionID))/messages",
                                           json: SubmitMessageRequest(content: content))
        let response = try await client.sendRetrying(request, idempotencyKey: key, policy: retry, sleeper: sleeper)
        if response.status == 409 {
            let error = APIError(response: response)
            if let runID = error.activeRunID {
                return .activeRunExists(runID: runID, status: error.details["run_status"]?.stringValue.map(RunStatus.init(raw:)))
            }
            throw error
        }
        let result = try response.decoded(as: SubmitResult.self)
        return .accepted(result, replayed: response.status == 200)
    }

    public func run(id: String) async throws -> RunView {
        try await client.decode(.get("/v1/runs/\(segment(id))"))
    }

    /// Asks the run to stop. Safe to repeat; a finished run is left as it is.
    public func cancel(runID: String) async throws -> RunView {
        let response = try await client.sendRetrying(.post("/v1/runs/\(segment(runID))/cancel"),
                                                     idempotencyKey: nil, policy: retry, sleeper: sleeper)
        return try response.decoded(as: RunView.self)
    }

    /// Answers the run's outstanding question. The question id makes retries safe.
    public func answer(runID: String, questionID: String?, text: String) async throws -> SubmitResult {
        let request = try HTTPRequest.post("/v1/runs/\(segment(runID))/input",
                                           json: RunInputRequest(content: [.text(text)], questionID: questionID))
        let retryPolicy = questionID == nil ? RetryPolicy(maxAttempts: 1) : retry
        let response = try await client.sendRetrying(request, idempotencyKey: nil, policy: retryPolicy, sleeper: sleeper)
        return try response.decoded(as: SubmitResult.self)
    }

    /// The run's event stream, resuming after `lastEventID` and skipping `seen` sequences.
    public func events(runID: String, after lastEventID: Int64? = nil, seen: Set<Int64> = []) -> RunEventStream {
        RunEventStream(source: client, runID: runID, lastEventID: lastEventID, seenSequences: seen,
                       policy: reconnect, sleeper: sleeper)
    }

    // MARK: Approvals

    public func approval(id: String) async throws -> ApprovalView {
        try await client.decode(.get("/v1/approvals/\(segment(id))"))
    }

    public func pendingApprovals(runID: String? = nil, sessionID: String? = nil) async throws -> [ApprovalView] {
        var query = [URLQueryItem(name: "status", value: "pending")]
        if let runID { query.append(URLQueryItem(name: "run_id", value: runID)) }
        if let sessionID { query.append(URLQueryItem(name: "session_id", value: sessionID)) }
        let page: Page<ApprovalView> = try await client.decode(.get("/v1/approvals", query: query))
        return page.items
    }

    /// Resolves an approval. Repeating the same decision is answered with the current view.
    public func resolve(approvalID: String, decision: ApprovalDecision, reason: String? = nil,
                        taskGrant: TaskGrantEcho? = nil) async throws -> ApprovalView {
        let request = try HTTPRequest.post("/v1/approvals/\(segment(approvalID))/resolve",
                                           json: ApprovalResolveRequest(decision: decision, reason: reason, taskGrant: taskGrant))
        let response = try await client.sendRetrying(request, idempotencyKey: nil, policy: retry, sleeper: sleeper)
        return try response.decoded(as: ApprovalView.self)
    }

    // MARK: Helpers

    private func walk<Item>(pageSize: Int, maxItems: Int?,
                            page: (Int, String?) async throws -> Page<Item>) async throws -> [Item] {
        var items: [Item] = []
        var cursor: String?
        var seenCursors: Set<String> = []
        repeat {
            let next = try await page(pageSize, cursor)
            items.append(contentsOf: next.items)
            if let maxItems, items.count >= maxItems { return Array(items.prefix(maxItems)) }
            cursor = next.items.isEmpty ? nil : next.nextCursor
            if let cursor, !seenCursors.insert(cursor).inserted {
                throw InvalidResponseError("the server repeated a page cursor; the list cannot be read")
            }
        } while cursor != nil
        return items
    }

    /// Ids are opaque; escape them as one path segment.
    private func segment(_ id: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "/")
        return id.addingPercentEncoding(withAllowedCharacters: allowed) ?? id
    }
}

/// What a message submission led to.
public enum SubmitOutcome: Sendable, Hashable {
    /// A run was created (or, when `replayed`, an earlier attempt of this send already created it).
    case accepted(SubmitResult, replayed: Bool)
    /// Another run is in flight in this session; attach to it instead.
    case activeRunExists(runID: String, status: RunStatus?)

    public var runID: String {
        switch self {
        case .accepted(let result, _): result.runID
        case .activeRunExists(let runID, _): runID
        }
    }
}
