import Foundation

/// Controls for tests of the subscription census (Subscriptions/).
extension FixtureServer {
    /// The id of the seeded sender named exactly `name`, seeding first.
    public func subscriptionID(named name: String) -> String? {
        store.transaction { state in
            state.subscriptions.seedIfNeeded(now: state.now(), mailboxes: state.email)
            return state.subscriptions.rows.values.first { $0.displayName == name }?.id
        }
    }

    /// While on, reading a subscription operation's status answers 500 (an unreadable status).
    public func setSubscriptionStatusUnreadable(_ unreadable: Bool) {
        store.transaction { $0.subscriptions.statusUnreadable = unreadable }
    }

    /// While on, an operation's run ends only when its status is read (not a second after admission).
    public func holdSubscriptionRuns(_ held: Bool) {
        store.transaction { $0.subscriptions.holdsRuns = held }
    }

    /// Changes a sender as a refresh would (new mail: a new revision), so a
    /// command against the old one meets `409`.
    public func touchSubscription(_ id: String) {
        store.transaction { $0.subscriptions.rows[id]?.revision += 1 }
    }

    /// Mail arrives from a sender after its unsubscribe: `unsubscribed` becomes `still_sending`.
    public func keepSending(_ id: String) {
        store.transaction { state in
            guard let row = state.subscriptions.rows[id], row.state == "unsubscribed" else { return }
            row.state = "still_sending"
            row.evidence += 1
            row.revision += 1
        }
    }
}
