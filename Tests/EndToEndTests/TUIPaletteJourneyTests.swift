import Foundation
import Testing

/// Ctrl-P in the real TUI: the palette opens over an open conversation,
/// "new" filters it to New conversation, and Enter starts one (as Ctrl-N would).
@Suite struct TUIPaletteJourneyTests {
    @Test func thePaletteStartsANewConversation() throws {
        guard TmuxTerminal.isAvailable else {
            Issue.record("tmux is missing: Scripts/bootstrap installs it")
            return
        }
        let session = try TUISession(width: 100, height: 30, fixtureArguments: ["--seed-sessions", "3"])
        defer { session.stop() }
        let tui = session.terminal
        try tui.waitFor("Checklist: hiring plan")
        try tui.type("Please fail now")
        try tui.press("Enter")
        try tui.waitFor("model_permanent_error")

        try tui.press("C-p")
        try tui.waitFor("Type to filter")
        try tui.type("new")
        let filtered = try tui.waitFor("› new")
        #expect(filtered.contains("new conversation"))
        #expect(filtered.contains("Ctrl-N"))
        #expect(!filtered.contains("attach a file by path"))

        try tui.press("Enter")
        let fresh = try tui.waitUntil("a new conversation") {
            $0.contains("Type a message and press Enter to start a conversation.") && !$0.contains("Commands")
        }
        #expect(!fresh.contains("model_permanent_error"))
    }
}
