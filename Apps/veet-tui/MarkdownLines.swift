import VeetCurses
import VeetMarkdown
import VeetTokens

/// Renders an answer's Markdown with `TerminalRenderer` and turns its lines
/// into styled runs for the screen grid. The renderer speaks in roles; we
/// give each role a private SGR number and read the numbers back, so the
/// grid gets token roles and never raw escape sequences.
enum MarkdownLines {
    private static let codes: [MarkdownRole: String] = [
        .heading: "61", .emphasis: "62", .strong: "63", .strikethrough: "64",
        .code: "65", .link: "66", .quote: "67", .dim: "68",
    ]
    private static let rolesByCode: [Int: MarkdownRole] = Dictionary(
        uniqueKeysWithValues: codes.map { (Int($0.value)!, $0.key) })

    private static let style = TerminalStyle(attributes: true, hyperlinks: false, palette: MarkdownPalette(codes))

    static func render(_ markdown: String, width: Int, base: TextStyle) -> [StyledLine] {
        let rendered = TerminalRenderer(width: max(width, 10), style: style).render(markdown: markdown)
        return rendered.lines.map { parse($0, base: base) }
    }

    /// Splits one encoded line at its `ESC [ … m` sequences.
    static func parse(_ line: String, base: TextStyle) -> StyledLine {
        var runs: StyledLine = []
        var roles: Set<MarkdownRole> = []
        var text = ""
        var scalars = Array(line.unicodeScalars)[...]
        func flush() {
            if !text.isEmpty { runs.append(StyledRun(text, style: textStyle(roles, base: base))) }
            text = ""
        }
        while let scalar = scalars.first {
            scalars = scalars.dropFirst()
            guard scalar == "\u{1B}", scalars.first == "[" else {
                text.unicodeScalars.append(scalar)
                continue
            }
            scalars = scalars.dropFirst()
            var parameters = ""
            while let next = scalars.first, next != "m" {
                parameters.unicodeScalars.append(next)
                scalars = scalars.dropFirst()
            }
            scalars = scalars.dropFirst()
            flush()
            for code in parameters.split(separator: ";").compactMap({ Int($0) }) {
                if code == 0 { roles.removeAll() } else if let role = rolesByCode[code] { roles.insert(role) }
            }
        }
        flush()
        return runs
    }

    private static func textStyle(_ roles: Set<MarkdownRole>, base: TextStyle) -> TextStyle {
        var style = base
        for role in roles {
            switch role {
            case .heading, .strong: style.attributes.insert(.bold)
            case .emphasis: style.attributes.insert(.italic)
            case .strikethrough, .quote, .dim:
                style.attributes.insert(.faint)
                style.foreground = .inkFaint
            case .code:
                style.foreground = .tealText
                style.background = .field
            case .link:
                style.attributes.insert(.underline)
                style.foreground = .tealText
            }
        }
        return style
    }
}
