import Foundation
import VeetCurses
import VeetSubscriptions
import VeetTransport

/// The Subscriptions screen, opened from Email mode (S) while some account
/// offers unsubscribe assistance: the census in the server's order, one
/// account and one state at a time, paged by cursor; a bounded selection; the
/// one confirmation as a sheet; rows that settle in place. Every rule (what a
/// row offers, what may be chosen, the command, how a row settles) is
/// VeetSubscriptions'; this value holds what was read and what the owner chose.
/// Held in process memory only, never the store. Keys and answers come in
/// through `update` (SubscriptionsScreen+Keys.swift); it is drawn by `paint`.
public struct SubscriptionsScreen: FeatureScreen {
    /// The state filter's choices, in the order `f` steps through them (nil: every state).
    public static let stateFilters: [SubscriptionState?] = [nil, .active, .failed, .stillSending, .kept, .pending, .unsubscribed,
                                                     .reportedSpam]
    public static let pageSize = 50

    /// The screen's keys in the shell's help overlay (beside the page that opens it).
    public static let helpGroup = HelpOverlay.Group("Subscriptions (S in Email)", [
        .init("Up, Down, Tab", "choose a sender (↓ at the end loads more); detail on narrow terminals"),
        .init("Space, A, c", "select (at most 25) / select all eligible, skipping protected / clear"),
        .init("u, Enter", "unsubscribe: one confirmation naming every sender (a also archives)"),
        .init("k, !", "keep or stop keeping / report spam or not spam"),
        .init("a, f, g", "account filter, state filter, read again"),
    ])

    /// An account as the filter names it.
    public struct Account: Sendable, Hashable {
        public var id: String
        public var label: String

        public init(id: String, label: String) {
            self.id = id
            self.label = label
        }
    }

    public var flags: AccountFlags
    public var accounts: [Account]
    public var accountFilter: String?
    public var stateFilter: SubscriptionState?
    public var rows: [Subscription] = []
    public var nextCursor: String?
    public var loaded = false
    public var loadingMore = false
    /// The server answered 404/405: unsubscribe assistance is off there.
    public var unavailable = false
    public var cursor = 0
    public var selection = SubscriptionSelection()
    /// The confirmation this screen opened (the reading page keeps its own).
    public var sheet: UnsubscribeSheet?
    /// Narrow terminals: the detail is pushed over the list.
    public var detailPushed = false
    /// What went wrong on a row, beside it (until the row is acted on again).
    public var rowErrors: [String: String] = [:]
    /// Each row as it was when its command was sent, while the command runs.
    public var inFlight: [String: Subscription] = [:]
    public var message = ""

    /// The connection's name, on the footer's left.
    public var connection: String
    /// The terminal's size when the screen opened: below `narrowWidth` the detail is pushed over the list,
    /// and the confirmation scrolls by what fits in `height`.
    public var width: Int
    public var height: Int

    /// Below this width the detail is pushed over the list instead of beside it (Email's own width).
    public static let narrowWidth = 90

    /// `flags`: each account's unsubscribe and spam flags, as the shell read them from Email's account list.
    public init(flags: AccountFlags, accounts: [Account], connection: String = "", width: Int = 80, height: Int = 24) {
        self.flags = flags
        self.accounts = accounts
        self.connection = connection
        self.width = width
        self.height = height
    }

    public var narrow: Bool { width < Self.narrowWidth }

    public var openingEffects: [SubscriptionsScreenEffect] { [.load(query, cursor: nil)] }

    public var query: SubscriptionQuery { SubscriptionQuery(accountID: accountFilter, state: stateFilter) }
    public var current: Subscription? { rows.indices.contains(cursor) ? rows[cursor] : nil }

    public func accountLabel(_ id: String) -> String { accounts.first { $0.id == id }.map { $0.label.isEmpty ? $0.id : $0.label } ?? id }

    public var accountFilterText: String { accountFilter.map(accountLabel) ?? "All accounts" }

    public var stateFilterText: String {
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
    public var selectionText: String { "\(selection.countText) selected" }

    // MARK: The census

    /// A page read: the first replaces the list (the cursor stays on its row), a next page is added.
    /// A row whose command is still running keeps its "Unsubscribing…" look.
    public mutating func show(_ page: Page<Subscription>, append: Bool) {
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
    public mutating func restart() {
        rows = []
        nextCursor = nil
        loaded = false
        loadingMore = false
        cursor = 0
    }

    public mutating func replace(_ row: Subscription) {
        if let index = rows.firstIndex(where: { $0.id == row.id }) { rows[index] = row }
    }

    // MARK: Selection

    /// Space: chooses the row or lets it go; a refusal says why.
    public mutating func toggleCurrent() {
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
    public mutating func selectAll() {
        let added = selection.selectAll(rows, flags)
        let full = selection.count >= SubscriptionSelection.limit
        message = added == 0 && !full ? "No more senders can be chosen here (protected and ineligible ones are skipped)."
            : full ? SubscriptionSelection.Refusal.full.description : ""
    }

    /// Enter or u: the confirmation for the selection, or for the row under the cursor when none is chosen.
    public mutating func openConfirmation() {
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
    public mutating func markPending(_ rows: [Subscription], _ action: OperationAction) {
        for row in rows {
            inFlight[row.id] = row
            rowErrors[row.id] = nil
            selection.deselect(row.id)
            replace(row.pending(action))
        }
    }

    /// The command settled: each row takes its outcome (an error beside every one not done as asked),
    /// then every other listed row takes the census as read back.
    public mutating func settle(_ report: CommandReport) {
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
    public mutating func commandFailed(_ ids: [String], _ text: String) {
        for id in ids {
            if let before = inFlight.removeValue(forKey: id) { replace(before) }
            rowErrors[id] = text
        }
        message = text
    }
}

