import Foundation
import VeetCurses
import VeetTokens
import VeetWebsiteAccess

/// The row above a conversation's composer while it has task permissions: one
/// active says what it allows and how much is left (Ctrl-G stops it); several
/// say how many, the newest first, and Ctrl-G opens the chooser to stop any one.
public enum TaskPermissionsRow {
    /// The conversation's permissions still active at `now`, newest first (the
    /// feature's own arithmetic, so one drops out at its expiry without a read).
    public static func active(_ grants: [TaskGrant], sessionID: String?, now: Date) -> [TaskGrant] {
        guard let sessionID else { return [] }
        return grants.filter { $0.sessionID == sessionID && $0.isActive(now: now) }
            .sorted { $0.createdAt != $1.createdAt ? $0.createdAt > $1.createdAt : $0.id > $1.id }
    }

    public static func text(grants: [TaskGrant], sessionID: String?, now: Date) -> (grants: [TaskGrant], line: String)? {
        let active = active(grants, sessionID: sessionID, now: now)
        guard let newest = active.first else { return nil }
        if active.count == 1 {
            return (active, " Task permission: " + newest.bannerText(now: now) + "   Ctrl-G stop")
        }
        // Short enough for 80 columns: each one's details are in the chooser.
        let place = newest.origin.replacingOccurrences(of: "https://", with: "") + newest.pathPrefix
        return (active, " Task permissions: \(active.count) active, the newest on \(place)   Ctrl-G stop one")
    }
}

/// Ctrl-G with several task permissions: each one, ↑↓ to choose, Enter (or x) stops it, Esc keeps them all.
public struct TaskPermissionChooser: Sendable {
    public var grants: [TaskGrant]
    /// When it opened: the minutes left are counted from then (the painter reads no clock).
    public var openedAt: Date
    public var selected = 0

    public init(grants: [TaskGrant], openedAt: Date, selected: Int = 0) {
        self.grants = grants
        self.openedAt = openedAt
        self.selected = selected
    }

    /// What a key came to: the chooser stays open (`.open`), closes, or closes stopping a grant.
    public enum Outcome: Sendable, Equatable {
        case open, close, stop(TaskGrant)
    }

    public mutating func update(_ key: KeyPress) -> Outcome {
        switch key {
        case KeyPress(.escape): return .close
        case KeyPress(.up): selected = max(selected - 1, 0)
        case KeyPress(.down): selected = min(selected + 1, grants.count - 1)
        case KeyPress(.enter), .char("x"):
            return grants.indices.contains(selected) ? .stop(grants[selected]) : .close
        default: break
        }
        return .open
    }

    public func draw(in grid: inout ScreenGrid) {
        let now = openedAt
        let width = min(grid.width - 4, 90), height = min(grants.count + 4, grid.height - 2)
        let rect = GridRect(row: max((grid.height - height) / 2, 0), column: max((grid.width - width) / 2, 0),
                            width: width, height: height)
        let fill = TextStyle(foreground: .ink, background: .paperDeep)
        let inside = Box.draw(in: &grid, rect: rect, title: " Stop a task permission ", fill: fill,
                              border: TextStyle(foreground: .hairline, background: .paperDeep),
                              titleStyle: TextStyle(attributes: .bold, foreground: .ink, background: .paperDeep))
        for (index, grant) in grants.prefix(max(inside.height - 2, 0)).enumerated() {
            let style = index == selected ? TextStyle(attributes: .bold, foreground: .ink, background: .tealWash) : fill
            grid.fill(GridRect(row: inside.row + index, column: inside.column, width: inside.width, height: 1), style: style)
            let line = (index == selected ? "▸ " : "  ") + grant.bannerText(now: now)
            _ = grid.put(TextFitting.truncate(line, width: inside.width), row: inside.row + index, column: inside.column,
                         style: style, limit: inside.right)
        }
        _ = grid.put("↑↓ choose  Enter stop it  Esc keep them all", row: inside.row + inside.height - 1,
                     column: inside.column, style: TextStyle(foreground: .inkSoft, background: .paperDeep),
                     limit: inside.right)
    }
}
