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

    private let runs: [StyledRun]
    private let width: Int
    private var lines: [[StyledRun]] = []
    private var line: [Piece] = []
    private var lineWidth = 0
    private var pending: [Piece] = []
    private var pendingWidth = 0
    private var word: [Piece] = []
    private var wordWidth = 0

    private init(runs: [StyledRun], width: Int) {
        self.runs = runs
        self.width = max(1, width)
    }

    static func wrap(_ runs: [StyledRun], width: Int) -> [[StyledRun]] {
        var wrapper = LineWrapper(runs: runs, width: width)
        wrapper.scan()
        wrapper.placeWord()
        if !wrapper.line.isEmpty || wrapper.lines.isEmpty { wrapper.endLine() }
        return wrapper.lines
    }

    /// The widest line when nothing wraps, and the widest single word.
    static func measure(_ runs: [StyledRun]) -> (natural: Int, longestWord: Int) {
        var wrapper = LineWrapper(runs: runs, width: Int.max / 2)
        var longestWord = 0
        wrapper.scan { longestWord = max(longestWord, $0) }
        wrapper.placeWord()
        if !wrapper.line.isEmpty || wrapper.lines.isEmpty { wrapper.endLine() }
        let natural = wrapper.lines.map { $0.reduce(0) { $0 + $1.width } }.max() ?? 0
        return (natural, longestWord)
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
        var styled: [StyledRun] = []
        styled.reserveCapacity(line.count)
        for piece in line {
            let run = runs[piece.run]
            let text = piece.start == 0 && piece.end == run.text.utf8.count
                ? run.text : String(slice(piece.run, piece.start, piece.end))
            styled.append(StyledRun(text: text, width: piece.width, kind: .text, roles: run.roles, link: run.link))
        }
        lines.append(styled)
        line.removeAll(keepingCapacity: true)
        lineWidth = 0
        pending.removeAll(keepingCapacity: true)
        pendingWidth = 0
    }
}
