import Foundation
import VeetTransport
import VeetWire

/// The chat routes of the /v1 API (sessions, messages, runs, approvals,
/// questions) over one request sender. Each method is one user intent.
public struct ChatAPI: Sendable {
    /// The sender as given: event streams open through it and retries wait
    /// through its sleeper.
    public let sender: HTTPRequestSender
    public let retry: RetryPolicy
    /// How event streams reconnect (docs/wire/streaming.md §4).
    public let reconnect: ReconnectPolicy
    /// The website-access profile sent when a conversation is created (and only then).
    public var newSessionBrowserProfileID: String?
    /// Checks, when the outbox creates a conversation, the profile chosen with
    /// its first message: the id to send (nil sends none, say for a profile no
    /// longer ready). Nil sends the chosen id as it is.
    public var checkBrowserProfile: (@Sendable (String) async -> String?)?
    /// Reads, and writes that carry an idempotency key (a submission), retry
    /// on no answer, 429 and 5xx; other writes go once unless a route below
    /// says a repeat is harmless.
    let send: HTTPRequestSender

    public init(sender: HTTPRequestSender, retry: RetryPolicy = .standard, reconnect: ReconnectPolicy = .default) {
        self.sender = sender
        self.retry = retry
        self.reconnect = reconnect
        send = sender.retrying(retry, .readsAndKeyedWrites)
    }

    // MARK: Sessions

    /// Creates a conversation. Not retried: without a key a retry could create two.
    public func createSession(metadata: JSONValue = .object(["client": .string("veet")])) async throws -> SessionView {
        try await send.decode(.post("/v1/sessions", json: CreateSessionRequest(
            metadata: metadata, browserProfileID: newSessionBrowserProfileID)))
    }

    public func session(id: String) async throws -> SessionView {
        try await send.decode(.get("/v1/sessions/\(segment: id)"))
    }

    public func sessionsPage(limit: Int? = nil, cursor: String? = nil) async throws -> Page<SessionView> {
        try await send.decode(.page("/v1/sessions", limit: limit, cursor: cursor))
    }

    /// Every session, following cursors until the last page. A cursor seen
    /// twice is an invalid answer, never an endless walk.
    public func allSessions(pageSize: Int = 200, maxItems: Int? = nil) async throws -> [SessionView] {
        try await Page.all(maxItems: maxItems) { try await sessionsPage(limit: pageSize, cursor: $0) }
    }

    /// The whole transcript in ascending sequence.
    public func transcript(sessionID: String) async throws -> [SessionMessageView] {
        try await Page.all { cursor in
            try await send.decode(.page("/v1/sessions/\(segment: sessionID)/messages", limit: 200, cursor: cursor),
                                  as: Page<SessionMessageView>.self)
        }
    }

    public func deleteSession(id: String) async throws {
        try await send.sendExpectingSuccess(.delete("/v1/sessions/\(segment: id)"))
    }

    // MARK: Runs

    /// Sends a message. The same `key` goes on every retry so the server makes
    /// at most one run; a run already in flight is reported, not an error.
    public func submit(sessionID: String, content: [ContentBlock], key: IdempotencyKey) async throws -> SubmitOutcome {
        var request = try HTTPRequest.post("/v1/sessions/\(segment: sessionID)/messages",
                                           json: SubmitMessageRequest(content: content))
        request.setHeader("Idempotency-Key", key.rawValue)
        let response = try await send(request)
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
        try await send.decode(.get("/v1/runs/\(segment: id)"))
    }

    /// Asks the run to stop. Safe to repeat; a finished run is left as it is.
    public func cancel(runID: String) async throws -> RunView {
        let response = try await sender.sendRetrying(.post("/v1/runs/\(segment: runID)/cancel"),
                                                     idempotencyKey: nil, policy: retry)
        return try response.decoded(as: RunView.self)
    }

    /// Answers the run's outstanding question. The question id makes retries
    /// safe; an answer without one goes once.
    public func answer(runID: String, questionID: String?, text: String) async throws -> SubmitResult {
        let request = try HTTPRequest.post("/v1/runs/\(segment: runID)/input",
                                           json: RunInputRequest(content: [.text(text)], questionID: questionID))
        let response = try await sender.sendRetrying(request, idempotencyKey: nil,
                                                     policy: questionID == nil ? .never : retry)
        return try response.decoded(as: SubmitResult.self)
    }

    /// The run's event stream, resuming after `lastEventID` and skipping `seen` sequences.
    public func events(runID: String, after lastEventID: Int64? = nil, seen: Set<Int64> = []) -> RunEventStream {
        RunEventStream(source: sender, runID: runID, lastEventID: lastEventID, seenSequences: seen,
                       policy: reconnect, sleeper: sender.sleeper)
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
