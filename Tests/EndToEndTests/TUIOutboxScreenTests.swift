import Foundation
import Testing

/// The outbox screen (Ctrl-Q, issue 20 item 7) against the fixture: two
/// messages that did not go out (the fixture fails eight submits: four
/// attempts each), listed with their state and reason; one sent again from
/// the screen, the other discarded after the question; `veet outbox list` on
/// the same directories finds nothing left.
@Suite(.serialized) struct TUIOutboxScreenTests {
    @Test func listRetryAndDiscardFromTheOutbox() throws {
        guard TmuxTerminal.isAvailable else {
            Issue.record("tmux is missing: Scripts/bootstrap installs it")
            return
        }
        let session = try TUISession(width: 120, height: 30, fixtureArguments: ["--fail-submit", "8"],
                                     extraEnvironment: "XDG_RUNTIME_DIR=/tmp/veet-no-daemon-\(UUID().uuidString.prefix(8))")
        defer { session.stop() }
        let tui = session.terminal
        try tui.waitFor("New conversation")
        try tui.type("What is 17 * 23?")
        try tui.press("Enter")
        try tui.waitFor("kept in the outbox as #1", seconds: 30)
        try tui.press("C-n")
        try tui.type("Plan a day in Sintra")
        try tui.press("Enter")
        try tui.waitFor("kept in the outbox as #2", seconds: 30)

        try tui.press("C-q")
        let listed = try tui.waitFor("Outbox (2 messages)")
        #expect(listed.contains("▸ #1  not sent"), "\(listed)")
        #expect(listed.contains("#2  not sent"), "\(listed)")
        #expect(listed.contains("“What is 17 * 23?”") && listed.contains("“Plan a day in Sintra”"))
        #expect(listed.contains("Why: "), "the last reason is shown")

        // Sent again from here, with its key: delivered, and gone from the list.
        try tui.press("r")
        try tui.waitUntil("delivered", seconds: 30) { $0.contains("#1 delivered") && $0.contains("Outbox (1 message)") }

        // Discard asks; n keeps it, y drops it.
        try tui.press("x")
        try tui.waitFor("Discard #2? It will never be sent.  y discard it  n keep it")
        try tui.press("n")
        try tui.waitFor("Kept.")
        try tui.press("x")
        try tui.waitFor("y discard it")
        try tui.press("y")
        try tui.waitUntil("discarded") {
            $0.contains("Discarded #2; it will not be sent.") && $0.contains("The outbox is empty")
        }
        let list = try runProcess(try Harness.binary("veet"), ["outbox", "list"], environment: [
            "HOME": session.home.path, "VEET_URL": session.fixture.url, "VEET_TOKEN": session.fixture.token,
            "XDG_CONFIG_HOME": session.home.path + "/c", "XDG_DATA_HOME": session.home.path + "/d",
        ], timeout: 30)
        #expect(list.stderr.contains("The outbox is empty"), "\(list.stdout)\(list.stderr)")
        try tui.press("Escape")
        try tui.waitFor("Ctrl-C quit")
        try tui.press("C-d")
    }
}
