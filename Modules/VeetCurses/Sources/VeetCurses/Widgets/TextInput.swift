import VeetTerminal
import VeetTokens

/// A multi-line text field: editing, caret movement over wrapped lines,
/// paste. What Enter does is the caller's policy (`EnterPolicy`), because a
/// chat composer sends on Enter while other fields want a newline.
public struct TextInput: Sendable, Hashable {
    /// Which keys submit and which insert a newline.
    public struct EnterPolicy: Sendable, Hashable {
        public var submitKeys: Set<KeyPress>
        public var newlineKeys: Set<KeyPress>

        public init(submitKeys: Set<KeyPress>, newlineKeys: Set<KeyPress>) {
            self.submitKeys = submitKeys
            self.newlineKeys = newlineKeys
        }

        /// Enter sends; Alt-Enter and Ctrl-J insert a newline.
        public static let chat = EnterPolicy(submitKeys: [KeyPress(.enter)],
                                             newlineKeys: [KeyPress(.enter, .alt), .char("j", .control)])
        /// Enter inserts a newline; nothing submits.
        public static let editor = EnterPolicy(submitKeys: [], newlineKeys: [KeyPress(.enter), .char("j", .control)])
    }

    public enum Outcome: Sendable, Hashable {
        /// The text changed.
        case edited
        /// Only the caret moved.
        case moved
        /// A submit key: the caller takes `text` (and usually clears).
        case submit
        /// Not an editing key; the caller may use it.
        case ignored
    }

    private var characters: [Character]
    /// The caret: an index into the text's characters, 0...count.
    public private(set) var cursor: Int
    /// Display column kept while moving up and down through short lines.
    private var goalColumn: Int?
    /// Width of the last draw: how up/down find the wrapped lines.
    private var wrapWidth = 0
    private var firstVisibleLine = 0

    public init(text: String = "") {
        characters = Array(text)
        cursor = characters.count
    }

    public var text: String {
        get { String(characters) }
        set {
            characters = Array(newValue)
            cursor = characters.count
            goalColumn = nil
        }
    }

    public var isEmpty: Bool { characters.isEmpty }

    // MARK: Editing

    public mutating func insert(_ string: String) {
        let inserted = Array(string.map { $0 == "\r\n" || $0 == "\r" ? "\n" : $0 })
        characters.insert(contentsOf: inserted, at: cursor)
        cursor += inserted.count
        goalColumn = nil
    }

    public mutating func deleteBackward() {
        guard cursor > 0 else { return }
        characters.remove(at: cursor - 1)
        cursor -= 1
        goalColumn = nil
    }

    public mutating func deleteForward() {
        guard cursor < characters.count else { return }
        characters.remove(at: cursor)
        goalColumn = nil
    }

    /// Removes from `start` to the caret (or the caret to `start`).
    private mutating func delete(to other: Int) {
        let range = min(cursor, other)..<max(cursor, other)
        characters.removeSubrange(range)
        cursor = range.lowerBound
        goalColumn = nil
    }

    public mutating func moveCursor(to index: Int) {
        cursor = min(max(index, 0), characters.count)
        goalColumn = nil
    }

    /// The start of the word before the caret (skipping spaces first).
    func wordStart(before index: Int) -> Int {
        var index = index
        while index > 0, characters[index - 1].isWhitespace { index -= 1 }
        while index > 0, !characters[index - 1].isWhitespace { index -= 1 }
        return index
    }

    func wordEnd(after index: Int) -> Int {
        var index = index
        while index < characters.count, characters[index].isWhitespace { index += 1 }
        while index < characters.count, !characters[index].isWhitespace { index += 1 }
        return index
    }

    // MARK: Layout

    /// The text broken into visual lines at `width`: each a range of
    /// character indices (newlines excluded).
    public func visualLines(width: Int) -> [Range<Int>] {
        var lines: [Range<Int>] = []
        var start = 0
        for index in 0...characters.count where index == characters.count || characters[index] == "\n" {
            let paragraph = Array(characters[start..<index])
            lines += TextFitting.wrapRanges(paragraph, width: max(width, 1)).map { ($0.lowerBound + start)..<($0.upperBound + start) }
            start = index + 1
        }
        return lines
    }

    /// The caret as (visual line, display column) at `width`.
    public func caretPosition(width: Int) -> GridPoint {
        let lines = visualLines(width: width)
        for (number, line) in lines.enumerated() {
            let isLast = number == lines.count - 1
            // At a soft wrap the caret belongs to the start of the next line.
            if cursor < line.upperBound || cursor == line.upperBound && (isLast || lines[number + 1].lowerBound != line.upperBound) {
                guard cursor >= line.lowerBound else { continue }
                return GridPoint(row: number, column: DisplayWidth.of(String(characters[line.lowerBound..<cursor])))
            }
        }
        return GridPoint(row: 0, column: 0)
    }

