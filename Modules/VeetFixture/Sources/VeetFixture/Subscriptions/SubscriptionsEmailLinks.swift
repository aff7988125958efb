import Foundation

/// Where the census meets the mailboxes inside the Email routes: a bulk
/// sender's thread shows its census row as the subscription block (docs/wire/subscriptions.md §3.2), the
/// one operation lookup also knows subscription operations (docs/wire/email.md §13), and
/// the accounts advertise unsubscribe only while the census is served.
extension EmailHandlers {
    /// The thread's subscription block, drawn from its census row; null when the
    /// thread is not a bulk sender's or unsubscribe assistance is off.
    func subscriptionBlock(of thread: EmailState.Thread) -> JSON {
        guard options.subscriptions, let id = thread.subscriptionID else { return .null }
        let census = state.subscriptions
        census.seedIfNeeded(now: now, mailboxes: email)
        census.settleDue(now: now)  // reading the detail settles like reading the list (docs/wire/subscriptions.md §7 step 3)
        return census.rows[id].map(census.block) ?? .null
    }

    /// The status of a subscription operation, or nil when `id` is not one.
    func subscriptionOperation(_ id: String) throws -> JSON? {
        guard options.subscriptions else { return nil }
        let census = state.subscriptions
        census.seedIfNeeded(now: now, mailboxes: email)
        census.settleDue(now: now)
        guard let op = census.operations[id] else { return nil }
        if census.statusUnreadable {
            throw APIFailure(status: 500, code: "internal_error", message: "The operation status could not be read.")
        }
        // The first read reports the run running; the second ends it (SubscriptionsSettling).
        op.reads += 1
        if op.reads > 1 && !op.isTerminal { census.finish(op) }
        let answer = census.operationAnswer(op, replayed: false)
        if !op.isTerminal { op.runStatus = "RUNNING" }
        return answer
    }

    /// An account object as listed: `unsubscribe_supported` is false while the census is not served.
    func withSubscriptionFlag(_ account: JSON) -> JSON {
        options.subscriptions ? account : account.setting("unsubscribe_supported", .bool(false))
    }
}
