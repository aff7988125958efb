import VeetCurses
import VeetTokens

/// An artifact's text, full screen.
struct ArtifactViewer: Sendable {
    var artifactID: String
    var title: String
    var lines: [String]
    var offset = 0
}

/// An artifact's text, full screen, scrolled by the viewer's offset.
enum ViewerPainter {
    /// The footer's keys; Ctrl-P lists the same.
    static let keyHints = "↑↓ PgUp PgDn scroll   e export   Esc close"

    static func draw(_ viewer: ArtifactViewer, in grid: inout ScreenGrid) {
        let page = TextStyle(foreground: .ink, background: .paper)
        grid.fill(grid.bounds, style: page)
        let header = TextStyle(attributes: .bold, foreground: .ink, background: .paperDeep)
        grid.fill(GridRect(row: 0, column: 0, width: grid.width, height: 1), style: header)
        _ = grid.put(" " + viewer.title, row: 0, column: 0, style: header)
        for (index, line) in viewer.lines.dropFirst(viewer.offset).prefix(grid.height - 2).enumerated() {
            _ = grid.put(line, row: index + 1, column: 1, style: page, limit: grid.width - 1)
        }
        let footer = TextStyle(foreground: .inkSoft, background: .paperDeep)
        grid.fill(GridRect(row: grid.height - 1, column: 0, width: grid.width, height: 1), style: footer)
        _ = grid.put(" " + keyHints, row: grid.height - 1, column: 0, style: footer)
    }
}

/// The viewer's keys: scroll, `e` export, Esc close.
extension ChatScreen {
    func handleViewer(_ key: KeyPress) {
        guard var viewer = state.viewer else { return }
        let page = max(terminal.height - 3, 1)
        switch key {
        case KeyPress(.escape), .char("q"): state.viewer = nil; return
        case KeyPress(.up): viewer.offset -= 1
        case KeyPress(.down): viewer.offset += 1
        case KeyPress(.pageUp): viewer.offset -= page
        case KeyPress(.pageDown), .char(" "): viewer.offset += page
        case KeyPress(.home): viewer.offset = 0
        case KeyPress(.end): viewer.offset = viewer.lines.count
        case .char("e"):
            state.viewer = nil
            promptExport(viewer.artifactID, name: viewer.title.components(separatedBy: " · ").first)
            return
        default: return
        }
        viewer.offset = max(0, min(viewer.offset, viewer.lines.count - page))
        state.viewer = viewer
    }
}
