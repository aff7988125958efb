import Foundation
import VeetTransport
import VeetWire

/// The Email routes (docs/wire/email.md §2), one call each, no state; nothing here
/// touches the disk. Non-2xx answers throw `APIError`; `EmailError.from` says
/// what one means. Every write carries an `Idempotency-Key`: pass the same
/// key again to retry the same intent (the sender's own retries reuse it).
public struct EmailAPI: Sendable {
    public let send: HTTPRequestSender

    /// Reads, and writes (all of which carry a key), retry on 429/5xx and lost
    /// answers, each retry with the same key and body. Approving a send is the
    /// one write sent exactly once (`resolveSendApproval`).
    public init(sender: HTTPRequestSender, retry: RetryPolicy = .standard) {
        send = sender.retrying(retry, .readsAndKeyedWrites)
        once = sender
    }

    /// The unretried sender, for the one request that must never repeat by itself.
    let once: HTTPRequestSender

    func write(_ method: String, _ path: String, _ body: (some Encodable)?, key: IdempotencyKey,
               query: [URLQueryItem] = []) throws -> HTTPRequest {
        HTTPRequest(method: method, path: path, query: query, headers: ["Idempotency-Key": key.rawValue],
                    body: try body.map { try WireJSON.encoder().encode($0) })
    }

    // MARK: Accounts

    /// Every readable account (one page; `next_cursor` is always null).
    public func accounts() async throws -> [EmailAccount] {
        let page: Page<Skippable<EmailAccount>> = try await send(.get("/v1/email/accounts")).decoded()
        return page.items.compactMap(\.value)
    }

    /// The answers that mean "this server has no Email mode" (docs/wire/email.md §1: 404/405 on the accounts).
    public static func meansUnavailable(_ error: any Error) -> Bool {
        ServerRefusal.meansNotOffered(error)
    }

    // MARK: Threads

    /// One page of the thread list (limit 1–100; the server's default is 5,
    /// the initial "top five important"). A row that does not decode is skipped.
    public func threads(_ query: ThreadQuery = ThreadQuery(), limit: Int = 5,
                        cursor: String? = nil) async throws -> Page<EmailThreadSummary> {
        let request = HTTPRequest.page("/v1/email/threads", query: query.items, limit: min(max(limit, 1), 100),
                                       cursor: cursor)
        let page: Page<Skippable<EmailThreadSummary>> = try await send(request).decoded()
        return Page(items: page.items.compactMap(\.value), nextCursor: page.nextCursor)
    }

    /// The whole list for `query` (up to `maxItems`), each thread once
    /// (the list is recomputed per request, so pages may overlap).
    public func allThreads(_ query: ThreadQuery = ThreadQuery(), maxItems: Int? = nil) async throws -> [EmailThreadSummary] {
        let all = try await Page<EmailThreadSummary>.all(maxItems: maxItems) {
            try await threads(query, limit: 100, cursor: $0)
        }
        var seen: Set<String> = []
        return all.filter { seen.insert($0.id).inserted }
    }

    /// A thread with its messages, draft and subscription block (records an access time; safe to repeat).
    public func thread(id: String) async throws -> EmailThreadDetail {
        try await send(.get("/v1/email/threads/\(segment: id)")).decoded()
    }

    // MARK: Operations and refresh

    /// Starts one refresh across every readable account; a refresh in flight
    /// is returned instead (`replayed`). May be refused with `402`.
    public func refresh(key: IdempotencyKey = IdempotencyKey()) async throws -> EmailOperation {
        try await send(write("POST", "/v1/email/refresh", EmptyBody(), key: key)).decoded()
    }

    public func operation(id: String) async throws -> EmailOperation {
        try await send(.get("/v1/email/operations/\(segment: id)")).decoded()
    }

    // MARK: Learning

    // A server without learning throws `EmailError.partUnavailable(.learning)` from each of
    // these, never "Email is not available" or "it no longer exists".

    public func learning() async throws -> LearningState {
        try await learningPart { try await send(.get("/v1/email/learning")).decoded() }
    }

    /// The learning state, or nil on a server without learning.
    public func learningIfOffered() async throws -> LearningState? {
        do { return try await learning() } catch EmailError.partUnavailable(.learning) { return nil }
    }

    public func setLearningPaused(_ paused: Bool, key: IdempotencyKey = IdempotencyKey()) async throws -> LearningState {
        try await learningPart {
            try await send(write("PUT", "/v1/email/learning", LearningPauseBody(paused: paused), key: key)).decoded()
        }
    }

    public func resetLearning(_ scope: LearningResetScope, key: IdempotencyKey = IdempotencyKey()) async throws -> LearningState {
        try await learningPart {
            try await send(write("POST", "/v1/email/learning/reset", LearningResetBody(scope: scope.rawValue),
                                 key: key)).decoded()
        }
    }

    private func learningPart<T>(_ call: () async throws -> T) async throws -> T {
        do { return try await call() } catch where EmailPart.meansMissing(error) {
            throw EmailError.partUnavailable(.learning)
        }
    }

    /// Excludes a thread as a learning and memory source: erases what was
    /// derived from it and blocks re-learning it; the thread id is gone afterwards.
    public func exclude(threadID: String, expectedRevision: Int,
                        key: IdempotencyKey = IdempotencyKey()) async throws -> ExclusionResult {
        try await send(write("POST", "/v1/email/threads/\(segment: threadID)/exclude",
                             ExpectedRevisionBody(expectedRevision: expectedRevision), key: key)).decoded()
    }

    // MARK: Approvals (Review & Send)

    /// The send approval, to verify against the frozen draft (docs/wire/email.md §9 step 3).
    public func approval(id: String) async throws -> ApprovalView {
        try await send(.get("/v1/approvals/\(segment: id)")).decoded()
    }

    /// Approves (or denies) the send once. Sent exactly once, never retried by
    /// this API: after no answer the outcome is unknown and the draft says what happened.
    public func resolveSendApproval(id: String, decision: ApprovalDecision) async throws -> ApprovalView {
        let request = try HTTPRequest.post("/v1/approvals/\(segment: id)/resolve",
                                           json: ApprovalResolveRequest(decision: decision))
        return try await once(request).decoded()
    }
}

/// Which threads the list returns (docs/wire/email.md §4).
public struct ThreadQuery: Sendable, Hashable {
    public var view: ThreadListView
    /// One account only; nil for every account.
    public var accountID: String?
    /// Case-insensitive substring over subject, senders and gist; nil or blank for none.
    public var text: String?

    public init(view: ThreadListView = .priority, accountID: String? = nil, text: String? = nil) {
        self.view = view
        self.accountID = accountID
        self.text = text
    }

    var items: [URLQueryItem] {
        var items = [URLQueryItem(name: "view", value: view.rawValue)]
        if let accountID { items.append(URLQueryItem(name: "account_id", value: accountID)) }
        if let text = text?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty {
            items.append(URLQueryItem(name: "text", value: text))
        }
        return items
    }
}
