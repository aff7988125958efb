import VeetSubscriptions
import VeetTransport

/// The senders an owner could unsubscribe from now, each with what it offers.
func unsubscribable(on client: HTTPClient, flags: AccountFlags) async throws -> [String] {
    let subscriptions = SubscriptionsAPI(sender: .live(client: client))
    return try await subscriptions.census()
        .filter { $0.actions(flags).contains(.unsubscribe) }
        .map { "\($0.senderName): \($0.offerText)" }
}

// The README's example, run (on the reference server: FixtureTests.swift).
