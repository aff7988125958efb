import Foundation
import Testing

/// veet-tui whose local store cannot be opened (its data folder cannot be
/// made: XDG_DATA_HOME under /dev/null, refused even to root) runs on a
/// store in memory: the banner says why, the server's conversations are
/// listed, search finds words of transcripts never opened (read in the
/// background), and a message goes through the in-memory outbox.
@Suite(.serialized) struct TUIStoreFallbackTests {
    @Test func theStoreThatCannotOpen() throws {
        guard TmuxTerminal.isAvailable else {
            Issue.record("tmux is missing: Scripts/bootstrap installs it")
            return
        }
        let session = try TUISession(width: 120, height: 36, fixtureArguments: ["--seed-sessions", "3"],
                                     extraEnvironment: "XDG_DATA_HOME=/dev/null/veet-data")
        defer { session.stop() }
        let tui = session.terminal
        let opened = try tui.waitFor("Can't open the local store (it cannot be created or opened)")
        #expect(opened.contains("nothing is kept after"), "\(opened)")
        // The index comes from the server into memory.
        try tui.waitFor(TUIStoreFallbackTests.seededTitle, seconds: 20)
        // Search reaches a seeded conversation's transcript without opening it.
        try tui.press("C-f")
        try tui.type(TUIStoreFallbackTests.seededWord)
        let found = try tui.waitFor("Results (1)", seconds: 20)
        #expect(found.contains("Saving…: "), "the conversation, by a word of a transcript never opened:\n\(found)")
        try tui.press("Escape")
        try tui.press("Escape")
        // A message still goes out (through the in-memory outbox) and its answer comes back.
        try tui.press("C-n")
        try tui.type("Show me markdown")
        try tui.press("Enter")
        let answered = try tui.waitFor("That is the whole plan.", seconds: 20)
        #expect(answered.contains("Can't open the local store"), "the banner stays:\n\(answered)")
    }

    /// Words of the fixture's first seeded conversation (`--seed-sessions 3`).
    static let seededTitle = "Saving plan for the groce"
    /// Only in the third one's first question, never in a title.
    static let seededWord = "spreadsheet"
}
