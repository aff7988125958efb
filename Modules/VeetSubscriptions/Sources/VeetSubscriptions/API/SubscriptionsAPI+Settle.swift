import Foundation
import VeetTransport
import VeetWire

/// A command followed through: the operation polled, the census read back,
/// and what became of each row.
public struct CommandReport: Sendable, Hashable {
    public var operation: EmailOperation
    public var poll: PollEnd
    public var outcomes: [RowOutcome]
    /// The census as read back (empty when it could not be read).
    public var census: [Subscription]

    /// True when every row ended as asked.
    public var allDone: Bool { outcomes.allSatisfy { if case .done = $0 { true } else { false } } }
}

extension SubscriptionsAPI {
    /// Sends the confirmation's single command, then settles its rows.
    public func unsubscribe(_ confirmation: UnsubscribeConfirmation, flags: AccountFlags,
                            key: IdempotencyKey = IdempotencyKey(), polling: OperationPolling = .bounded) async throws
        -> CommandReport {
        let operation = try await unsubscribe(confirmation.command(key: key))
        return await settle(operation, rows: confirmation.rows, action: .unsubscribe, flags: flags, polling: polling)
    }

    /// Report spam or Not spam on one row, then settles it.
    public func reportSpam(_ spam: Bool, _ row: Subscription, flags: AccountFlags, key: IdempotencyKey = IdempotencyKey(),
                           polling: OperationPolling = .bounded) async throws -> CommandReport {
        let offered: RowAction = spam ? .reportSpam : .notSpam
        guard row.actions(flags).contains(offered) else {
            throw SubscriptionsError.refused(flags.spamSupported(row.accountID)
                ? "\(row.senderName) is \(row.stateText.lowercased()); \(offered.label) is not possible now."
                : "This account does not offer Report spam for subscriptions.")
        }
        let operation = try await setSpam(spam, row, key: key)
        return await settle(operation, rows: [row], action: spam ? .reportSpam : .notSpam, flags: flags, polling: polling)
    }

    /// Polls `operation`, then reads the census of the rows' accounts back once
    /// and maps each row to its outcome.
    public func settle(_ operation: EmailOperation, rows: [Subscription], action: OperationAction, flags: AccountFlags,
                       polling: OperationPolling = .bounded) async -> CommandReport {
        let poll = operation.status.isTerminal ? PollEnd.finished(operation.status)
            : await waitForRun(operation.operationID, polling: polling)
        var census: [Subscription] = []
        var readBack = true
        for account in Set(rows.map(\.accountID)).sorted() {
            do { census += try await self.census(SubscriptionQuery(accountID: account)) } catch { readBack = false }
        }
        let byID = Dictionary(census.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let outcomes = rows.map { row in
            Settlement.outcome(before: row, after: readBack ? byID[row.id] : nil, poll: poll, action: action, flags: flags)
        }
        return CommandReport(operation: operation, poll: poll, outcomes: outcomes, census: census)
    }
}

extension SubscriptionsAPI {
    /// Keep (`kept` true) or Stop keeping, when the row offers it.
    public func keep(_ kept: Bool, _ row: Subscription, flags: AccountFlags) async throws -> Subscription {
        let offered: RowAction = kept ? .keep : .stopKeeping
        guard row.actions(flags).contains(offered) else {
            throw SubscriptionsError.refused(flags.unsubscribeSupported(row.accountID)
                ? "\(row.senderName) is \(row.stateText.lowercased()); \(offered.label) is not possible now."
                : "This account does not offer unsubscribe assistance.")
        }
        return try await setKept(kept, row)
    }
}
