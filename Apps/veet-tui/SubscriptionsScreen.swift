import Foundation
import VeetSubscriptions
import VeetTransport

/// The Subscriptions screen, opened from Email mode (S) while some account
/// offers unsubscribe assistance: the census in the server's order, one
/// account and one state at a time, paged by cursor; a bounded selection; the
/// one confirmation as a sheet; rows that settle in place. Every rule (what a
/// row offers, what may be chosen, the command, how a row settles) is
/// VeetSubscriptions'; this value holds what was read and what the owner chose.
/// Held in process memory only, never the store.
struct SubscriptionsScreen {
    /// The state filter's choices, in the order `f` steps through them (nil: every state).
    static let stateFilters: [SubscriptionState?] = [nil, .active, .failed, .stillSending, .kept, .pending, .unsubscribed,
                                                     .reportedSpam]
    static let pageSize = 50

    /// An account as the filter names it.
    struct Account: Sendable, Hashable {
        var id: String
        var label: String
    }

    var flags: AccountFlags
    var accounts: [Account]
    var accountFilter: String?
    var stateFilter: SubscriptionState?
    var rows: [Subscription] = []
    var nextCursor: String?
    var loaded = false
    var loadingMore = false
    /// The server answered 404/405: unsubscribe assistance is off there.
    var unavailable = false
    var cursor = 0
    var selection = SubscriptionSelection()
    /// The confirmation this screen opened (the reading page keeps its own).
    var sheet: UnsubscribeSheet?
    /// Narrow terminals: the detail is pushed over the list.
    var detailPushed = false
    /// What went wrong on a row, beside it (until the row is acted on again).
    var rowErrors: [String: String] = [:]
    /// Each row as it was when its command was sent, while the command runs.
    var inFlight: [String: Subscription] = [:]
    var message = ""

    init(flags: AccountFlags, accounts: [Account]) {
        self.flags = flags
        self.accounts = accounts
    }

    var query: SubscriptionQuery { SubscriptionQuery(accountID: accountFilter, state: stateFilter) }
    var current: Subscription? { rows.indices.contains(cursor) ? rows[cursor] : nil }

    func accountLabel(_ id: String) -> String { accounts.first { $0.id == id }.map { $0.label.isEmpty ? $0.id : $0.label } ?? id }

    var accountFilterText: String { accountFilter.map(accountLabel) ?? "All accounts" }

    var stateFilterText: String {
        switch stateFilter {
        case nil: "All states"
        case .active?: "Active"
        case .failed?: "Failed"
        case .stillSending?: "Still sending"
        case .kept?: "Kept"
        case .pending?: "In progress"
        case .unsubscribed?: "Unsubscribed"
        case .reportedSpam?: "Reported as spam"
        case .unknown(let raw)?: raw
        }
    }

    /// The selection's count, as the header shows it: "2 of 25 selected".
    var selectionText: String { "\(selection.countText) selected" }

    // MARK: The census

