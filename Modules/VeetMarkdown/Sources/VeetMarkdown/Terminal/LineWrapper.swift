import VeetTerminal

/// Greedy word wrapping of runs to a column width. Runs hold whole stretches
/// of text; the wrapper scans their bytes for spaces and cuts strings only
/// where lines end, so a paragraph costs a few allocations per line rather
/// than per word. Spaces at a wrap are dropped; a word wider than the whole
/// width is broken between characters.
struct LineWrapper {
    /// A byte range of one run.
    private struct Piece {
        var run: Int
        var start: Int
        var end: Int
        var width: Int
    }

    private let runs: [MarkdownRun]
    private let width: Int
    private var lines: [[MarkdownRun]] = []
    private var line: [Piece] = []
    private var lineWidth = 0
    private var pending: [Piece] = []
    private var pendingWidth = 0
    private var word: [Piece] = []
    private var wordWidth = 0
    /// Measuring only records line widths; no runs are cut or copied.
    private let measuresOnly: Bool
    private var lineCount = 0
    private var widestLine = 0

    private init(runs: [MarkdownRun], width: Int, measuresOnly: Bool = false) {
        self.runs = runs
        self.width = max(1, width)
        self.measuresOnly = measuresOnly
        // Room for a typical line up front, so the arrays rarely regrow.
        line.reserveCapacity(16)
        pending.reserveCapacity(4)
        word.reserveCapacity(4)
    }

    static func wrap(_ runs: [MarkdownRun], width: Int) -> [[MarkdownRun]] {
        if let line = singleASCIILine(runs, width: width) { return [line] }
        var wrapper = LineWrapper(runs: runs, width: width)
        wrapper.scan()
        wrapper.placeWord()
        if !wrapper.line.isEmpty || wrapper.lineCount == 0 { wrapper.endLine() }
        return wrapper.lines
    }

    /// The common short case (list items, headings, table cells) without the
    /// piece bookkeeping: ASCII text that fits, with no break and no space at
    /// either end, comes out as one line holding the non-empty runs unchanged,
    /// exactly what the full wrapper would produce. nil when any condition fails.
    private static func singleASCIILine(_ runs: [MarkdownRun], width: Int) -> [MarkdownRun]? {
        var total = 0
        var nonEmpty = 0
        var firstByte: UInt8 = 0
        var lastByte: UInt8 = 0
        for run in runs {
            if run.kind == .lineBreak { return nil }
            let utf8 = run.text.utf8
            guard let first = utf8.first, let last = utf8.last else { continue }
            for byte in utf8 where byte >= 0x80 { return nil }
            if nonEmpty == 0 { firstByte = first }
            lastByte = last
            nonEmpty += 1
            total += utf8.count
        }
        guard total <= max(1, width), firstByte != 0x20, lastByte != 0x20 else { return nil }
        var line: [MarkdownRun] = []
        line.reserveCapacity(nonEmpty + 2)
        for run in runs where !run.text.isEmpty {
            line.append(MarkdownRun(text: run.text, width: run.text.utf8.count, kind: .text, roles: run.roles,
                                  link: run.link))
        }
        return line
    }

    /// The widest line when nothing wraps, and the widest single word.
    static func measure(_ runs: [MarkdownRun]) -> (natural: Int, longestWord: Int) {
        if let measured = measureASCII(runs) { return measured }
        var wrapper = LineWrapper(runs: runs, width: Int.max / 2, measuresOnly: true)
        var longestWord = 0
        wrapper.scan { longestWord = max(longestWord, $0) }
        wrapper.placeWord()
        if !wrapper.line.isEmpty || wrapper.lineCount == 0 { wrapper.endLine() }
        return (wrapper.widestLine, longestWord)
    }

    /// `measure` for ASCII runs without a hard break, where a byte is a
    /// column: the line spans from the first to the last non-space byte, a
    /// word is a stretch without spaces (across runs). nil otherwise.
    private static func measureASCII(_ runs: [MarkdownRun]) -> (natural: Int, longestWord: Int)? {
        var offset = 0
        var first = -1
        var last = -1
        var wordLength = 0
        var longestWord = 0
        for run in runs {
            if run.kind == .lineBreak { return nil }
            for byte in run.text.utf8 {
                if byte >= 0x80 { return nil }
                if byte == 0x20 {
                    wordLength = 0
                } else {
                    if first < 0 { first = offset }
                    last = offset
                    wordLength += 1
                    longestWord = max(longestWord, wordLength)
                }
                offset += 1
            }
        }
        return (first < 0 ? 0 : last - first + 1, longestWord)
    }

