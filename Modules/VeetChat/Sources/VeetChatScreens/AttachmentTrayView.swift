import Foundation
import VeetChat
import VeetCurses
import VeetTerminal
import VeetTokens

/// Draws the tray: a line with its keys, then up to three files (the chosen
/// one kept in view), each a line or two: name, size, state in words.
public struct AttachmentTrayView: Sendable {
    public static let visibleFiles = 3

    /// The files attached to the message being written.
    public var files: [Attachment]
    /// The tray has the focus (its keys apply; `cursor` is marked).
    public var focused: Bool
    /// The chosen file's id.
    public var cursor: UUID?

    public init(files: [Attachment], focused: Bool, cursor: UUID?) {
        self.files = files
        self.focused = focused
        self.cursor = cursor
    }

    public func height(width: Int) -> Int {
        guard !files.isEmpty else { return 0 }
        return 1 + visible.reduce(0) { $0 + Self.lines(for: $1, width: width, chosen: false).count }
    }

    /// The files shown: a window of three around the chosen one, else the newest three.
    public var visible: [Attachment] {
        guard files.count > Self.visibleFiles else { return files }
        let chosen = cursor.flatMap { id in files.firstIndex { $0.id == id } } ?? files.count - 1
        let start = min(max(chosen - Self.visibleFiles + 1, 0), files.count - Self.visibleFiles)
        return Array(files[start..<start + Self.visibleFiles])
    }

    public var header: (title: String, keys: String) {
        let total = files.reduce(0) { $0 + $1.size }
        let count = files.count
        let title = " Attachments · \(count) \(count == 1 ? "file" : "files"), \(ByteSize.describe(total))"
            + (count > Self.visibleFiles ? " (\(Self.visibleFiles) shown)" : "")
        let keys = focused ? "↑↓ choose · r retry · x remove · Enter back " : "Tab or ↑: r retry · x remove "
        return (title, keys)
    }

    /// One file's words, wrapped to two lines at most (the second indented).
    public static func lines(for file: Attachment, width: Int, chosen: Bool) -> [String] {
        // What was done to it before upload ("re-encoded, location removed") follows its state.
        let text = (chosen ? " ▸ " : "   ") + "\(file.filename) · \(ByteSize.describe(file.size)) · \(file.state.label)"
            + (file.notice.map { " · \($0)" } ?? "")
        guard DisplayWidth.of(text) > width, width > 20 else { return [text] }
        var used = 0, fits = text.startIndex, lastSpace: String.Index?
        for index in text.indices {
            used += DisplayWidth.of(text[index])
            if used > width { break }
            if text[index] == " " { lastSpace = index }
            fits = text.index(after: index)
        }
        // Break at the last space of the line when there is one in its second half.
        let cut = lastSpace.flatMap { DisplayWidth.of(text[..<$0]) > width / 2 ? $0 : nil } ?? fits
        return [String(text[..<cut]), "     " + text[cut...].trimmingCharacters(in: .whitespaces)]
    }

    public static func style(for state: AttachmentState) -> TextStyle {
        switch state {
        case .failed: TranscriptStyles.failure
        case .notAccepted: TranscriptStyles.attention
        case .uploaded: TranscriptStyles.tool
        case .queued, .uploading: TextStyle(foreground: .tealText, background: .paper)
        }
    }

    public func draw(in grid: inout ScreenGrid, rect: GridRect) {
        guard rect.height > 0, !files.isEmpty else { return }
        PaneHeader.draw(header, focused: focused, in: &grid, rect: rect)
        let limit = rect.column + rect.width
        var row = rect.row + 1
        for file in visible {
            let chosen = focused && file.id == cursor
            for line in Self.lines(for: file, width: rect.width, chosen: chosen) where row < rect.row + rect.height {
                _ = grid.put(line, row: row, column: rect.column, style: chosen ? TranscriptStyles.cursor : Self.style(for: file.state),
                             limit: limit)
                row += 1
            }
        }
    }
}
