import Foundation
import VeetCurses
import VeetMemory
import VeetTokens
import VeetTransport

/// The Memory screen: what the agent believes, beside the reading page of the
/// selected memory; `s` turns to the synthesis journal. Every rule (where a
/// reviewed row goes, when Undo is offered, which writes are hidden) is
/// VeetMemory's; this value holds what was read, takes keys and answers
/// (`update`) and draws it (`paint`).
public struct MemoryScreen: FeatureScreen {
    public enum Mode: Sendable { case memories, synthesis }

    public var mode = Mode.memories
    public var access = MemoryAccess()
    public var list: MemoryList?
    public var operations: [SynthesisOperation]?
    /// `f`: only the "Needs review" queue.
    public var needsReviewOnly = false
    /// `v`: one status instead of the server's live set (nil: the live set).
    public var statusFilter: BeliefStatus?
    /// `t`: one kind of memory (nil: every kind).
    public var typeFilter: BeliefType?
    public var selected = 0
    /// `x` pressed once: waiting for `y` to delete the selected memory.
    public var confirmingDelete = false
    public var message = "Loading..."
    /// The memory to select once the list arrives (opened from "Needs you"); nil after.
    public var opening: String?

    /// `opening`: a flagged memory to show, on the "Needs review" queue ("Needs you" opens one so).
    public init(opening: String? = nil) {
        self.opening = opening
        needsReviewOnly = opening != nil
    }

    /// The domain's filter for what the toggles say (the CLI's `--flagged`, `--status`, `--type`).
    public var filter: MemoryFilter {
        MemoryFilter(statuses: Set(statusFilter.map { [$0] } ?? []), types: Set(typeFilter.map { [$0] } ?? []),
                     flagged: needsReviewOnly ? true : nil)
    }

    /// The next choice in a filter's cycle: every value, one known value after another, then every value again.
    static func next<Value: LenientEnum>(after current: Value?) -> Value? {
        let known = Value.knownValues
        guard let current, let index = known.firstIndex(of: current) else { return current == nil ? known.first : nil }
        return known.indices.contains(index + 1) ? known[index + 1] : nil
    }

    /// " · needs review · fact · superseded": what the list is narrowed to, for the heading.
    public var filterWords: String {
        var words: [String] = []
        if needsReviewOnly { words.append("needs review") }
        if let typeFilter { words.append(typeFilter.label) }
        if let statusFilter { words.append(statusFilter.rawValue) }
        return words.map { " · " + $0 }.joined()
    }

    public var records: [MemoryRecord] { list?.records ?? [] }

    public var rowCount: Int { mode == .memories ? records.count : operations?.count ?? 0 }

    public var selectedRecord: MemoryRecord? {
        records.indices.contains(selected) ? records[selected] : nil
    }

    public var selectedOperation: SynthesisOperation? {
        guard let operations, operations.indices.contains(selected) else { return nil }
        return operations[selected]
    }

    public var openingEffects: [MemoryScreenEffect] { [.probe(filter)] }

    // MARK: Keys and answers

    public mutating func update(_ event: ScreenEvent<MemoryScreenResult>) -> ScreenStep<MemoryScreenEffect, Never> {
        switch event {
        case .key(let key): return handle(key)
        case .paste: return .ignored
        case .result(let result):
            apply(result)
            return .none
        }
    }