    /// A page read: the first replaces the list (the cursor stays on its row), a next page is added.
    /// A row whose command is still running keeps its "Unsubscribing…" look.
    mutating func show(_ page: Page<Subscription>, append: Bool) {
        let held = Dictionary(rows.filter { inFlight[$0.id] != nil }.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let incoming = page.items.map { held[$0.id] ?? $0 }
        if append {
            let known = Set(rows.map(\.id))
            rows += incoming.filter { !known.contains($0.id) }
        } else {
            let chosen = current?.id
            rows = incoming
            cursor = rows.firstIndex { $0.id == chosen } ?? min(cursor, max(rows.count - 1, 0))
        }
        nextCursor = page.nextCursor
        loaded = true
        loadingMore = false
    }

    /// The filter changed: the list starts over for the new query (the selection is kept by id).
    mutating func restart() {
        rows = []
        nextCursor = nil
        loaded = false
        loadingMore = false
        cursor = 0
    }

    mutating func replace(_ row: Subscription) {
        if let index = rows.firstIndex(where: { $0.id == row.id }) { rows[index] = row }
    }

    // MARK: Selection

    /// Space: chooses the row or lets it go; a refusal says why.
    mutating func toggleCurrent() {
        guard let row = current else { return }
        if selection.contains(row.id) {
            selection.deselect(row.id)
            message = ""
            return
        }
        do {
            try selection.select(row, flags)
            message = ""
        } catch {
            message = error.description
        }
    }

    /// Select all: the library's rule (protected and ineligible rows skipped, 25 at most).
    mutating func selectAll() {
        let added = selection.selectAll(rows, flags)
        let full = selection.count >= SubscriptionSelection.limit
        message = added == 0 && !full ? "No more senders can be chosen here (protected and ineligible ones are skipped)."
            : full ? SubscriptionSelection.Refusal.full.description : ""
    }

    /// Enter or u: the confirmation for the selection, or for the row under the cursor when none is chosen.
    mutating func openConfirmation() {
        let chosen = selection.isEmpty ? (current.map { [$0] } ?? []) : selection.rows(in: rows)
        guard !chosen.isEmpty else { return }
        do {
            sheet = UnsubscribeSheet(confirmation: try UnsubscribeConfirmation(rows: chosen, flags: flags))
            message = ""
        } catch {
            message = error.description
        }
    }

    // MARK: Commands in flight

    /// The rows of a command just sent: each reads "Unsubscribing…" (or "Reporting spam…") with no action.
    mutating func markPending(_ rows: [Subscription], _ action: OperationAction) {
        for row in rows {
            inFlight[row.id] = row
            rowErrors[row.id] = nil
            selection.deselect(row.id)
            replace(row.pending(action))
        }
    }

    /// The command settled: each row takes its outcome (an error beside every one not done as asked),
    /// then every other listed row takes the census as read back.
    mutating func settle(_ report: CommandReport) {
        var settled = Set<String>()
        for outcome in report.outcomes {
            let row = outcome.row
            settled.insert(row.id)
            inFlight[row.id] = nil
            rowErrors[row.id] = outcome.message
            replace(row)
        }
        for row in report.census where !settled.contains(row.id) && inFlight[row.id] == nil { replace(row) }
        for id in selection.ids {
            if let row = rows.first(where: { $0.id == id }), SubscriptionSelection.refusal(for: row, flags) != nil {
                selection.deselect(id)
            }
        }
        let failures = report.outcomes.filter { $0.message != nil }.count
        message = failures == 0 ? "" : failures == 1 ? (report.outcomes.compactMap(\.message).first ?? "")
            : "\(failures) senders did not end as asked; each says why beside it."
    }

    /// The command never started (refused, 409, no connection): the rows come back as they were, with why.
    mutating func commandFailed(_ ids: [String], _ text: String) {
        for id in ids {
            if let before = inFlight.removeValue(forKey: id) { replace(before) }
            rowErrors[id] = text
        }
        message = text
    }
}

/// The unsubscribe confirmation as a sheet: the library's confirmation (every
/// sender with its offer, the warning, the archive option off by default) and
/// how far its sender list is scrolled.
struct UnsubscribeSheet: Sendable, Hashable {
    var confirmation: UnsubscribeConfirmation
    var scroll = 0
}

extension Subscription {
    /// A thread's subscription block as a row, so the library's words and
    /// rules apply to it (the block carries no `verified`: a digest and a
    /// mechanism imply it, subscriptions.md §3.2). The sender is named from the thread.
    init(block id: String, accountID: String, senderName: String, state: String, mechanism: String, destination: String?,
         evidenceDigest: String?, revision: Int) {
        let way = Mechanism(raw: mechanism)
        self.init(id: id, accountID: accountID, displayName: senderName, mechanism: way,
                  verified: evidenceDigest != nil && way != .none, linkOnly: mechanism == "link_only",
                  destination: destination ?? "", evidenceDigest: evidenceDigest, state: SubscriptionState(raw: state),
                  revision: revision)
    }
}
