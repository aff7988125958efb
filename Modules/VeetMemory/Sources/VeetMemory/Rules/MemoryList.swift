/// The memory list as shown, and what each owner action does to it
/// (docs/wire/memory.md §5.2): a reviewed belief moves to the top, an untrue one leaves
/// the live list, a "not relevant here" one stays where it is (still
/// flagged), a deleted one is gone for good. The returned view decides, read
/// through the filter the list was read with.
public struct MemoryList: Sendable, Hashable {
    public var filter: MemoryFilter
    public private(set) var records: [MemoryRecord]

    public init(filter: MemoryFilter = MemoryFilter(), records: [MemoryRecord]) {
        self.filter = filter
        self.records = records
    }

    public var ids: [String] { records.map(\.id) }

    /// Where an action left the record.
    public enum Effect: Sendable, Hashable {
        case movedToTop
        case updatedInPlace
        case leftTheList
        case deleted
    }

    /// Applies the server's answer to a review; returns what happened to the row.
    @discardableResult
    public mutating func apply(_ outcome: ReviewOutcome, returned: MemoryRecord) -> Effect {
        let index = records.firstIndex { $0.id == returned.id }
        guard filter.admits(returned) else {
            if let index { records.remove(at: index) }
            return .leftTheList
        }
        if outcome == .dismiss {
            // Newest store position first: a reviewed belief is the newest.
            if let index { records.remove(at: index) }
            records.insert(returned, at: 0)
            return .movedToTop
        }
        if let index { records[index] = returned } else { records.insert(returned, at: 0) }
        return .updatedInPlace
    }

    /// A deleted belief leaves the list and cannot re-form.
    @discardableResult
    public mutating func applyDelete(id: String) -> Effect {
        records.removeAll { $0.id == id }
        return .deleted
    }

    /// What the owner is told after an action.
    public static func words(for effect: Effect, outcome: ReviewOutcome?) -> String {
        switch (effect, outcome) {
        case (.deleted, _): "Deleted for good: the statement will not form again (its original messages stay where they were)."
        case (.movedToTop, _): "Marked reviewed; it is no longer flagged and moved to the top."
        case (.leftTheList, .untrue?): "Marked not true; it is retired and left the list."
        case (.leftTheList, .dismiss?): "Marked reviewed; it is no longer flagged, so it left the review list."
        case (.leftTheList, _): "Done; it no longer matches this list."
        case (.updatedInPlace, .notHere?): "Marked not relevant here; it stays flagged, kept for this context only, with lower confidence."
        case (.updatedInPlace, _): "Updated."
        }
    }
}
