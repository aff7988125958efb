import VeetMarkdown
import VeetTokens

/// Markdown drawn on the grid. VeetMarkdown lays the text out in runs that
/// carry their roles (never escape sequences), and each role becomes a token
/// style here, on top of the style of the page the text sits on.
public enum MarkdownText {
    /// Roles are shown, so no `_x_` markers; links stay text followed by
    /// their URL (the grid has no hyperlinks).
    static let layoutStyle = TerminalStyle(attributes: true, hyperlinks: false)

    /// `markdown` laid out in `width` columns (never fewer than 10).
    public static func lines(_ markdown: String, width: Int, base: TextStyle) -> [StyledLine] {
        TerminalRenderer(width: max(width, 10), style: layoutStyle).layout(markdown: markdown).lines.map {
            line($0, base: base)
        }
    }

    /// Markdown laid out for the grid with its wide code blocks and tables
    /// scrolled sideways by `shift` columns (VeetMarkdown's `scrolledSideways`:
    /// each cut to the width, with a note of the columns shown under it).
    public struct Laid: Sendable, Equatable {
        public var lines: [StyledLine]
        /// The furthest a block can scroll at this width; 0 when every block fits.
        public var maxShift: Int
        /// The line each code block starts on (its top frame), in order.
        public var codeBlockStarts: [Int]
    }

    public static func laid(_ markdown: String, width: Int, base: TextStyle, shift: Int) -> Laid {
        let renderer = TerminalRenderer(width: max(width, 10), style: layoutStyle)
        let layout = renderer.layout(markdown: markdown)
        let maxShift = renderer.maxSidewaysShift(layout)
        let shown = maxShift > 0 ? renderer.scrolledSideways(layout, by: min(max(shift, 0), maxShift)) : layout
        return Laid(lines: shown.lines.map { line($0, base: base) }, maxShift: maxShift,
                    codeBlockStarts: shown.codeBlocks.map(\.lineRange.lowerBound))
    }

    /// One laid-out line as grid runs; neighbours with the same roles become one run.
    public static func line(_ line: MarkdownLine, base: TextStyle) -> StyledLine {
        var result: StyledLine = []
        result.reserveCapacity(line.runs.count)
        var lastRoles: MarkdownRoles?
        for run in line.runs where !run.text.isEmpty {
            if run.roles == lastRoles {
                result[result.count - 1].text += run.text
            } else {
                result.append(StyledRun(run.text, style: style(run.roles, base: base)))
                lastRoles = run.roles
            }
        }
        return result
    }

    /// The look of text playing `roles`: VeetMarkdown's one mapping from roles
    /// to A2 tokens (`MarkdownRoles.style`), which `veet chat` encodes too.
    public static func style(_ roles: MarkdownRoles, base: TextStyle) -> TextStyle {
        roles.style(base: base)
    }
}

extension MarkdownText {
    /// `laid` for a text that keeps growing (the answer streaming in): blocks
    /// that can no longer change are laid out, scrolled and turned into grid
    /// runs once (VeetMarkdown's `MarkdownLayoutStream`); each call lays out
    /// only the open blocks at the end. Its result is always exactly
    /// `MarkdownText.laid` of the same arguments; another width, base style or
    /// shift, or a text that does not extend the last, starts it over.
    public struct Incremental: Sendable {
        private struct Key: Equatable {
            var width: Int
            var base: TextStyle
            var shift: Int
        }

        private var key: Key?
        private var stream: MarkdownLayoutStream?
        /// The settled blocks as grid lines, with the blank line between blocks.
        private var settledLines: [StyledLine] = []
        private var settledCodeStarts: [Int] = []
        private var settledMaxShift = 0
        private var settledCount = 0

        public init() {}

        public mutating func laid(_ markdown: String, width: Int, base: TextStyle, shift: Int) -> Laid {
            let key = Key(width: max(width, 10), base: base, shift: max(shift, 0))
            if key != self.key || stream == nil {
                self.key = key
                stream = MarkdownLayoutStream(renderer: TerminalRenderer(width: key.width, style: layoutStyle))
                clear()
            }
            let update = stream!.update(markdown)
            if update.startedOver { clear() }
            for block in update.newlySettled {
                let part = Self.shown(block, renderer: stream!.renderer, key: key)
                if settledCount > 0 { settledLines.append([]) }
                settledCodeStarts += part.codeStarts.map { $0 + settledLines.count }
                settledLines += part.lines.map { line($0, base: base) }
                settledMaxShift = max(settledMaxShift, part.maxShift)
                settledCount += 1
            }
            let tail = Self.shown(update.tail, renderer: stream!.renderer, key: key)
            var lines = settledLines
            if settledCount > 0, update.tailBlockCount > 0 { lines.append([]) }
            let tailStart = lines.count
            lines.reserveCapacity(lines.count + tail.lines.count)
            for tailLine in tail.lines { lines.append(line(tailLine, base: base)) }
            return Laid(lines: lines, maxShift: max(settledMaxShift, tail.maxShift),
                        codeBlockStarts: settledCodeStarts + tail.codeStarts.map { $0 + tailStart })
        }

        private mutating func clear() {
            settledLines = []
            settledCodeStarts = []
            settledMaxShift = 0
            settledCount = 0
        }

        /// A part of the layout as `laid` shows it. Each wide block is moved by
        /// the shift clamped to its own reach, so parts can be scrolled apart.
        private static func shown(_ part: StyledMarkdown, renderer: TerminalRenderer, key: Key)
            -> (lines: [MarkdownLine], codeStarts: [Int], maxShift: Int) {
            let maxShift = renderer.maxSidewaysShift(part)
            let shown = maxShift > 0 ? renderer.scrolledSideways(part, by: key.shift) : part
            return (shown.lines, shown.codeBlocks.map(\.lineRange.lowerBound), maxShift)
        }
    }
}
