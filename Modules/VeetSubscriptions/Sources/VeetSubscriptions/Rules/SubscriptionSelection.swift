import Foundation

/// The rows chosen for one unsubscribe: at most 25 (docs/wire/subscriptions.md §4.1), in the order they
/// were chosen. Only rows that may be unsubscribed now are ever chosen.
public struct SubscriptionSelection: Sendable, Hashable {
    public static let limit = 25
    public private(set) var ids: [String] = []

    public init() {}

    public enum Refusal: Error, Sendable, Hashable, CustomStringConvertible {
        case full
        case checking
        case noMechanism
        case alreadyDecided
        case notOffered

        public var description: String {
            switch self {
            case .full: "At most \(SubscriptionSelection.limit) senders can be unsubscribed at once."
            case .checking: "This sender is still being checked; it can be kept or reported as spam meanwhile."
            case .noMechanism: "This sender offers no automated unsubscribe."
            case .alreadyDecided: "This sender is not in a state that can be unsubscribed."
            case .notOffered: "This account does not offer unsubscribe."
            }
        }
    }

    public var count: Int { ids.count }
    public var isEmpty: Bool { ids.isEmpty }
    /// "3 of 25".
    public var countText: String { "\(ids.count) of \(Self.limit)" }
    public func contains(_ id: String) -> Bool { ids.contains(id) }

    /// Why `row` cannot be selected, or nil when it can.
    public static func refusal(for row: Subscription, _ flags: AccountFlags) -> Refusal? {
        guard flags.unsubscribeSupported(row.accountID) else { return .notOffered }
        if !row.state.isActionable { return .alreadyDecided }
        if row.isChecking { return .checking }
        if !row.isEligibleToUnsubscribe { return .noMechanism }
        return nil
    }

    /// Adds `row` (a protected one too, chosen by hand); throws when it may not be chosen.
    public mutating func select(_ row: Subscription, _ flags: AccountFlags) throws(Refusal) {
        if contains(row.id) { return }
        if let refusal = Self.refusal(for: row, flags) { throw refusal }
        guard ids.count < Self.limit else { throw .full }
        ids.append(row.id)
    }

    public mutating func deselect(_ id: String) { ids.removeAll { $0 == id } }

    /// Select all: every eligible row in census order, skipping protected ones,
    /// until 25 are chosen. Returns how many were added.
    @discardableResult
    public mutating func selectAll(_ rows: [Subscription], _ flags: AccountFlags) -> Int {
        let before = ids.count
        for row in rows where !row.isProtected && ids.count < Self.limit {
            try? select(row, flags)
        }
        return ids.count - before
    }

    public mutating func clear() { ids.removeAll() }

    /// The chosen rows as they stand in `rows` (ones no longer listed are dropped).
    public func rows(in rows: [Subscription]) -> [Subscription] {
        let byID = Dictionary(rows.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        return ids.compactMap { byID[$0] }
    }
}
