import Foundation
import VeetCurses
import VeetStore
import VeetTokens

/// The switcher (F9 in veet-tui): one row per saved connection, its name and
/// server together (one token, one principal: the name is who the owner is on
/// that server), `✓` on the active one; then "Add a connection". Keys go
/// through `update`, which answers what the shell should do; the shell opens
/// backends and forgets connections.
public struct ConnectionMenu: Sendable {
    public struct Row: Equatable, Sendable {
        public var name: String
        public var url: String
        public var isActive: Bool
    }

    /// What a key asks of the shell.
    public enum Action: Equatable, Sendable {
        case none
        case close
        /// "Add a connection": the connection form, empty.
        case add
        /// Switch to this saved connection.
        case use(String)
        /// Forget this saved connection (confirmed).
        case forget(String)
    }

    public var rows: [Row]
    public var selected = 0
    /// `x` asked to forget this connection; `y` confirms.
    public var confirmingForget: String?
    public var message = ""

    public init(file: ConnectionsFile, active: String?) {
        rows = file.connections.map { Row(name: $0.name, url: $0.url, isActive: $0.name == active) }
        selected = rows.firstIndex(where: \.isActive) ?? 0
    }

    /// Rows plus "Add a connection".
    public var count: Int { rows.count + 1 }
    public var selectedRow: Row? { rows.indices.contains(selected) ? rows[selected] : nil }

    /// Why a switch or a forget waits: the composer's message belongs to the connection on screen.
    public static let leaveFirst = "Send or clear the message in the composer first: it belongs to this connection."

    /// What the owner is told when a connection was forgotten (and why its device was not revoked, if it was not).
    public static func forgot(_ name: String, revokeProblem: String?) -> String {
        "Forgot \"\(name)\" and its token." + (revokeProblem.map { " (Its device could not be revoked on the server: \($0))" } ?? "")
    }

    public mutating func update(_ key: KeyPress) -> Action {
        if let name = confirmingForget {
            confirmingForget = nil
            guard key == .char("y") else {
                message = "Nothing was forgotten."
                return .none
            }
            message = "Forgetting \"\(name)\"..."
            return .forget(name)
        }
        switch key {
        case KeyPress(.escape), KeyPress(.function(9)): return .close
        case KeyPress(.up): selected = max(selected - 1, 0)
        case KeyPress(.down): selected = min(selected + 1, count - 1)
        case .char("x"), KeyPress(.delete):
            if let row = selectedRow { confirmingForget = row.name }
        case KeyPress(.enter):
            guard let row = selectedRow else { return .add }
            return row.isActive ? .close : .use(row.name)
        default: break
        }
        return .none
    }

    static let card = TextStyle(foreground: .ink, background: .surface)
    static let chosen = TextStyle(attributes: .bold, foreground: .ink, background: .selected)
    static let mark = TextStyle(attributes: .bold, foreground: .teal, background: .surface)
    static let quiet = TextStyle(foreground: .inkFaint, background: .surface)
    /// The menu's keys; Ctrl-P lists the same.
    public static let keyHints = "↑↓ choose  Enter use  x forget  Esc close"
    static let warning = TextStyle(attributes: .bold, foreground: .amberText, background: .surface)

    /// The switcher as a card in the middle of `grid`, over whatever is there.
    public func draw(in grid: inout ScreenGrid) {
        let width = min(max(grid.width - 8, 40), 90)
        let height = count + 6
        let rect = GridRect(row: max((grid.height - height) / 2, 0), column: (grid.width - width) / 2, width: width,
                            height: min(height, grid.height))
        grid.fill(rect, style: Self.card)
        _ = grid.put(" Connections", row: rect.row, column: rect.column,
                     style: TextStyle(attributes: .bold, foreground: .ink, background: .surface), limit: rect.right)
        for index in 0..<count {
            let row = rect.row + 2 + index
            guard row < rect.row + rect.height - 2 else { break }
            let style = index == selected ? Self.chosen : Self.card
            grid.fill(GridRect(row: row, column: rect.column, width: width, height: 1), style: style)
            if let entry = rows.indices.contains(index) ? rows[index] : nil {
                _ = grid.put(entry.isActive ? " ✓ " : "   ", row: row, column: rect.column,
                             style: index == selected ? style : Self.mark)
                _ = grid.put("\(entry.name) — \(entry.url)", row: row, column: rect.column + 3, style: style,
                             limit: rect.right - 1)
            } else {
                _ = grid.put("   + Add a connection", row: row, column: rect.column, style: style, limit: rect.right)
            }
        }
        let footerRow = rect.row + rect.height - 2
        if let name = confirmingForget {
            _ = grid.put(" Forget \"\(name)\"? Its device is revoked, then its token and local data are deleted.  y forget  n keep",
                         row: footerRow, column: rect.column, style: Self.warning, limit: rect.right)
        } else if !message.isEmpty {
            _ = grid.put(" " + message, row: footerRow, column: rect.column, style: Self.warning, limit: rect.right)
        }
        _ = grid.put(" " + Self.keyHints, row: rect.row + rect.height - 1, column: rect.column,
                     style: Self.quiet, limit: rect.right)
    }
}
