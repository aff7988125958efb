import Foundation
import VeetEmail  // QuietFailure only
import VeetSubscriptions
import VeetTransport

/// What the Subscriptions screen's calls (and the reading page's one
/// confirmation) report. Rows stay in these values and the screen's state:
/// nothing reaches the store, a log or a file.
enum SubscriptionsUpdate: Sendable {
    case page(SubscriptionQuery, Page<Subscription>, append: Bool)
    /// The server has no unsubscribe assistance (404/405).
    case unavailable
    case listFailed(String)
    /// A command was polled to its end and the census read back; `fromPage`: the reading page sent it.
    case settled(CommandReport, fromPage: Bool)
    /// A command that never started (refused, 409, 403, no connection): the rows come back with `text`.
    case commandFailed(ids: [String], String, fromPage: Bool)
    /// Keep or Stop keeping answered with the row.
    case kept(Subscription, message: String)
}

/// The Subscriptions calls (VeetSubscriptions), each a task that posts what it found.
extension Backend {
    var subscriptions: SubscriptionsAPI { SubscriptionsAPI(sender: api.sender) }

    func postSubscriptions(_ update: SubscriptionsUpdate) { inbox.post(.subscriptions(update)) }

    func describeSubscriptions(_ error: any Error, isWrite: Bool) -> String {
        SubscriptionsError.from(error, isWrite: isWrite)?.description ?? Self.describe(error)
    }

    /// The first page of `query`, or the page after `cursor`.
    func loadSubscriptions(_ query: SubscriptionQuery, cursor: String? = nil) -> Task<Void, Never> {
        let api = subscriptions
        return Task {
            do {
                let page = try await api.page(query, limit: SubscriptionsScreen.pageSize, cursor: cursor)
                postSubscriptions(.page(query, page, append: cursor != nil))
            } catch where SubscriptionsAPI.meansUnavailable(error) {
                postSubscriptions(.unavailable)
            } catch {
                if !QuietFailure.isCancellation(error) {
                    let text = describeSubscriptions(error, isWrite: false)
                    postSubscriptions(.listFailed("Could not read the subscriptions: \(text)"))
                }
            }
        }
    }

    /// The confirmation's one command, polled until its rows settle.
    func unsubscribe(_ confirmation: UnsubscribeConfirmation, flags: AccountFlags, fromPage: Bool) -> Task<Void, Never> {
        let api = subscriptions
        return Task {
            do {
                postSubscriptions(.settled(try await api.unsubscribe(confirmation, flags: flags), fromPage: fromPage))
            } catch {
                postSubscriptions(.commandFailed(ids: confirmation.rows.map(\.id), "Not unsubscribed: "
                                    + describeSubscriptions(error, isWrite: true), fromPage: fromPage))
            }
        }
    }

    /// Report spam (`spam` true) or Not spam on one row, polled until it settles.
    func reportSubscriptionSpam(_ spam: Bool, _ row: Subscription, flags: AccountFlags) -> Task<Void, Never> {
        let api = subscriptions
        return Task {
            do {
                postSubscriptions(.settled(try await api.reportSpam(spam, row, flags: flags), fromPage: false))
            } catch {
                postSubscriptions(.commandFailed(ids: [row.id], (spam ? "Not reported: " : "Not moved back: ")
                                    + describeSubscriptions(error, isWrite: true), fromPage: false))
            }
        }
    }

    /// Keep (`kept` true) or Stop keeping.
    func keepSubscription(_ kept: Bool, _ row: Subscription, flags: AccountFlags) -> Task<Void, Never> {
        let api = subscriptions
        return Task {
            do {
                let updated = try await api.keep(kept, row, flags: flags)
                let message = kept ? "Keeping \(row.senderName): it is not suggested again (k stops keeping)."
                    : "Stopped keeping \(row.senderName)."
                postSubscriptions(.kept(updated, message: message))
            } catch {
                postSubscriptions(.commandFailed(ids: [row.id], (kept ? "Not kept: " : "Still kept: ")
                                    + describeSubscriptions(error, isWrite: true), fromPage: false))
            }
        }
    }
}
