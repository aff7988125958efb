import Foundation
import VeetCurses
import VeetTokens
import VeetWebsiteAccess

/// The Website Access screen (F3): the browser profiles with their status
/// (the feature's `WebsiteAccessOverview`), add one by address, revoke,
/// delete. A sign-in goes through the server's remote ceremony: the link is
/// printed here, in memory only, for the owner to open in a web browser.
struct WebsiteScreen {
    var overview: WebsiteAccessOverview?
    var selected = 0
    /// "Continue in web browser": the single-use sign-in link of the ceremony just begun.
    var link: String?
    var message = "Loading..."

    /// Which profile new conversations use (`*` marks its row).
    var chosenLine: String {
        guard let overview else { return "" }
        return overview.rows.first(where: \.isChosen).map { "new conversations use \($0.profile.displayName)" }
            ?? "new conversations use no website profile"
    }

    var selectedRow: WebsiteAccessOverview.Row? {
        guard let rows = overview?.rows, rows.indices.contains(selected) else { return nil }
        return rows[selected]
    }

    mutating func show(_ overview: WebsiteAccessOverview) {
        self.overview = overview
        selected = min(selected, max(overview.rows.count - 1, 0))
        if message == "Loading..." { message = overview.rows.isEmpty ? "No website yet: press a to add one." : "" }
    }

    /// A followed sign-in changed: its row says the next step, and so does the message line.
    mutating func update(_ ceremony: Ceremony) {
        guard let index = overview?.rows.firstIndex(where: { $0.profile.id == ceremony.profileID }) else { return }
        overview?.rows[index].openCeremony = ceremony.status.isOpen ? ceremony : nil
        message = ceremony.status.nextStep
        if ceremony.status.isTerminal { link = nil }
    }

    func draw(in grid: inout ScreenGrid) {
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
        if !message.isEmpty {
            _ = grid.put(" " + message, row: bottom - 1, column: 0, style: attention, limit: grid.width)
        }
        let footer = TextStyle(foreground: .inkSoft, background: .paperDeep)
        grid.fill(GridRect(row: grid.height - 1, column: 0, width: grid.width, height: 1), style: footer)
        _ = grid.put(ScreenKeys.footer(ScreenKeys.website), row: grid.height - 1, column: 0, style: footer)
    }
}
