import Foundation
import Testing

/// The real TUI in tmux at 80x24: the fixture's long answer has a table too
/// wide for 80 columns, and Right on it moves the table sideways; the
/// research bundle's ledger is taller than the screen, and Down and `]`
/// scroll inside it.
@Suite struct TUITranscriptScrollJourneyTests {
    @Test func aWideTableScrollsSidewaysAndATallLedgerScrollsInsideItself() throws {
        guard TmuxTerminal.isAvailable else {
            Issue.record("tmux is missing: Scripts/bootstrap installs it")
            return
        }
        let session = try TUISession(width: 80, height: 24, fixtureArguments: ["--seed-sessions", "3"])
        defer { session.stop() }
        let tui = session.terminal
        try tui.waitFor("Ctrl-O chats")

        try tui.type("Please write long markdown")
        try tui.press("Enter")
        // The transcript follows the answer's end while it streams, so its heading may have scrolled away
        // before a capture sees it (under load it did): wait for the last line instead.
        try tui.waitFor("That is the whole plan.", seconds: 30)
        // Up from the empty composer puts the cursor on the last row, the answer; its top is revealed,
        // and PgDn brings its wide table into view.
        try tui.press("Up")
        try tui.waitFor("▸  ◆ # Trip planning notes")
        for _ in 0..<12 where !(try tui.capture()).contains("columns 1–") {
            try tui.press("NPage")
            usleep(80_000)
        }
        let screen = try tui.waitFor("columns 1–")
        #expect(screen.contains("▸"), "the table's note offers more to the right: \(screen)")
        try tui.press("Right")
        let moved = try tui.waitFor("◂ columns 9–")
        #expect(moved.contains("◂ columns 9–"))
        try tui.press("Left")
        try tui.waitUntil("back at the left edge") { !$0.contains("◂ columns") && $0.contains("columns 1–") }

        try tui.press("C-n")
        try tui.type("Please do research")
        try tui.press("Enter")
        try tui.waitFor("allowed to send the email", seconds: 20)
        try tui.press("Up")
        for _ in 0..<6 where !(try tui.capture()).contains("▸ ⚙ ▸ 9 tool calls") {
            try tui.press("Up")
            usleep(60_000)
        }
        try tui.waitFor("▸ ⚙ ▸ 9 tool calls")
        try tui.press("Enter")
        try tui.waitFor("lines 1–17 of ")
        try tui.press("Down")
        try tui.waitFor("lines 2–18 of ")
        try tui.press("]")
        let paged = try tui.waitFor("lines 18–34 of ")
        #expect(paged.contains("▾ 9 tool calls"), "the cursor stays on the bundle while its ledger scrolls")
    }
}
