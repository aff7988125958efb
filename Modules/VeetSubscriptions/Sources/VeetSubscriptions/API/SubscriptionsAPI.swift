import Foundation
import VeetTransport
import VeetWire

/// Which part of the census to read (docs/wire/subscriptions.md §3): one account, one state, or all.
public struct SubscriptionQuery: Sendable, Hashable {
    public var accountID: String?
    public var state: SubscriptionState?

    public init(accountID: String? = nil, state: SubscriptionState? = nil) {
        self.accountID = accountID
        self.state = state
    }

    var items: [URLQueryItem] {
        var items: [URLQueryItem] = []
        if let accountID { items.append(URLQueryItem(name: "account_id", value: accountID)) }
        if let state { items.append(URLQueryItem(name: "state", value: state.rawValue)) }
        return items
    }
}

/// The subscription routes (docs/wire/subscriptions.md §2), one call each, no state.
/// Non-2xx answers throw `APIError`; `SubscriptionsError.from` says what one
/// means. No request ever carries an address or a URL: commands name rows by
/// id, evidence digest and revision.
public struct SubscriptionsAPI: Sendable {
    public let send: HTTPRequestSender

    /// Reads, and the two keyed commands, retry on 429/5xx and lost answers
    /// with the same key and body; Keep goes once.
    public init(sender: HTTPRequestSender, retry: RetryPolicy = .standard) {
        send = sender.retrying(retry, .readsAndKeyedWrites)
    }

    // MARK: The census

    /// One page, in the server's order (limit 1–100).
    public func page(_ query: SubscriptionQuery = SubscriptionQuery(), limit: Int = 50,
                     cursor: String? = nil) async throws -> Page<Subscription> {
        try await send(.page("/v1/email/subscriptions", query: query.items, limit: min(max(limit, 1), 100),
                             cursor: cursor)).decoded()
    }

    /// The whole census (up to `maxItems`), following every cursor.
    public func census(_ query: SubscriptionQuery = SubscriptionQuery(), maxItems: Int? = nil) async throws -> [Subscription] {
        try await Page<Subscription>.all(maxItems: maxItems) { try await page(query, limit: 100, cursor: $0) }
    }

    /// One row by id (there is no single-row route: the census is read until it is found).
    public func subscription(id: String, accountID: String? = nil) async throws -> Subscription {
        guard SubscriptionID.isValid(id) else { throw SubscriptionsError.notAnID(id) }
        guard let row = try await census(SubscriptionQuery(accountID: accountID)).first(where: { $0.id == id }) else {
            throw SubscriptionsError.notFound(id)
        }
        return row
    }

    // MARK: Commands

    /// Sends the one command a confirmation consented to. The key goes in the
    /// body and, identical, in the header (so a retry is a replay, docs/wire/subscriptions.md §1).
    public func unsubscribe(_ command: UnsubscribeCommand) async throws -> EmailOperation {
        guard (1...SubscriptionSelection.limit).contains(command.targets.count) else {
            throw SubscriptionsError.refused(SubscriptionSelection.Refusal.full.description)
        }
        let request = HTTPRequest(method: "POST", path: "/v1/email/subscriptions/unsubscribe",
                                  headers: ["Idempotency-Key": command.idempotencyKey],
                                  body: try WireJSON.encoder().encode(command))
        return try await send(request).decoded()
    }

    /// Report spam (`spam` true) or Not spam against the row's revision.
    public func setSpam(_ spam: Bool, _ row: Subscription, key: IdempotencyKey = IdempotencyKey()) async throws -> EmailOperation {
        let body = ThreadSpamBody(expectedRevision: row.revision, spam: spam, idempotencyKey: key.rawValue)
        let request = HTTPRequest(method: "POST", path: "/v1/email/subscriptions/\(segment: row.id)/spam",
                                  headers: ["Idempotency-Key": key.rawValue], body: try WireJSON.encoder().encode(body))
        return try await send(request).decoded()
    }

    /// Keep (`kept` true) or Stop keeping; a local decision, answered with the row.
    public func setKept(_ kept: Bool, _ row: Subscription) async throws -> Subscription {
        try await send(.post("/v1/email/subscriptions/\(segment: row.id)/keep",
                             json: KeepBody(expectedRevision: row.revision, kept: kept))).decoded()
    }

    // MARK: Operations

    public func operation(id: String) async throws -> EmailOperation {
        try await send(.get("/v1/email/operations/\(segment: id)")).decoded()
    }

    /// Polls `operationID` with `polling` (through the sender's sleeper) until
    /// its run ends, three reads in a row fail, or the time limit passes.
    public func waitForRun(_ operationID: String, polling: OperationPolling = .bounded) async -> PollEnd {
        var polling = polling
        var last: RunStatus = .unknown("")
        while true {
            let wait: Duration
            do {
                let current = try await operation(id: operationID)
                last = current.status
                if current.status.isTerminal { return .finished(current.status) }
                if polling.hasReachedLimit { return .timedOut(last) }
                wait = polling.nextDelayAfterAnswer()
            } catch is CancellationError {
                return .unreadable("cancelled")
            } catch {
                // At most two failures in a row pass the limit before the third stops the polling.
                guard let retry = polling.nextDelayAfterFailure() else {
                    return .unreadable((error as? APIError)?.summary ?? "\(error)")
                }
                wait = retry
            }
            do { try await send.sleeper(wait) } catch { return .timedOut(last) }
        }
    }

    /// The answers that mean "this server has no subscriptions" (docs/wire/subscriptions.md §1: 404 when
    /// Email or the flag is off; 405/400 from a server that mounts nothing there).
    public static func meansUnavailable(_ error: any Error) -> Bool {
        ServerRefusal.meansNotOffered(error)
    }
}

struct KeepBody: Encodable {
    var expectedRevision: Int
    var kept: Bool
    enum CodingKeys: String, CodingKey { case kept, expectedRevision = "expected_revision" }
}

/// Subscription ids and evidence digests: 64 lowercase hex characters (docs/wire/subscriptions.md §1).
public enum SubscriptionID {
    public static func isValid(_ text: String) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }
}

extension SubscriptionsAPI {
    /// The accounts' unsubscribe and spam flags, read from Email's account list
    /// (just those two flags of each account). nil when this server has no
    /// account list (its route not offered): then no flags are known, the census
    /// is still shown, and no action is offered.
    public func accountFlags() async throws -> AccountFlags? {
        do {
            return AccountFlags(try await send(.get("/v1/email/accounts")).decoded(as: Page<SubscriptionAccountCapabilities>.self).items)
        } catch where ServerRefusal.meansNotOffered(error) {
            return nil
        }
    }
}
