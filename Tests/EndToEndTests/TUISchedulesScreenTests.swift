import Foundation
import Testing

/// The Schedules screen (F4) against the fixture: schedules made with the
/// `veet` CLI on the same connection, the list beside the reading page,
/// pause and resume, a change made elsewhere (409: the record read back and a
/// notice), cancel confirmed, the state filter — and a server without
/// schedules, which gets a plain page rather than an error.
@Suite(.serialized) struct TUISchedulesScreenTests {
    @Test func readPauseResumeConflictAndCancelASchedule() throws {
        guard TmuxTerminal.isAvailable else {
            Issue.record("tmux is missing: Scripts/bootstrap installs it")
            return
        }
        let session = try TUISession(width: 160, height: 32,
                                     extraEnvironment: "XDG_RUNTIME_DIR=/tmp/veet-no-daemon-\(UUID().uuidString.prefix(8))")
        defer { session.stop() }
        _ = try veet(session, ["schedules", "create", "--title", "Rent reminder", "--instruction", "Remind me to pay rent.",
                               "--cadence", "monthly 1 09:00", "--timezone", "Europe/Paris"])
        let briefing = try veet(session, ["schedules", "create", "--title", "Morning briefing",
                                          "--instruction", "Summarize my calendar and the unread mail from the team.",
                                          "--cadence", "weekly mon,fri 08:30", "--timezone", "Europe/Paris", "--json"])
        let id = try #require(Self.scheduleID(in: briefing))
        let tui = session.terminal
        try tui.waitFor("New conversation")
        try tui.press("?")
        try tui.waitFor("schedules: read, pause")
        try tui.press("Escape", "F4")

        // The newest first, selected, beside its reading page.
        let page = try tui.waitFor("Summarize my calendar and the unread mail from the team.")
        #expect(page.contains("▸ Morning briefing"))
        #expect(page.contains("Rent reminder"))
        #expect(page.contains("Europe/Paris"))
        #expect(page.contains("Next runs: "))
        #expect(page.contains("active · revision 1"))

        try tui.press("p")
        try tui.waitUntil("paused") { $0.contains("Paused") && $0.contains("paused (by you) · revision 1") }
        try tui.press("u")
        try tui.waitUntil("resumed") { $0.contains("Resumed") && $0.contains("active · revision 1") }

        // Changed elsewhere: the stale revision is refused and the schedule shown as it is now.
        _ = try veet(session, ["schedules", "edit", id, "--title", "Weekday briefing"])
        try tui.press("p")
        let conflict = try tui.waitFor("Changed elsewhere meanwhile")
        #expect(conflict.contains("Weekday briefing"))
        #expect(conflict.contains("active · revision 2"))

        // Cancel asks first; anything but y keeps it.
        try tui.press("x")
        try tui.waitFor("y cancel it  n keep it")
        try tui.press("n")
        try tui.waitUntil("the question gone") { !$0.contains("y cancel it") }
        try tui.press("x")
        try tui.waitFor("y cancel it  n keep it")
        try tui.press("y")
        try tui.waitUntil("cancelled") { $0.contains("Cancelled: no further runs") && $0.contains("cancelled · revision 2") }
        try tui.press("x")
        try tui.waitFor("has ended (cancelled): nothing to cancel.")

        // Filtered to the active ones: only the rent reminder is left.
        try tui.press("f")
        try tui.waitUntil("the active filter") { screen in
            screen.contains("Schedules (active)") && screen.contains("Remind me to pay rent.")
                && !screen.contains("Weekday briefing")
        }
        try tui.press("Escape")
        try tui.waitFor("Ctrl-C quit")
        try tui.press("C-d")
    }

    @Test func aServerWithoutSchedulesGetsAPlainPage() throws {
        guard TmuxTerminal.isAvailable else {
            Issue.record("tmux is missing: Scripts/bootstrap installs it")
            return
        }
        let session = try TUISession(width: 100, height: 24, fixtureArguments: ["--no-schedules"],
                                     extraEnvironment: "XDG_RUNTIME_DIR=/tmp/veet-no-daemon-\(UUID().uuidString.prefix(8))")
        defer { session.stop() }
        let tui = session.terminal
        try tui.waitFor("New conversation")
        try tui.press("F4")
        let screen = try tui.waitFor("Schedules are not offered by this server.")
        #expect(!screen.contains("Could not"))
        try tui.press("Escape")
        try tui.waitFor("Ctrl-C quit")
        try tui.press("C-d")
    }

    /// Runs the built `veet` on the TUI's connection and private directories.
    private func veet(_ session: TUISession, _ arguments: [String]) throws -> String {
        let defaults = arguments.contains("edit") ? [] : ["--agent", "8b6f3c52-2f4e-4c4b-9a55-3f0d8f9e7a10", "--agent-version", "1"]
        let result = try runProcess(try Harness.binary("veet"), arguments + defaults, environment: [
            "VEET_URL": session.fixture.url, "VEET_TOKEN": session.fixture.token,
            "XDG_CONFIG_HOME": session.home.path + "/c", "XDG_DATA_HOME": session.home.path + "/d",
        ], timeout: 20)
        try #require(result.status == 0, "veet \(arguments.joined(separator: " ")): \(result.stderr)")
        return result.stdout
    }

    private static func scheduleID(in json: String) -> String? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any],
              let schedule = object["schedule"] as? [String: Any] else { return nil }
        return schedule["id"] as? String
    }
}
