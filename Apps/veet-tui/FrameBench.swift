import Foundation
import VeetChat
import VeetChatScreens
import VeetCurses
import VeetStore
import VeetTransport
import VeetWire

/// `veet-tui --bench-frames [--quick]`: the real painter, without a terminal.
/// A 10,000-item transcript (Markdown answers) at 160x48 and a 10,000-entry
/// sidebar; frames while an answer streams in, while scrolling, and a key
/// typed during streaming, each timed from the change to the diff ready for
/// the terminal (the terminal's own write is left out). Next to each, in the
/// same run, a plain full-screen repaint of the same cell grid: every cell
/// written into a fresh grid and diffed against nothing. `make bench`
/// (veet-bench's `tui` suite) runs it on the release build.
enum FrameBench {
    static let width = 160, height = 48

    static func run(quick: Bool) {
        let items = 10_000
        var state = ScreenState()
        state.connectionLabel = "bench"
        state.conversation.sessionID = "bench"
        state.sessions = (0..<items).map { index in
            CachedSession(id: "s\(index)", title: "Conversation \(index) about budgets",
                          createdAt: "2026-11-30T09:00:00Z", updatedAt: "2026-11-30T09:00:00Z")
        }
        state.conversation.transcript.restore((0..<items).map(message))
        let now = Date()
        // The folder sidebar model orders every row; it is built once per index change, not per frame.
        let modelStart = DispatchTime.now().uptimeNanoseconds
        _ = state.sidebarEntries()
        let modelMilliseconds = Double(DispatchTime.now().uptimeNanoseconds - modelStart) / 1_000_000
        var previous = ScreenPainter.frame(&state, width: width, height: height, now: now)

        // Streaming: one delta a frame into the answer of a new run.
        let deltas = quick ? 150 : 600
        let frames = streamFrames(deltas: deltas, after: Int64(items))
        var applying: [Double] = []
        var streaming: [Double] = [], baseline: [Double] = [], keys: [Double] = []
        for (index, frame) in frames.enumerated() {
            let start = DispatchTime.now().uptimeNanoseconds
            state.conversation.transcript.apply(frame)
            applying.append(elapsed(since: start, 0))
            let grid = ScreenPainter.frame(&state, width: width, height: height, now: now)
            let spans = grid.changes(since: previous)
            streaming.append(elapsed(since: start, spans.count))
            baseline.append(repaint(grid))
            previous = grid
            // Every tenth frame the owner types a key: key to diff, while the answer streams.
            if index % 10 == 5 {
                let typed = DispatchTime.now().uptimeNanoseconds
                _ = state.conversation.composer.handle(.key(.char("x")), policy: .chat)
                let keyed = ScreenPainter.frame(&state, width: width, height: height, now: now)
                keys.append(elapsed(since: typed, keyed.changes(since: previous).count))
                previous = keyed
            }
        }
        // Scrolling: three lines a frame up through the long transcript.
        var scrolling: [Double] = []
        for _ in 0..<(quick ? 150 : 600) {
            let start = DispatchTime.now().uptimeNanoseconds
            state.conversation.transcriptScroll.scroll(by: -3)
            let grid = ScreenPainter.frame(&state, width: width, height: height, now: now)
            scrolling.append(elapsed(since: start, grid.changes(since: previous).count))
            baseline.append(repaint(grid))
            previous = grid
        }
        print("tui frames at \(width)x\(height), \(items)-item transcript, \(items) sessions in the sidebar (ms)")
        print(row("case", "p50", "p99", "max"))
        report("streaming a delta", streaming)
        report("scrolling 3 lines", scrolling)
        report("keystroke while streaming", keys)
        report("  of streaming: Transcript.apply", applying)
        report("plain full repaint (baseline)", baseline)
        print("sidebar model for \(items) sessions (once per index change): \(format(modelMilliseconds)) ms")
        let base = percentile(baseline, 0.5)
        print("ratio p50 to baseline: streaming \(format(percentile(streaming, 0.5) / base))x, "
              + "scrolling \(format(percentile(scrolling, 0.5) / base))x")
    }

    private static func message(_ index: Int) -> SessionMessageView {
        let text = index % 2 == 0
            ? "Question \(index): how do I keep the grocery budget under 450 EUR in December?"
            : "## Answer \(index)\n\nKeep **three** lists and check them *weekly*:\n\n- staples first\n- `fresh` produce\n"
                + "- one treat\n\nThat leaves about 40 EUR for the holidays."
        return SessionMessageView(sequence: Int64(index + 1), role: index % 2 == 0 ? .user : .assistant, content: [.text(text)])
    }

    private static func streamFrames(deltas: Int, after sequence: Int64) -> [RunEventFrame] {
        var text = "id: \(sequence + 1)\nevent: run.started\ndata: {\"attempt\":1,\"lease_epoch\":1,\"run_id\":\"bench-run\"}\n\n"
        for index in 0..<deltas {
            let words = index % 7 == 6 ? "\\n\\n- a point, **bold** " : "word\(index) and more "
            text += "event: message.delta\ndata: {\"item_index\":0,\"step_number\":1,\"text\":\"\(words)\",\"run_id\":\"bench-run\"}\n\n"
        }
        var decoder = SSEDecoder(limits: SSELimits(maxLineBytes: 1 << 20, maxEventBytes: 1 << 20))
        var events: [SSEEvent] = []
        try? decoder.feed(Array(text.utf8), into: &events)
        events += decoder.finish()
        return events.map(RunEventFrame.decode)
    }

    /// Every cell of `grid` written into a fresh grid, then diffed against nothing.
    private static func repaint(_ grid: ScreenGrid) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        var fresh = ScreenGrid(width: grid.width, height: grid.height, fill: TranscriptStyles.page)
        for row in 0..<grid.height {
            var column = 0
            while column < grid.width {
                let cell = grid[row, column]
                column = cell.isContinuation ? column + 1 : fresh.put(cell.grapheme, row: row, column: column, style: cell.style)
            }
        }
        return elapsed(since: start, fresh.changes(since: nil).count)
    }

    private static func elapsed(since start: UInt64, _ keepAlive: Int) -> Double {
        precondition(keepAlive >= 0)
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
    }

    private static func percentile(_ samples: [Double], _ fraction: Double) -> Double {
        let sorted = samples.sorted()
        return sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(Double(sorted.count) * fraction))]
    }

    private static func report(_ name: String, _ samples: [Double]) {
        print(row(name, format(percentile(samples, 0.5)), format(percentile(samples, 0.99)), format(samples.max() ?? 0)))
    }

    private static func row(_ cells: String...) -> String {
        cells[0].padding(toLength: 32, withPad: " ", startingAt: 0)
            + cells.dropFirst().map { String(repeating: " ", count: max(0, 9 - $0.count)) + $0 }.joined()
    }

    private static func format(_ value: Double) -> String { String(format: "%.3f", value) }
}
