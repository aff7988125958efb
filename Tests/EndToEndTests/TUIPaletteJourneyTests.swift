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

    /// Over the F5..F9 screens the palette lists the screen's footer keys: "synth" on Memory picks
    /// the synthesis journal (as `s` would); on Settings it offers the card's action.
    @Test func thePaletteRunsAScreensOwnKeys() throws {
        guard TmuxTerminal.isAvailable else {
            Issue.record("tmux is missing: Scripts/bootstrap installs it")
            return
        }
        let session = try TUISession(width: 160, height: 36, fixtureArguments: [],
                                     extraEnvironment: "XDG_RUNTIME_DIR=/tmp/veet-no-daemon-\(UUID().uuidString.prefix(8))")
        defer { session.stop() }
        let tui = session.terminal
        try tui.waitFor("New conversation")
        try tui.press("F5")
        try tui.waitFor("r reviewed  n not true")
        try tui.press("C-p")
        let memory = try tui.waitFor("Type to filter")
        #expect(memory.contains("needs review") && memory.contains("synthesis") && !memory.contains("new conversation"))
        try tui.type("synth")
        try tui.waitFor("› synth")
        try tui.press("Enter")
        try tui.waitUntil("the synthesis journal") { $0.contains("Memory · synthesis journal") && !$0.contains("Commands") }

        try tui.press("Escape", "F8")
        try tui.waitFor("Enter the card's action")
        try tui.press("C-p")
        let settings = try tui.waitFor("Type to filter")
        #expect(settings.contains("the card's action") && settings.contains("Enter"))
        try tui.press("Escape")
        try tui.waitUntil("the palette closed") { !$0.contains("Type to filter") && $0.contains("Enter the card's action") }
    }
}