    private mutating func scan(onWord: ((Int) -> Void)? = nil) {
        for (index, run) in runs.enumerated() {
            if run.kind == .lineBreak {
                if let onWord, wordWidth > 0 { onWord(wordWidth) }
                placeWord()
                endLine()
                continue
            }
            var text = run.text
            text.withUTF8 { bytes in
                var wordStart = -1
                var wordASCII = true
                for offset in 0..<bytes.count {
                    let byte = bytes[offset]
                    if byte == 0x20 {
                        if wordStart >= 0 {
                            addToWord(run: index, start: wordStart, end: offset, ascii: wordASCII)
                            wordStart = -1
                            wordASCII = true
                        }
                        if let onWord, wordWidth > 0 { onWord(wordWidth) }
                        placeWord()
                        if lineWidth > 0 { Self.add(Piece(run: index, start: offset, end: offset + 1, width: 1), to: &pending) }
                        if lineWidth > 0 { pendingWidth += 1 }
                    } else {
                        if wordStart < 0 { wordStart = offset }
                        if byte >= 0x80 { wordASCII = false }
                    }
                }
                if wordStart >= 0 {
                    addToWord(run: index, start: wordStart, end: bytes.count, ascii: wordASCII)
                }
            }
        }
        if let onWord, wordWidth > 0 { onWord(wordWidth) }
    }

    private mutating func addToWord(run: Int, start: Int, end: Int, ascii: Bool) {
        let pieceWidth = ascii ? end - start : DisplayWidth.of(slice(run, start, end))
        Self.add(Piece(run: run, start: start, end: end, width: pieceWidth), to: &word)
        wordWidth += pieceWidth
    }

    private func slice(_ run: Int, _ start: Int, _ end: Int) -> Substring {
        let utf8 = runs[run].text.utf8
        let from = utf8.index(utf8.startIndex, offsetBy: start)
        let to = utf8.index(utf8.startIndex, offsetBy: end)
        return runs[run].text[from..<to]
    }

    /// Appends, extending the previous piece when it is the same run and contiguous.
    private static func add(_ piece: Piece, to pieces: inout [Piece]) {
        if let last = pieces.last, last.run == piece.run, last.end == piece.start {
            pieces[pieces.count - 1].end = piece.end
            pieces[pieces.count - 1].width += piece.width
        } else {
            pieces.append(piece)
        }
    }

    private mutating func placeWord() {
        guard !word.isEmpty else { return }
        defer {
            word.removeAll(keepingCapacity: true)
            wordWidth = 0
        }
        if lineWidth > 0, lineWidth + pendingWidth + wordWidth > width {
            endLine()
        } else if !pending.isEmpty {
            for piece in pending { Self.add(piece, to: &line) }
            lineWidth += pendingWidth
            pending.removeAll(keepingCapacity: true)
            pendingWidth = 0
        }
        if lineWidth + wordWidth <= width {
            for piece in word { Self.add(piece, to: &line) }
            lineWidth += wordWidth
        } else {
            for piece in word { breakPiece(piece) }
        }
    }

    /// Places a too-long word character by character, starting new lines as needed.
    private mutating func breakPiece(_ piece: Piece) {
        var offset = piece.start
        for character in slice(piece.run, piece.start, piece.end) {
            let characterWidth = DisplayWidth.of(character)
            let length = character.utf8.count
            if lineWidth + characterWidth > width, lineWidth > 0 { endLine() }
            Self.add(Piece(run: piece.run, start: offset, end: offset + length, width: characterWidth), to: &line)
            lineWidth += characterWidth
            offset += length
        }
    }

    private mutating func endLine() {
        lineCount += 1
        if measuresOnly {
            widestLine = max(widestLine, lineWidth)
            line.removeAll(keepingCapacity: true)
            lineWidth = 0
            pending.removeAll(keepingCapacity: true)
            pendingWidth = 0
            return
        }
        var styled: [MarkdownRun] = []
        // Two spare slots for the list marker or quote bar put in front later.
        styled.reserveCapacity(line.count + 2)
        for piece in line {
            let run = runs[piece.run]
            let text = piece.start == 0 && piece.end == run.text.utf8.count
                ? run.text : String(slice(piece.run, piece.start, piece.end))
            styled.append(MarkdownRun(text: text, width: piece.width, kind: .text, roles: run.roles, link: run.link))
        }
        lines.append(styled)
        // removeAll(keepingCapacity:) is not free even on an empty array.
        if !line.isEmpty { line.removeAll(keepingCapacity: true) }
        lineWidth = 0
        if !pending.isEmpty { pending.removeAll(keepingCapacity: true) }
        pendingWidth = 0
    }
}
