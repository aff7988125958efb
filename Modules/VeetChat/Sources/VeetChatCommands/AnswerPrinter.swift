import Foundation
import VeetConsole
import VeetMarkdown

/// Prints an answer as it streams. On a terminal the Markdown is rendered:
/// finished blocks are printed once and the unfinished tail is redrawn in
/// place, so nothing flickers. Anywhere else the raw text goes out as it comes.
struct AnswerPrinter {
    private let out: Output
    private let renderer: TerminalRenderer?
    private var stream: StreamingMarkdown?
    /// Rows of the tail currently on screen (each rendered line is one row: it is wrapped to the width).
    private var tailRows = 0
    private var tail: [String] = []
    private(set) var atLineStart = true
    /// Everything of the current answer, for /copy.
    private(set) var text = ""

    init(out: Output, renderer: TerminalRenderer?) {
        self.out = out
        self.renderer = renderer
    }

    var isRendered: Bool { renderer != nil }

    mutating func append(_ chunk: String) {
        text += chunk
        guard let renderer else {
            out.write(chunk)
            atLineStart = chunk.hasSuffix("\n")
            return
        }
        if stream == nil { stream = StreamingMarkdown(renderer: renderer) }
        let update = stream!.append(chunk)
        draw(update)
    }

    /// Commits whatever is left; the next chunk starts a new answer block.
    mutating func finish() {
        if let update = stream?.finish() { draw(update) }
        stream = nil
        tail = []
        tailRows = 0
        if renderer == nil, !atLineStart { out.write("\n") }
        atLineStart = true
    }

    /// Hides the tail while something else is written below it, then shows it again.
    mutating func interrupt(_ write: () -> Void) {
        eraseTail()
        write()
        drawTail()
    }

    /// Forgets the streamed text (the saved answer replaces it).
    mutating func reset() {
        eraseTail()
        stream = nil
        tail = []
        text = ""
        atLineStart = true
    }

    private mutating func draw(_ update: StreamingUpdate) {
        eraseTail()
        for line in update.committed { out.write(line + "\n") }
        tail = update.tail
        drawTail()
    }

    private mutating func drawTail() {
        for line in tail { out.write(line + "\n") }
        tailRows = tail.count
    }

    private mutating func eraseTail() {
        guard tailRows > 0 else { return }
        // Up to the first tail row, column 0, clear to the end of the screen.
        out.write("\u{1B}[\(tailRows)A\r\u{1B}[J")
        tailRows = 0
    }
}
