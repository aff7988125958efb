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
        let memory = try Self.openPalette(in: tui)
        #expect(memory.contains("needs review") && memory.contains("synthesis") && !memory.contains("new conversation"))
        try Self.run("synth", in: tui)
        try tui.waitUntil("the synthesis journal") { $0.contains("Memory · synthesis journal") && !$0.contains("Commands") }

        try tui.press("Escape", "F8")
        try tui.waitFor("Enter the card's action")
        let settings = try Self.openPalette(in: tui)
        #expect(settings.contains("the card's action") && settings.contains("Enter"))
        try tui.press("Escape")
        try tui.waitUntil("the palette closed") { !$0.contains("Type to filter") && $0.contains("Enter the card's action") }
    }

    /// Over a sheet with its keys on its card (People's history imports) Ctrl-P offers the card's keys:
    /// "new" starts a new import (as `n` would), and over the form "back" leaves it (as Esc would).
    @Test func thePaletteRunsASheetsOwnKeys() throws {
        guard let session = try TUIPeopleIdentityTests.open() else { return }
        defer { session.stop() }
        let tui = session.terminal
        try tui.press("i")
        try tui.waitFor("n new import")
        let list = try Self.openPalette(in: tui)
        #expect(list.contains("new import") && list.contains("resume") && !list.contains("new conversation"))
        try Self.run("new", in: tui)
        try tui.waitUntil("the import form") { $0.contains("New history import") && !$0.contains("Type to filter") }
        let form = try Self.openPalette(in: tui)
        #expect(form.contains("next field") && form.contains("preview (nothing is read yet)"))
        try Self.run("back", in: tui)
        try tui.waitUntil("the list again") { $0.contains("n new import") && !$0.contains("Type to filter") }
        try tui.press("Escape", "Escape", "C-d")
    }

    /// Ctrl-P, once the palette shows; the screen with it.
    static func openPalette(in tui: TmuxTerminal) throws -> String {
        try tui.press("C-p")
        return try tui.waitFor("Type to filter")
    }

    /// Types `query` into the open palette and runs the first match.
    static func run(_ query: String, in tui: TmuxTerminal) throws {
        try tui.type(query)
        try tui.waitFor("› \(query)")
        try tui.press("Enter")
    }
}
