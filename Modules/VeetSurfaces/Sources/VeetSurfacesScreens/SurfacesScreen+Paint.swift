import Foundation
import VeetCurses
import VeetSurfaces
import VeetTokens

/// The Surfaces screen drawn: the surfaces, the selected one's pairings, a new code's box.
extension SurfacesScreen {
    public func paint(in grid: inout ScreenGrid, now: Date) {
        let page = TextStyle(foreground: .ink, background: .paper)
        let soft = TextStyle(foreground: .inkSoft, background: .paper)
        let title = TextStyle(attributes: .bold, foreground: .ink, background: .paper)
        grid.fill(grid.bounds, style: page)
        let header = TextStyle(attributes: .bold, foreground: .ink, background: .paperDeep)
        grid.fill(GridRect(row: 0, column: 0, width: grid.width, height: 1), style: header)
        _ = grid.put(" Messaging surfaces", row: 0, column: 0, style: header)
        let footer = TextStyle(foreground: .inkSoft, background: .paperDeep)
        grid.fill(GridRect(row: grid.height - 1, column: 0, width: grid.width, height: 1), style: footer)
        if unavailable {
            _ = grid.put(" " + SurfaceWords.notOffered, row: 2, column: 0, style: page, limit: grid.width)
            _ = grid.put(" Esc close", row: grid.height - 1, column: 0, style: footer)
            return
        }
        let listWidth = min(max(grid.width * 2 / 5, 28), 48)
        for (index, surface) in (surfaces ?? []).prefix(max(grid.height - 5, 1)).enumerated() {
            let isSelected = index == selected
            let style = isSelected
                ? TextStyle(attributes: .bold, foreground: .ink, background: focus == .surfaces ? .tealWash : .paperDeep)
                : page
            grid.fill(GridRect(row: 2 + index, column: 0, width: listWidth, height: 1), style: style)
            let text = "\(isSelected ? "▸ " : "  ")\(surface.name)  \(surface.platform?.words ?? "")"
            _ = grid.put(TextFitting.truncate(text, width: listWidth - 2), row: 2 + index, column: 1, style: style, limit: listWidth)
        }
        let separator = TextStyle(foreground: .hairline, background: .paper)
        for row in 1..<max(grid.height - 2, 1) { _ = grid.put("│", row: row, column: listWidth, style: separator) }
        let column = listWidth + 2, width = grid.width - column - 1
        var row = 2
        func line(_ text: String, _ style: TextStyle) {
            for piece in TextFitting.wrap(text, width: max(width, 1)) where row < grid.height - 2 {
                _ = grid.put(piece, row: row, column: column, style: style, limit: grid.width)
                row += 1
            }
        }
        if let surface = selectedSurface {
            line(surface.name, title)
            line(surface.routesToAChat ? "Notifications go to a paired chat" + (surface.routeFingerprint.map { " (\($0))" } ?? "") + "."
                                       : "No chat receives notifications.", soft)
            row += 1
            if let code {
                line("Pairing code: \(code.secret.reveal())", title)
                line(code.instruction, page)
                line("It \(SurfaceWords.expiry(of: code, now: now)).", page)
                line(SurfaceWords.shownOnce, soft)
                row += 1
            }
            line("Pairings", title)
            if pairingsOf == surface.id && shownPairings.isEmpty { line(SurfaceWords.noPairings + " c makes a pairing code.", soft) }
            for (index, pairing) in shownPairings.enumerated() where row < grid.height - 2 {
                let chosen = focus == .pairings && index == selectedPairing
                let style = chosen ? TextStyle(attributes: .bold, foreground: .ink, background: .tealWash) : page
                let state = pairing.isActive ? "active" : "revoked"
                let who = pairing.who.unicodeScalars.filter { $0.value >= 0x20 && !(0x7F...0x9F).contains($0.value) }
                let text = "\(chosen ? "▸ " : "  ")\(String(String.UnicodeScalarView(who)))  \(state)"
                grid.fill(GridRect(row: row, column: column, width: max(width, 1), height: 1), style: style)
                _ = grid.put(TextFitting.truncate(text, width: max(width, 4)), row: row, column: column, style: style, limit: grid.width)
                row += 1
            }
        }
        let attention = TextStyle(attributes: .bold, foreground: .amberText, background: .paper)
        let notice: String = switch asking {
        case .revoke?: SurfaceWords.revokeQuestion + "  y revoke  n keep"
        case .delete?: SurfaceWords.deleteQuestion + "  y delete  n keep"
        case nil: message
        }
        if !notice.isEmpty { _ = grid.put(" " + notice, row: grid.height - 2, column: 0, style: attention, limit: grid.width) }
        _ = grid.put(keyHints(width: grid.width, now: now), row: grid.height - 1, column: 0, style: footer)
    }
}
