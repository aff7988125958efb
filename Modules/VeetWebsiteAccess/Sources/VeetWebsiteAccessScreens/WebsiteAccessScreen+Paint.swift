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
        if stoppingGrant != nil { return [("Enter", "stop it now"), ("Esc", "keep them all")] }
        let stop: [(key: String, title: String)] = (taskGrants ?? []).isEmpty ? [] : [("t", "stop a task permission")]
        if signsInOnDevice {
            return stop + [("u", "use for new chats"), ("s", "sign in on this device"), ("S", "sign in remotely"),
                    ("a", "add on this device"), ("A", "add remotely"), ("c", "copy the link"), ("g", "refresh"),
                    ("r", "revoke"), ("x", "delete (after revoke)")]
        }
        return stop + [("u", "use for new chats"), ("s", "sign in again"), ("a", "add"), ("c", "copy the link"), ("g", "refresh"),
                ("r", "revoke"), ("x", "delete (after revoke)")]
    }

    /// " ↑↓ choose  u use for new chats  ...  Esc close"; where it would not fit `width`, without " ↑↓ choose".
    /// While a window is open or the offer stands, only its keys.
    public func keyHints(width: Int, now: Date) -> String {
        let actions = keys.map { "\($0.key) \($0.title)" }.joined(separator: "  ")
        if device != nil || remoteOffer != nil { return " " + actions }
        if stoppingGrant != nil { return " ↑↓ choose  " + actions }
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
        paintTaskPermissions(in: &grid, from: row + 1, now: now)
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

    /// The account-wide Task permissions row after the profiles: how many are active across every
    /// conversation and, while choosing one to stop (`t`), each one's banner.
    private func paintTaskPermissions(in grid: inout ScreenGrid, from start: Int, now: Date) {
        guard let grants = taskGrants, !grants.isEmpty, start < grid.height - 6 else { return }
        let title = TextStyle(attributes: .bold, foreground: .tealText, background: .paper)
        let count = grants.count == 1 ? "1 active" : "\(grants.count) active"
        _ = grid.put(" Task permissions: \(count) across every conversation", row: start, column: 0, style: title,
                     limit: grid.width)
        guard let chosen = stoppingGrant else { return }
        let page = TextStyle(foreground: .ink, background: .paper)
        for (index, grant) in grants.enumerated() where start + 1 + index < grid.height - 6 {
            let style = index == chosen ? TextStyle(attributes: .bold, foreground: .ink, background: .tealWash) : page
            let row = start + 1 + index
            grid.fill(GridRect(row: row, column: 0, width: grid.width, height: 1), style: style)
            _ = grid.put((index == chosen ? " ▸ " : "   ") + grant.bannerText(now: now), row: row, column: 0, style: style,
                         limit: grid.width)
        }
    }
}
