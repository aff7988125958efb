import Foundation
import VeetWire

// Ordered storage: `items` stays sorted by position; lookups by id go
// through the position map and a binary search, so applying a frame costs
// O(log n) plus the shift of the few live items after an insertion point.
extension Transcript {
    /// Swapped in while a payload is edited so the array holds no second reference
    /// to it (a streaming message then grows in place instead of being copied).
    static let placeholderKind = TranscriptItem.Kind.question(QuestionCard(questionID: nil, text: nil))

    mutating func nextLivePosition() -> TranscriptPosition {
        nextLiveOrder += 1
        return .live(nextLiveOrder)
    }

    /// Edits one run's track in place (added when missing): no copy of it, one lookup.
    mutating func updateRun<Result>(_ runID: String, _ body: (inout RunTrack) -> Result) -> Result {
        body(&runs[runID, default: RunTrack()])
    }

    mutating func noteSequence(_ sequence: Int64) {
        if lastSequence.map({ sequence > $0 }) ?? true { lastSequence = sequence }
    }

    /// The first index whose position is not below `position`.
    func lowerBound(_ position: TranscriptPosition) -> Int {
        // Most insertions land at or near the end: check there first.
        // (by index: `items.last` would copy the whole item, every field retained, on every lookup)
        if !items.isEmpty, items[items.count - 1].position < position { return items.count }
        var low = 0, high = items.count
        while low < high {
            let mid = (low + high) / 2
            if items[mid].position < position { low = mid + 1 } else { high = mid }
        }
        return low
    }

    func index(of id: String) -> Int? {
        guard let position = positionsByID[id] else { return nil }
        var i = lowerBound(position)
        while i < items.count, items[i].position == position {
            if items[i].id == id { return i }
            i += 1
        }
        return nil
    }

    mutating func insert(_ item: TranscriptItem) {
        var i = lowerBound(item.position)
        while i < items.count, items[i].position == item.position { i += 1 }
        items.insert(item, at: i)
        itemChanges.note(i)
        positionsByID[item.id] = item.position
    }

    mutating func remove(at index: Int) {
        positionsByID[items[index].id] = nil
        items.remove(at: index)
        itemChanges.note(index)
    }

    /// Moves an item to a new position (a live item becoming durable), keeping its id.
    mutating func move(id: String, to position: TranscriptPosition) {
        guard let i = index(of: id), items[i].position != position else { return }
        var item = items[i]
        remove(at: i)
        item.position = position
        insert(item)
    }

    /// Edits an item in place; false when there is no such item.
    @discardableResult
    mutating func modify(id: String, _ body: (inout TranscriptItem) -> Void) -> Bool {
        guard let i = index(of: id) else { return false }
        body(&items[i])
        itemChanges.note(i)
        return true
    }

    /// Edits a tool call in place.
    @discardableResult
    mutating func modifyTool(id: String, _ body: (inout ToolActivity) -> Void) -> ToolActivity? {
        var result: ToolActivity?
        modify(id: id) { item in
            guard case .tool(var tool) = item.kind else { return }
            item.kind = Self.placeholderKind
            body(&tool)
            result = tool
            item.kind = .tool(tool)
        }
        return result
    }

    /// Edits an assistant message in place.
    mutating func modifyAssistant(id: String, _ body: (inout AssistantMessage) -> Void) {
        modify(id: id) { item in
            guard case .assistant(var message) = item.kind else { return }
            item.kind = Self.placeholderKind
            body(&message)
            item.kind = .assistant(message)
        }
    }
}
