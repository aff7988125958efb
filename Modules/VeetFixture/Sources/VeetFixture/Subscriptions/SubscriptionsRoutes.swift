import Foundation

/// The subscription routes (docs/wire/subscriptions.md §2, rows 1-4). Nil for any other
/// path; 404 for every subscription path unless both Email mode
/// (`options.email`) and unsubscribe assistance (`options.subscriptions`) are
/// on. Row 5, `GET /v1/email/operations/{id}`, is the Email routes' one lookup
/// (`EmailHandlers.subscriptionOperation`), and `GET /v1/email/accounts` is
/// theirs too: the census reads the accounts' flags from the same mailboxes.
extension Router {
    func subscriptionsResponse(
        _ head: RequestHead, authorized: Bool, readBody: (Int) -> RequestReader.BodyResult
    ) throws -> HTTPResponse? {
        let segments = head.rawPath.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
        guard segments.count >= 3, segments[0] == "v1", segments[1] == "email", segments[2] == "subscriptions" else {
            return nil
        }
        do {
            guard options.email, options.subscriptions else { throw APIFailure.unknownRoute }
            guard authorized else { throw APIFailure.routeAuthentication }
            var body = Data()
            if head.method == "POST" {
                switch readBody(options.maximumBodyBytes) {
                case .body(let data): body = data
                case .tooLarge: throw APIFailure.payloadTooLarge
                case .broken: throw BrokenBody()
                }
            }
            if head.method == "POST", options.emailReadOnly {
                throw APIFailure(status: 403, code: "authorization_error", message: "The token lacks the email.write scope.")
            }
            let json = try store.transaction { state in
                let census = state.subscriptions
                let now = state.now()
                census.seedIfNeeded(now: now, mailboxes: state.email)
                let handlers = SubscriptionHandlers(census: census, mailboxes: state.email, now: now, head: head, body: body)
                return try handlers.route(Array(segments.dropFirst(2)))
            }
            var response = HTTPResponse.json(200, json)
            response.headers.append(("cache-control", "private, no-store"))
            return response
        } catch var failure as APIFailure {
            failure.extraHeaders.append(("cache-control", "private, no-store"))
            throw failure
        }
    }
}

struct SubscriptionHandlers {
    let census: SubscriptionsState
    /// The accounts whose flags say what the token may do (docs/wire/email.md §3).
    let mailboxes: EmailState
    let now: Instant
    let head: RequestHead
    let body: Data

    static let states: Set<String> = ["active", "kept", "pending", "unsubscribed", "failed", "still_sending", "reported_spam"]

    func route(_ rest: [String]) throws -> JSON {
        census.settleDue(now: now)
        switch (head.method, rest.count) {
        case ("GET", 1) where rest[0] == "subscriptions": return try list()
        case ("POST", 2) where rest[1] == "unsubscribe": return try unsubscribe()
        case ("POST", 3) where rest[2] == "spam": return try spam(try row(rest[1]))
        case ("POST", 3) where rest[2] == "keep": return try keep(try row(rest[1]))
        case (_, 1...3): throw APIFailure.unsupportedMethod
        default: throw APIFailure.unknownRoute
        }
    }

    static func isHex64(_ text: String) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }

    func row(_ id: String) throws -> SubscriptionsState.Row {
        guard Self.isHex64(id) else { throw APIFailure.malformed("subscription_id must be 64 lowercase hex characters") }
        guard let row = census.rows[id] else { throw APIFailure.notFound("subscription") }
        return row
    }

    private func list() throws -> JSON {
        let account = head.query("account_id"), state = head.query("state")
        if let account, account.count > 32 { throw APIFailure.malformed() }
        if let state, !Self.states.contains(state) { throw APIFailure.malformed() }
        if let cursor = head.query("cursor"), cursor.count > 64 { throw APIFailure.malformed() }
        if let text = head.query("limit"), let value = Int(text), value > 100 { throw APIFailure.malformed() }
        let rows = census.ordered.filter { (account == nil || $0.accountID == account) && (state == nil || $0.state == state) }
        // The cursor is an opaque base64 of an offset, as observed (docs/wire/subscriptions.md §8).
        let limit = try Validation.limit(head.query("limit"), defaultValue: 50, maximum: 100)
        var start = 0
        if let cursor = head.query("cursor") {
            guard let data = Data(base64Encoded: cursor), let text = String(data: data, encoding: .utf8),
                  text.hasPrefix("offset:"), let offset = Int(text.dropFirst(7)), offset >= 0 else {
                throw APIFailure.malformed("cursor is malformed")
            }
            start = offset
        }
        let slice = rows.dropFirst(start).prefix(limit)
        let end = start + slice.count
        let next: JSON = end < rows.count ? .string(Data("offset:\(end)".utf8).base64EncodedString()) : .null
        return ["items": .array(slice.map(census.view)), "next_cursor": next]
    }
}
