import Foundation
import VeetCurses
import VeetMemory

/// The Memory screen's keys and what its calls report.
extension ChatScreen {
    func openMemoryScreen() {
        state.memoryScreen = MemoryScreen()
        _ = backend.probeMemory(filter: MemoryFilter())
    }

    func handleMemoryScreen(_ key: KeyPress) {
        guard var screen = state.memoryScreen else { return }
        if screen.confirmingDelete {
            screen.confirmingDelete = false
            if key == .char("y"), let record = screen.selectedRecord {
                screen.message = "Deleting..."
                _ = backend.deleteMemory(id: record.id)
            } else {
                screen.message = "Nothing was deleted."
            }
            state.memoryScreen = screen
            return
        }
        let count = screen.rowCount
        switch key {
        case KeyPress(.escape):
            state.memoryScreen = nil
            return
        case _ where ListNavigation.moves(key):
            screen.selected = ListNavigation.index(after: key, from: screen.selected, count: count)
        case .char("s"):
            screen.mode = screen.mode == .memories ? .synthesis : .memories
            screen.selected = 0
            screen.message = ""
            if screen.mode == .synthesis, screen.access.synthesis.isReadable { _ = backend.loadOperations() }
        case .char("g"):
            screen.message = ""
            if screen.mode == .synthesis { _ = backend.loadOperations() } else { _ = backend.loadMemories(filter: screen.filter) }
        case .char("f") where screen.mode == .memories:
            screen.needsReviewOnly.toggle()
            screen.message = ""
            _ = backend.loadMemories(filter: screen.filter)
        case .char("r"), .char("n"), .char("h"):
            guard screen.mode == .memories, let record = screen.selectedRecord else { return }
            if let refusal = screen.access.writeRefusal(.memories) { screen.message = refusal.description; break }
            let outcome: ReviewOutcome = key == .char("r") ? .dismiss : key == .char("n") ? .untrue : .notHere
            screen.message = "\(outcome.label)..."
            _ = backend.review(outcome, id: record.id)
        case .char("x"), KeyPress(.delete):
            guard screen.mode == .memories, screen.selectedRecord != nil else { return }
            if let refusal = screen.access.writeRefusal(.memories) { screen.message = refusal.description; break }
            screen.confirmingDelete = true
        case .char("u"):
            guard screen.mode == .synthesis, let operation = screen.selectedOperation else { return }
            if let refusal = screen.access.writeRefusal(.synthesis) { screen.message = refusal.description; break }
            if let refusal = UndoGate.refusal(for: operation) {
                screen.message = "No undo: \(refusal.description)"
                break
            }
            screen.message = "Undoing..."
            _ = backend.undo(operation)
        default: return
        }
        state.memoryScreen = screen
    }

    func apply(_ update: MemoryUpdate) {
        guard var screen = state.memoryScreen else { return }
        switch update {
        case .access(let access):
            screen.access = access
            if !access.memories.isReadable { screen.message = "" }
        case .listed(let records, let filter): screen.show(records, for: filter)
        case .reviewed(let outcome, let record): screen.apply(outcome, record)
        case .deleted(let id): screen.applyDelete(id: id)
        case .operations(let operations):
            screen.operations = operations
            screen.selected = min(screen.selected, max(operations.count - 1, 0))
            if screen.message == "Loading..." { screen.message = "" }
        case .operation(let operation): screen.show(operation)
        case .writeRefused(let error):
            screen.access.noteWrite(screen.mode == .synthesis ? .synthesis : .memories, error: error)
        case .message(let text): screen.message = text
        }
        state.memoryScreen = screen
    }
}
