import Foundation
import VeetCurses
import VeetSubscriptions
import VeetTokens

/// The unsubscribe confirmation as a sheet: the library's confirmation (every
/// sender with its offer, the warning, the archive option off by default) and
/// how far its sender list is scrolled.
public struct UnsubscribeSheet: Sendable, Hashable {
    public var confirmation: UnsubscribeConfirmation
    public var scroll = 0

    public init(confirmation: UnsubscribeConfirmation) {
        self.confirmation = confirmation
    }

    /// What a key did to the sheet.
    public enum Answer: Sendable, Equatable {
        /// Enter or y: the confirmation to send (the sheet closes).
        case confirmed(UnsubscribeConfirmation)
        /// Esc: closed, nothing sent.
        case cancelled
        /// The sheet is still open (a toggled option, a scroll, a key it ignores).
        case open
    }

    /// The sheet's keys: a toggles the archive option, ↑↓ scroll the senders (`height`: the terminal's rows),
    /// Enter confirms, Esc closes.
    public mutating func press(_ key: KeyPress, height: Int) -> Answer {
        switch key {
        case KeyPress(.escape): return .cancelled
        case KeyPress(.enter), .char("y"): return .confirmed(confirmation)
        case .char("a"): confirmation.archiveExisting.toggle()
        case KeyPress(.up): scroll = max(scroll - 1, 0)
        case KeyPress(.down):
            let shown = UnsubscribeSheetPainter.visibleSenders(height: height)
            scroll = min(scroll + 1, max(confirmation.rows.count - shown, 0))
        default: break
        }
        return .open
    }
}

extension Subscription {
    /// A thread's subscription block as a row, so the library's words and
    /// rules apply to it (the block carries no `verified`: a digest and a
    /// mechanism imply it, docs/wire/subscriptions.md §3.2). The sender is named from the thread.
    public init(block id: String, accountID: String, senderName: String, state: String, mechanism: String, destination: String?,
         evidenceDigest: String?, revision: Int) {
        let way = Mechanism(raw: mechanism)
        self.init(id: id, accountID: accountID, displayName: senderName, mechanism: way,
                  verified: evidenceDigest != nil && way != .none, linkOnly: mechanism == "link_only",
                  destination: destination ?? "", evidenceDigest: evidenceDigest, state: SubscriptionState(raw: state),
                  revision: revision)
    }
}

/// The one confirmation before an unsubscribe, as a sheet over the surface
/// that opened it: every sender with what it offers (scrolling when they do
/// not fit), that it cannot be undone, and the archive option, off by default.
public enum UnsubscribeSheetPainter {
    static let surface = TextStyle(foreground: .ink, background: .surface)
    static let soft = TextStyle(foreground: .inkSoft, background: .surface)
    static let title = TextStyle(attributes: .bold, foreground: .ink, background: .surface)
    static let warning = TextStyle(attributes: .bold, foreground: .amberText, background: .surface)
    static let key = TextStyle(attributes: .bold, foreground: .tealText, background: .surface)

    /// The card's key line; Ctrl-P lists the same.
    public static let keyHints = "Enter unsubscribe   Esc cancel (nothing is sent)"

    /// Sender lines shown at once for a terminal `height` rows tall.
    public static func visibleSenders(height: Int) -> Int { max(height - 13, 1) }

    public static func draw(_ sheet: UnsubscribeSheet, in grid: inout ScreenGrid) {
        let confirmation = sheet.confirmation
        let shown = min(confirmation.rows.count, visibleSenders(height: grid.height))
        let scroll = min(max(sheet.scroll, 0), confirmation.rows.count - shown)
        let more = confirmation.rows.count > shown
        let width = min(grid.width - 4, 90), height = shown + (more ? 9 : 8)
        let rect = GridRect(row: max((grid.height - height) / 2, 1), column: (grid.width - width) / 2, width: width,
                            height: height)
        grid.fill(rect, style: surface)
        let inner = width - 4
        var lines: [(String, TextStyle)] = [(confirmation.title, title), ("", surface)]
        for line in confirmation.senderLines.dropFirst(scroll).prefix(shown) {
            lines.append(("  " + TextFitting.truncate(line, width: inner - 2), surface))
        }
        if more {
            lines.append(("  \(scroll + 1)–\(scroll + shown) of \(confirmation.rows.count) senders (↑↓ shows the rest)", soft))
        }
        lines.append(("", surface))
        lines.append((UnsubscribeConfirmation.warning, warning))
        lines.append(("[\(confirmation.archiveExisting ? "x" : " ")] \(UnsubscribeConfirmation.archiveOption)  (a)", surface))
        for (offset, line) in lines.enumerated() {
            grid.put(line.0, row: rect.row + 1 + offset, column: rect.column + 2, style: line.1, limit: rect.right - 2)
        }
        grid.put(keyHints, row: rect.bottom - 1, column: rect.column + 2,
                 style: key, limit: rect.right - 2)
    }
}
