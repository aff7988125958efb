import Foundation

/// The subscription routes (subscriptions.md §2) and the status of their
/// operations. Nil for any other path (and for an operation id that is not a
/// subscription's, so the Email routes may answer it); 404 for every
/// subscription path when `options.subscriptions` is off.
extension Router {
    func subscriptionsResponse(
        _ head: RequestHead, authorized: Bool, readBody: (Int) -> RequestReader.BodyResult
    ) throws -> HTTPResponse? {
        let segments = head.rawPath.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
        guard segments.count >= 3, segments[0] == "v1", segments[1] == "email" else { return nil }
        if segments[2] == "accounts", segments.count == 3, options.subscriptionAccounts {
            guard authorized else { throw APIFailure.routeAuthentication }
            return .json(200, SubscriptionAccounts.page)
        }
        let isOperation = segments[2] == "operations" && segments.count == 4
        guard segments[2] == "subscriptions" || isOperation else { return nil }
        if !options.subscriptions {
            if isOperation { return nil }
            throw APIFailure.unknownRoute
        }
        if isOperation {
            let known = store.transaction { $0.subscriptions.operations[segments[3]] != nil }
            guard known else { return nil }
        }
        guard authorized else { throw APIFailure.routeAuthentication }
        var body = Data()
        if head.method == "POST" {
            switch readBody(options.maximumBodyBytes) {
            case .body(let data): body = data
            case .tooLarge: throw APIFailure.payloadTooLarge
            case .broken: throw BrokenBody()
            }
        }
        let json = try store.transaction { state in
            let census = state.subscriptions
            let now = state.now()
            census.seedIfNeeded(now: now)
            let handlers = SubscriptionHandlers(census: census, now: now, head: head, body: body)
            return try handlers.route(Array(segments.dropFirst(2)))
        }
        var response = HTTPResponse.json(200, json)
        response.headers.append(("cache-control", "private, no-store"))
        return response
    }
}

/// The minimal account list the subscription tests read their flags from
/// (`--subscription-accounts`), until the Email routes serve the real one.
enum SubscriptionAccounts {
    static let page: JSON = [
        "items": [
            ["id": "default", "label": "Personal", "unsubscribe_supported": true, "spam_supported": true],
            ["id": "work", "label": "Work", "unsubscribe_supported": true, "spam_supported": false],
            ["id": "shared", "label": "Shared", "unsubscribe_supported": false, "spam_supported": false],
        ],
        "next_cursor": nil,
    ]
}

struct SubscriptionHandlers {
    let census: SubscriptionsState
    let now: Instant
    let head: RequestHead
    let body: Data

    static let states: Set<String> = ["active", "kept", "pending", "unsubscribed", "failed", "still_sending", "reported_spam"]

    func route(_ rest: [String]) throws -> JSON {
        census.settleDue(now: now)
        switch (head.method, rest.count) {
        case ("GET", 1) where rest[0] == "subscriptions": return try list()
        case ("GET", 2) where rest[0] == "operations": return try operation(rest[1])
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
        // The cursor is an opaque base64 of an offset, as observed (§8).
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

    private func operation(_ id: String) throws -> JSON {
        guard let op = census.operations[id] else { throw APIFailure.notFound("operation") }
        if census.statusUnreadable {
            throw APIFailure(status: 500, code: "internal_error", message: "The operation status could not be read.")
        }
        op.reads += 1
        if op.reads > 1 && !op.isTerminal { census.finish(op) }
        let answer = census.operationAnswer(op, replayed: false)
        if !op.isTerminal { op.runStatus = "RUNNING" }
        return answer
    }
}