    /// Moves the caret one visual line up or down, keeping its column.
    private mutating func moveVertically(by delta: Int) -> Bool {
        let width = wrapWidth > 0 ? wrapWidth : Int.max / 4
        let lines = visualLines(width: width)
        let caret = caretPosition(width: width)
        let target = caret.row + delta
        guard target >= 0, target < lines.count else { return false }
        let column = goalColumn ?? caret.column
        var index = lines[target].lowerBound
        var used = 0
        // At a soft wrap the line's end is the next line's start.
        let isWrapped = target + 1 < lines.count && lines[target + 1].lowerBound == lines[target].upperBound
        let end = isWrapped ? lines[target].upperBound - 1 : lines[target].upperBound
        while index < end {
            let columns = DisplayWidth.of(characters[index])
            if used + columns > column { break }
            used += columns
            index += 1
        }
        cursor = index
        goalColumn = column
        return true
    }

    private mutating func moveToLineEdge(end: Bool) {
        let width = wrapWidth > 0 ? wrapWidth : Int.max / 4
        let lines = visualLines(width: width)
        let line = lines[caretPosition(width: width).row]
        cursor = end ? line.upperBound : line.lowerBound
        goalColumn = nil
    }

    // MARK: Keys

    /// Applies one event. Plain characters and pastes insert; the usual
    /// editing keys move and delete (Alt/Ctrl with arrows and Backspace work
    /// by words; Ctrl-A/E/U/K/W as in a shell).
    public mutating func handle(_ event: InputEvent, policy: EnterPolicy) -> Outcome {
        switch event {
        case .paste(let text):
            insert(text)
            return .edited
        case .key(let press):
            if policy.submitKeys.contains(press) { return .submit }
            if policy.newlineKeys.contains(press) {
                insert("\n")
                return .edited
            }
            return handle(press)
        default:
            return .ignored
        }
    }

    private mutating func handle(_ press: KeyPress) -> Outcome {
        let byWord = press.modifiers.contains(.alt) || press.modifiers.contains(.control)
        switch press.key {
        case .character(let character) where press.modifiers.isEmpty || press.modifiers == .shift:
            insert(String(character))
            return .edited
        case .character("a") where press.modifiers == .control: moveToLineEdge(end: false)
        case .character("e") where press.modifiers == .control: moveToLineEdge(end: true)
        case .character("u") where press.modifiers == .control:
            let edge = cursor
            moveToLineEdge(end: false)
            let start = cursor
            cursor = edge
            delete(to: start)
            return .edited
        case .character("k") where press.modifiers == .control:
            let edge = cursor
            moveToLineEdge(end: true)
            let end = cursor
            cursor = edge
            delete(to: end)
            return .edited
        case .character("w") where press.modifiers == .control:
            delete(to: wordStart(before: cursor))
            return .edited
        case .backspace:
            if byWord { delete(to: wordStart(before: cursor)) } else { deleteBackward() }
            return .edited
        case .delete:
            if byWord { delete(to: wordEnd(after: cursor)) } else { deleteForward() }
            return .edited
        case .left: moveCursor(to: byWord ? wordStart(before: cursor) : cursor - 1)
        case .right: moveCursor(to: byWord ? wordEnd(after: cursor) : cursor + 1)
        case .up: return moveVertically(by: -1) ? .moved : .ignored
        case .down: return moveVertically(by: 1) ? .moved : .ignored
        case .home: press.modifiers.contains(.control) ? moveCursor(to: 0) : moveToLineEdge(end: false)
        case .end: press.modifiers.contains(.control) ? moveCursor(to: characters.count) : moveToLineEdge(end: true)
        default: return .ignored
        }
        return .moved
    }

    // MARK: Drawing

    /// Lines the text needs at `width` (for sizing a composer that grows).
    public func lineCount(width: Int) -> Int { visualLines(width: width).count }

    /// Draws into `rect`, scrolled to keep the caret in view, and places the
    /// grid's cursor at the caret when `focused`.
    public mutating func draw(in grid: inout ScreenGrid, rect: GridRect, placeholder: String = "",
                              focused: Bool = true, styles: WidgetStyles = .standard) {
        guard !rect.isEmpty else { return }
        wrapWidth = rect.width
        grid.fill(rect, style: styles.input)
        if characters.isEmpty && !placeholder.isEmpty {
            grid.put(TextFitting.truncate(placeholder, width: rect.width), row: rect.row, column: rect.column,
                     style: styles.placeholder)
        }
        let lines = visualLines(width: rect.width)
        let caret = caretPosition(width: rect.width)
        if caret.row < firstVisibleLine { firstVisibleLine = caret.row }
        if caret.row >= firstVisibleLine + rect.height { firstVisibleLine = caret.row - rect.height + 1 }
        firstVisibleLine = max(0, min(firstVisibleLine, lines.count - rect.height))
        if !characters.isEmpty {
            for (offset, line) in lines.dropFirst(firstVisibleLine).prefix(rect.height).enumerated() {
                grid.put(String(characters[line]), row: rect.row + offset, column: rect.column, style: styles.input,
                         limit: rect.right)
            }
        }
        if focused {
            grid.cursor = GridPoint(row: rect.row + caret.row - firstVisibleLine,
                                    column: rect.column + min(caret.column, rect.width - 1))
        }
    }
}
