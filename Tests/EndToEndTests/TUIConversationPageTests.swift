import Foundation
import Testing

/// veet-tui's pages for a conversation it cannot show, in a real terminal
/// (tmux) against the fixture: deleted on another device while open, and
/// never read here with the server gone.
@Suite(.serialized) struct TUIConversationPageTests {
    /// Opens the seeded "Checklist: hiring plan" through the search and waits for its title in the status bar.
    static func openHiringPlan(_ tui: TmuxTerminal) throws {
        try tui.waitFor("Checklist: hiring plan")
        try tui.press("C-f")
        try tui.type("hiring")
        try tui.waitFor("Results (1)")
        try tui.press("Enter")
        try tui.press("Enter")
        try tui.waitUntil("the conversation open") { $0.split(separator: "\n").last?.contains("Checklist: hiring plan") == true }
    }

    /// Deleted from "another device" while the TUI shows it: the next index read
    /// misses it, one point read answers 404, and the page says so with no
    /// composer left; the sidebar drops it.
    @Test func aConversationDeletedElsewhereSaysSoAndLeavesNoControls() throws {
        guard TmuxTerminal.isAvailable else {
            Issue.record("tmux is missing: Scripts/bootstrap installs it")
            return
        }
        let session = try TUISession(width: 120, height: 36, fixtureArguments: ["--seed-sessions", "3"])
        defer { session.stop() }
        let tui = session.terminal
        try Self.openHiringPlan(tui)

        let requests = FixtureRequests(fixture: session.fixture)
        let listed = try requests.json("GET", "/v1/sessions")["items"] as? [[String: Any]] ?? []
        let id = try (listed.first { $0["title"] as? String == "Checklist: hiring plan" }?["id"] as? String)
            .orThrow("no seeded hiring plan in \(listed)")
        _ = try? requests.json("DELETE", "/v1/sessions/\(id)")  // 204: no body to parse
        #expect(try requests.json("GET", "/v1/sessions/\(id)")["error"] != nil, "the fixture deleted it")

        // The TUI reads the index again within 10 s of opening a conversation.
        let page = try tui.waitFor("This conversation was deleted", seconds: 30)
        #expect(page.contains("nothing can be sent to it"), "\(page)")
        #expect(!page.contains("› Message"), "no composer on the page:\n\(page)")
        let gone = try tui.waitUntil("the sidebar without it") { screen in
            screen.split(separator: "\n").dropLast().allSatisfy { !$0.contains("hiring plan") || $0.contains("deleted") }
        }
        #expect(gone.contains("No matches"), "the search that opened it finds it no more:\n\(gone)")
        // Typing goes nowhere: nothing is sent to a deleted conversation.
        try tui.type("Still there")  // no "?": that opens the help over an empty composer
        try tui.press("Enter")
        let after = try tui.settled()
        #expect(!after.contains("Still there"), "\(after)")
        #expect(after.contains("This conversation was deleted"))
    }

    /// Never read on this machine, server gone: "Can't reach the server" with
    /// when it was last reached and Enter to try again, not an empty page.
    @Test func aConversationNeverReadHereWithTheServerGoneSaysCantReach() throws {
        guard TmuxTerminal.isAvailable else {
            Issue.record("tmux is missing: Scripts/bootstrap installs it")
            return
        }
        // Its transcript reads fail while the server is up, so search's background fill cannot read
        // it either: it is listed, and never read here, when the server goes.
        let session = try TUISession(width: 120, height: 36,
                                     fixtureArguments: ["--seed-sessions", "3", "--fail-transcripts", "1000"])
        defer { session.stop() }
        let tui = session.terminal
        try tui.waitFor("Checklist: hiring plan")
        session.fixture.stop()
        try tui.press("C-f")
        try tui.type("hiring")
        try tui.waitFor("Results (1)")
        try tui.press("Enter")
        try tui.press("Enter")
        let page = try tui.waitFor("Can't reach the server", seconds: 20)
        #expect(page.contains("Enter: try again"), "\(page)")
        #expect(try Regex("Last reached: [0-9]+[smh] ago").firstMatch(in: page) != nil, "\(page)")
        #expect(!page.contains("Loading..."), "\(page)")
        #expect(!page.contains("› Message"), "\(page)")
        // Enter tries again: the same page comes back (the server is still gone), the state readable throughout.
        try tui.press("Enter")
        let again = try tui.waitFor("Can't reach the server", seconds: 20)
        #expect(again.contains("Last reached:"), "\(again)")
    }
}
