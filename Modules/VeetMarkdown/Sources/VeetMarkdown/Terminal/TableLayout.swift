/// Lays out a table inside a width: columns take their natural width when
/// the table fits; otherwise the widest columns shrink (their cells wrap)
/// down to a readable minimum; below that the table overflows the width.
struct TableLayout {
    let alignments: [MarkdownTableAlignment]
    /// The cells already flattened into runs (the header's with the strong role).
    let header: [[MarkdownRun]]
    let rows: [[[MarkdownRun]]]
    let style: TerminalStyle
    let width: Int

    /// A column never shrinks below its longest word, capped to this many columns
    /// (longer words, typically URLs, break inside the cell).
    static let longestWordCap = 16
    static let minimumColumn = 3

    func lines() -> [MarkdownLine] {
        let columns = alignments.count
        guard columns > 0 else { return [] }
        let widths = columnWidths(for: [header] + rows, columns: columns)

        let glyphs = style.glyphs
        let joints = glyphs.tableJoints
        // The horizontal stretch of each column, built once for all three borders.
        let segments = widths.map { String(repeating: glyphs.tableHorizontal, count: $0 + 2) }
        let borderWidth = widths.reduce(0, +) + 3 * widths.count + 1
        func border(_ left: String, _ joint: String, _ right: String) -> MarkdownLine {
            var text = left
            text.reserveCapacity(borderWidth * 3)
            for (column, segment) in segments.enumerated() {
                if column > 0 { text += joint }
                text += segment
            }
            text += right
            return MarkdownLine([MarkdownRun(text: text, width: borderWidth, kind: .text, roles: MarkdownRoles(.dim), link: nil)])
        }
        var lines = [border(joints[0], joints[1], joints[2])]
        lines += rowLines(header, widths: widths)
        lines.append(border(joints[3], joints[4], joints[5]))
        for row in rows { lines += rowLines(row, widths: widths) }
        lines.append(border(joints[6], joints[7], joints[8]))
        return lines
    }

    private func rowLines(_ cells: [[MarkdownRun]], widths: [Int]) -> [MarkdownLine] {
        let wrapped = widths.indices.map { column in
            column < cells.count ? LineWrapper.wrap(cells[column], width: widths[column]) : [[]]
        }
        let height = wrapped.map(\.count).max() ?? 1
        let bar = MarkdownRun(style.glyphs.tableVertical, roles: MarkdownRoles(.dim))
        var lines: [MarkdownLine] = []
        for lineNumber in 0..<height {
            var runs = [bar]
            runs.reserveCapacity(1 + 5 * widths.count)
            for column in widths.indices {
                let content = lineNumber < wrapped[column].count ? wrapped[column][lineNumber] : []
                let contentWidth = content.reduce(0) { $0 + $1.width }
                let spare = max(0, widths[column] - contentWidth)
                let (left, right) = padding(spare, alignments[column])
                runs.append(MarkdownRun.spaces(left + 1))
                runs += content
                runs.append(MarkdownRun.spaces(right + 1))
                runs.append(bar)
            }
            lines.append(MarkdownLine(runs))
        }
        return lines
    }

    private func padding(_ spare: Int, _ alignment: MarkdownTableAlignment) -> (Int, Int) {
        switch alignment {
        case .right: (spare, 0)
        case .center: (spare / 2, spare - spare / 2)
        case .left, .none: (0, spare)
        }
    }

    /// Natural widths, shrunk one column at a time (always the widest that
    /// can still give) until the row fits, never below each column's minimum.
    func columnWidths(for rows: [[[MarkdownRun]]], columns: Int) -> [Int] {
        var natural = Array(repeating: 1, count: columns)
        var longestWord = Array(repeating: 1, count: columns)
        for row in rows {
            for (column, runs) in row.enumerated() where column < columns {
                let measured = LineWrapper.measure(runs)
                natural[column] = max(natural[column], measured.natural)
                longestWord[column] = max(longestWord[column], measured.longestWord)
            }
        }
        let minimum = (0..<columns).map { column in
            min(natural[column], max(Self.minimumColumn, min(longestWord[column], Self.longestWordCap)))
        }
        let frame = 3 * columns + 1
        let available = width - frame
        var widths = natural
        var excess = widths.reduce(0, +) - available
        while excess > 0 {
            var widest = -1
            for column in 0..<columns where widths[column] > minimum[column] {
                if widest < 0 || widths[column] > widths[widest] { widest = column }
            }
            guard widest >= 0 else { break }  // every column at its minimum: overflow
            // Shrink the widest down towards the next widest in one step.
            let nextWidest = (0..<columns).filter { $0 != widest }.map { widths[$0] }.max() ?? 0
            let step = max(1, min(excess, widths[widest] - max(nextWidest, minimum[widest])))
            widths[widest] -= step
            excess -= step
        }
        return widths
    }
}
