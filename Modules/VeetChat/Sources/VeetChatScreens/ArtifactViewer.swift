import VeetCurses
import VeetTokens

/// An artifact's text, full screen, scrolled by its offset.
public struct ArtifactViewer: Sendable {
    public var artifactID: String
    public var title: String
    public var lines: [String]
    public var offset = 0

    public init(artifactID: String, title: String, lines: [String], offset: Int = 0) {
        self.artifactID = artifactID
        self.title = title
        self.lines = lines
        self.offset = offset
    }

    /// What a key on the viewer asks of the shell.
    public enum Step: Equatable, Sendable {
        case stay
        case close
        /// `e`: the viewer closes and the shell asks where to write the file (`name`: the title's first part).
        case export(artifactID: String, name: String?)
    }

    /// ↑↓ PgUp PgDn Space Home End scroll (a page is the screen's `height` less its header, footer and a line),
    /// `e` exports, Esc and `q` close.
    public mutating func handle(_ key: KeyPress, height: Int) -> Step {
        let page = max(height - 3, 1)
        switch key {
        case KeyPress(.escape), .char("q"): return .close
        case KeyPress(.up): offset -= 1
        case KeyPress(.down): offset += 1
        case KeyPress(.pageUp): offset -= page
        case KeyPress(.pageDown), .char(" "): offset += page
        case KeyPress(.home): offset = 0
        case KeyPress(.end): offset = lines.count
        case .char("e"): return .export(artifactID: artifactID, name: title.components(separatedBy: " · ").first)
        default: return .stay
        }
        offset = max(0, min(offset, lines.count - page))
        return .stay
    }
}

/// An artifact's text, full screen, scrolled by the viewer's offset.
public enum ViewerPainter {
    /// The footer's keys; Ctrl-P lists the same.
    public static let keyHints = "↑↓ PgUp PgDn scroll   e export   Esc close"

    public static func draw(_ viewer: ArtifactViewer, in grid: inout ScreenGrid) {
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