    private mutating func handle(_ key: KeyPress) -> ScreenStep<MemoryScreenEffect, Never> {
        if confirmingDelete {
            confirmingDelete = false
            guard key == .char("y"), let record = selectedRecord else {
                message = "Nothing was deleted."
                return .none
            }
            message = "Deleting..."
            return .run(.delete(id: record.id))
        }
        switch key {
        case KeyPress(.escape):
            return .close
        case _ where ListNavigation.moves(key):
            selected = ListNavigation.index(after: key, from: selected, count: rowCount)
        case .char("s"):
            mode = mode == .memories ? .synthesis : .memories
            selected = 0
            message = ""
            if mode == .synthesis, access.synthesis.isReadable { return .run(.loadOperations) }
        case .char("g"):
            message = ""
            return .run(mode == .synthesis ? .loadOperations : .list(filter))
        case .char("f") where mode == .memories:
            needsReviewOnly.toggle()
            message = ""
            return .run(.list(filter))
        case .char("t") where mode == .memories:
            typeFilter = Self.next(after: typeFilter)
            message = ""
            return .run(.list(filter))
        case .char("v") where mode == .memories:
            statusFilter = Self.next(after: statusFilter)
            message = ""
            return .run(.list(filter))
        case .char("r"), .char("n"), .char("h"):
            guard mode == .memories, let record = selectedRecord else { return .ignored }
            if let refusal = access.writeRefusal(.memories) { message = refusal.description; break }
            let outcome: ReviewOutcome = key == .char("r") ? .dismiss : key == .char("n") ? .untrue : .notHere
            message = "\(outcome.label)..."
            return .run(.review(outcome, id: record.id))
        case .char("x"), KeyPress(.delete):
            guard mode == .memories, selectedRecord != nil else { return .ignored }
            if let refusal = access.writeRefusal(.memories) { message = refusal.description; break }
            confirmingDelete = true
        case .char("u"):
            guard mode == .synthesis, let operation = selectedOperation else { return .ignored }
            if let refusal = access.writeRefusal(.synthesis) { message = refusal.description; break }
            if let refusal = UndoGate.refusal(for: operation) {
                message = "No undo: \(refusal.description)"
                break
            }
            message = "Undoing..."
            return .run(.undo(operation))
        default: return .ignored
        }
        return .none
    }

    /// An answer of the screen's work.
    public mutating func apply(_ result: MemoryScreenResult) {
        switch result {
        case .access(let access):
            self.access = access
            if !access.memories.isReadable { message = "" }
        case .listed(let records, let filter): show(records, for: filter)
        case .reviewed(let outcome, let record): apply(outcome, record)
        case .deleted(let id): applyDelete(id: id)
        case .operations(let operations):
            self.operations = operations
            selected = min(selected, max(operations.count - 1, 0))
            if message == "Loading..." { message = "" }
        case .operation(let operation): show(operation)
        case .writeRefused(let error):
            access.noteWrite(mode == .synthesis ? .synthesis : .memories, error: error)
        case .message(let text): message = text
        }
    }

    /// Shows `records` read for `answered`; a slower answer for a filter no longer
    /// chosen (the whole list arriving after `f` asked for the review queue) is
    /// dropped, or the queue's keys would act on rows it does not hold.
    public mutating func show(_ records: [MemoryRecord], for answered: MemoryFilter) {
        guard answered == filter else { return }
        let previous = opening ?? selectedRecord?.id
        opening = nil
        list = MemoryList(filter: filter, records: records)
        selected = records.firstIndex { $0.id == previous } ?? min(selected, max(records.count - 1, 0))
        if message == "Loading..." { message = "" }
    }

    /// The answer to a review, placed by the feature's rule, and what happened in words.
    mutating func apply(_ outcome: ReviewOutcome, _ returned: MemoryRecord) {
        guard var list else { return }
        let effect = list.apply(outcome, returned: returned)
        self.list = list
        selected = list.ids.firstIndex(of: returned.id) ?? min(selected, max(list.records.count - 1, 0))
        message = MemoryList.words(for: effect, outcome: outcome)
    }

    mutating func applyDelete(id: String) {
        guard var list else { return }
        let effect = list.applyDelete(id: id)
        self.list = list
        selected = min(selected, max(list.records.count - 1, 0))
        message = MemoryList.words(for: effect, outcome: nil)
    }

    mutating func show(_ operation: SynthesisOperation) {
        guard let index = operations?.firstIndex(where: { $0.id == operation.id }) else { return }
        operations?[index] = operation
    }

    // MARK: Keys shown

    public func keyHints(width: Int, now: Date) -> String { keys }

    /// The footer: the write keys only while the server offers them.
    public var keys: String {
        switch mode {
        case .memories:
            let writes = access.writeRefusal(.memories) == nil ? "r reviewed  n not true  h not here  x delete  " : ""
            return "↑↓ choose  \(writes)f needs review  t type  v status  s synthesis  g refresh  Esc close"
        case .synthesis:
            let undo = access.writeRefusal(.synthesis) == nil ? "u undo  " : ""
            return "↑↓ choose  \(undo)s memories  g refresh  Esc close"
        }
    }
}
