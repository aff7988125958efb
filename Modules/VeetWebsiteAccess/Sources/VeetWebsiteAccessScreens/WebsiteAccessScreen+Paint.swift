import Foundation
import VeetCurses
import VeetTokens
import VeetWebsiteAccess

extension WebsiteAccessScreen {
    /// The keys, one table: the footer is written from it and Ctrl-P lists it (`KeyHints`).
    public var keys: [(key: String, title: String)] {
        if let device {
            switch device.stage {
            case .opening: return [("Esc", "cancel")]
            case .waiting: return [("Enter", "I'm signed in"), ("Esc", "cancel")]
            case .handingOver, .cancelling: return []
            }
        }
        if remoteOffer != nil { return [("b", "remote browser"), ("n", "no, stop")] }
        if signsInOnDevice {
            return [("u", "use for new chats"), ("s", "sign in on this device"), ("S", "sign in remotely"),
                    ("a", "add on this device"), ("A", "add remotely"), ("c", "copy the link"), ("g", "refresh"),
                    ("r", "revoke"), ("x", "delete (after revoke)")]
        }
        return [("u", "use for new chats"), ("s", "sign in again"), ("a", "add"), ("c", "copy the link"), ("g", "refresh"),
                ("r", "revoke"), ("x", "delete (after revoke)")]
    }

    /// " ↑↓ choose  u use for new chats  ...  Esc close"; where it would not fit `width`, without " ↑↓ choose".
    /// While a window is open or the offer stands, only its keys.
    public func keyHints(width: Int, now: Date) -> String {
        let actions = keys.map { "\($0.key) \($0.title)" }.joined(separator: "  ")
        if device != nil || remoteOffer != nil { return " " + actions }
        let full = " ↑↓ choose  " + actions + "  Esc close"
        return full.count <= width ? full : " " + actions + "  Esc close"
    }

    public func paint(in grid: inout ScreenGrid, now: Date) {
        let page = TextStyle(foreground: .ink, background: .paper)
        grid.fill(grid.bounds, style: page)
        let header = TextStyle(attributes: .bold, foreground: .ink, background: .paperDeep)
        grid.fill(GridRect(row: 0, column: 0, width: grid.width, height: 1), style: header)
        _ = grid.put(" Website access · " + chosenLine, row: 0, column: 0, style: header, limit: grid.width)
        var row = 2
        for (index, item) in (overview?.rows ?? []).enumerated() where row < grid.height - 6 {
            let isSelected = index == selected
            let style = isSelected ? TextStyle(attributes: .bold, foreground: .ink, background: .tealWash) : page
            grid.fill(GridRect(row: row, column: 0, width: grid.width, height: 1), style: style)
            let mark = item.isChosen ? "* " : "  "
            let name = TextFitting.truncate((isSelected ? "▸ " : "  ") + mark + item.profile.displayName, width: 32)
            _ = grid.put(name, row: row, column: 1, style: style, limit: 34)
            _ = grid.put(item.statusLine, row: row, column: 36, style: style, limit: grid.width - 1)
            row += 1
        }
        var bottom = grid.height - 2
        let attention = TextStyle(attributes: .bold, foreground: .amberText, background: .paper)
        if let link {
            let lines = TextFitting.wrap(link, width: grid.width - 4)
            bottom -= lines.count + 1
            _ = grid.put(" Continue in web browser: open this link to sign in (single use):", row: bottom, column: 0,
                         style: attention, limit: grid.width)
            for (index, line) in lines.enumerated() {
                _ = grid.put(line, row: bottom + 1 + index, column: 2, style: page, limit: grid.width)
            }
        }
        if device?.stage == .waiting {
            let lines = ["Sign in there as you always do: your password manager works; passkey prompts are refused,",
                         "and a one-time code is typed into the website itself. The window stays on the website's own",
                         "addresses and is wiped afterwards. Then press Enter here (Esc cancels, nothing is sent)."]
            bottom -= lines.count + 1
            for (index, line) in lines.enumerated() {
                _ = grid.put("  " + line, row: bottom + index, column: 0, style: page, limit: grid.width)
            }
        }
        if !message.isEmpty {
            for (index, line) in TextFitting.wrapWords(message, width: grid.width - 2).prefix(3).reversed().enumerated() {
                _ = grid.put(" " + line, row: bottom - 1 - index, column: 0, style: attention, limit: grid.width)
            }
        }
        let footer = TextStyle(foreground: .inkSoft, background: .paperDeep)
        grid.fill(GridRect(row: grid.height - 1, column: 0, width: grid.width, height: 1), style: footer)
        if var typing = address {
            // The address line takes the footer's row, as the shell's one-line prompts do.
            let label = " Website address: "
            _ = grid.put(label, row: grid.height - 1, column: 0, style: header)
            let column = min(label.count, grid.width)
            typing.input.draw(in: &grid, rect: GridRect(row: grid.height - 1, column: column, width: grid.width - column, height: 1),
                              placeholder: "Enter: OK   Esc: cancel", focused: true)
        } else {
            grid.cursor = nil
            _ = grid.put(keyHints(width: .max, now: now), row: grid.height - 1, column: 0, style: footer)
        }
    }
}
