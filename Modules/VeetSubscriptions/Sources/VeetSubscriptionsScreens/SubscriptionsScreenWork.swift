import Foundation
import VeetCurses
import VeetSubscriptions
import VeetTransport

/// The work the Subscriptions screen (and a thread's one confirmation) asks for.
/// Each command carries the accounts' flags it was confirmed under.
public enum SubscriptionsScreenEffect: Sendable, Equatable {
    /// The first page of a query, or the page after `cursor`.
    case load(SubscriptionQuery, cursor: String?)
    /// The confirmation's one command, polled until its rows settle.
    case unsubscribe(UnsubscribeConfirmation, AccountFlags)
    /// Report spam (true) or Not spam on one row, polled until it settles.
    case reportSpam(Bool, Subscription, AccountFlags)
    /// Keep (true) or Stop keeping.
    case keep(Bool, Subscription, AccountFlags)
}

/// What the Subscriptions work reports. Rows stay in these values and the
/// screen's state: nothing reaches the store, a log or a file.
public enum SubscriptionsScreenResult: Sendable {
    case page(SubscriptionQuery, Page<Subscription>, append: Bool)
    /// The server has no unsubscribe assistance.
    case unavailable
    case listFailed(String)
    /// A command was polled to its end and the census read back.
    case settled(CommandReport)
    /// A command that never started (refused, changed meanwhile, not allowed, no connection): the rows come back with why.
    case commandFailed(ids: [String], String)
    /// Keep or Stop keeping answered with the row.
    case kept(Subscription, message: String)
}

/// Does the Subscriptions work through `SubscriptionsAPI`. `describe` words an
/// error the feature has no words of its own for (the app adds its hints).
public struct SubscriptionsScreenWork: ScreenEffects {
    public typealias Screen = SubscriptionsScreen

    let api: SubscriptionsAPI
    let describe: @Sendable (any Error) -> String

    public init(api: SubscriptionsAPI, describe: @escaping @Sendable (any Error) -> String = { "\($0)" }) {
        self.api = api
        self.describe = describe
    }

    func words(_ error: any Error, isWrite: Bool) -> String {
        SubscriptionsError.from(error, isWrite: isWrite)?.description ?? describe(error)
    }

    public func run(_ effect: SubscriptionsScreenEffect, report: @escaping @Sendable (SubscriptionsScreenResult) -> Void) async {
        switch effect {
        case .load(let query, let cursor):
            do {
                let page = try await api.page(query, limit: SubscriptionsScreen.pageSize, cursor: cursor)
                report(.page(query, page, append: cursor != nil))
            } catch where SubscriptionsAPI.meansUnavailable(error) {
                report(.unavailable)
            } catch {
                if !Self.isCancellation(error) {
                    report(.listFailed("Could not read the subscriptions: \(words(error, isWrite: false))"))
                }
            }
        case .unsubscribe(let confirmation, let flags):
            do {
                report(.settled(try await api.unsubscribe(confirmation, flags: flags)))
            } catch {
                report(.commandFailed(ids: confirmation.rows.map(\.id), "Not unsubscribed: " + words(error, isWrite: true)))
            }
        case .reportSpam(let spam, let row, let flags):
            do {
                report(.settled(try await api.reportSpam(spam, row, flags: flags)))
            } catch {
                report(.commandFailed(ids: [row.id], (spam ? "Not reported: " : "Not moved back: ") + words(error, isWrite: true)))
            }
        case .keep(let kept, let row, let flags):
            do {
                let updated = try await api.keep(kept, row, flags: flags)
                let message = kept ? "Keeping \(row.senderName): it is not suggested again (k stops keeping)."
                    : "Stopped keeping \(row.senderName)."
                report(.kept(updated, message: message))
            } catch {
                report(.commandFailed(ids: [row.id], (kept ? "Not kept: " : "Still kept: ") + words(error, isWrite: true)))
            }
        }
    }

    /// A read given up because the screen went away says nothing.
    static func isCancellation(_ error: any Error) -> Bool {
        error is CancellationError || (error as? TransportError)?.kind == .cancelled
    }
}
