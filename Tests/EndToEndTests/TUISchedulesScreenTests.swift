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
        // The row shows the instruction's preview at once; the page is there when its revision is.
        let page = try tui.waitFor("active · revision 1")
        #expect(page.contains("Summarize my calendar and the unread mail from the team."))
        // The row: its cadence with the next run; the page beside it is the chosen one's.
        #expect(page.contains("Every Monday and Friday at 08:30 · next"))
        #expect(page.contains("│ Morning briefing"))
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

    /// Issue 20 item 7: a schedule created from the TUI (the form's refusals in
    /// words first), checked through the CLI, then edited; an edit that meets a
    /// change made elsewhere keeps the owner's text, says what changed and saves
    /// over the new revision.
    @Test func aScheduleCreatedFromTheTUIThenEdited() throws {
        guard TmuxTerminal.isAvailable else {
            Issue.record("tmux is missing: Scripts/bootstrap installs it")
            return
        }
        let session = try TUISession(width: 120, height: 36,
                                     extraEnvironment: "XDG_RUNTIME_DIR=/tmp/veet-no-daemon-\(UUID().uuidString.prefix(8))")
        defer { session.stop() }
        let tui = session.terminal
        try tui.waitFor("New conversation")
        // A schedule runs the agent of the latest conversation: have one first.
        try tui.type("17 * 23")
        try tui.press("Enter")
        try tui.waitFor("391", seconds: 20)
        try tui.press("F4")
        try tui.waitFor("No schedules yet.")

        try tui.press("n")
        try tui.waitFor("New schedule")
        try tui.press("C-s")
        let refused = try tui.waitFor("Give the schedule a title.")
        #expect(refused.contains("Write what the agent is asked each time."))
        #expect(refused.contains("The cadence is empty."))
        try tui.type("Water the plants")
        try tui.press("Tab")
        try tui.type("Remind me to water the plants on the balcony.")
        try tui.press("Tab")
        try tui.type("weekly mon,thu 7:30")
        try tui.waitFor("→ Every Monday and Thursday at 07:30")
        // Esc keeps what was typed; n brings it back, even after the screen was closed.
        try tui.press("Escape")
        try tui.waitFor("No schedule was created; n brings back what you typed.")
        try tui.press("Escape", "F4")
        try tui.waitFor("No schedules yet.")
        try tui.press("n")
        let back = try tui.waitFor("What you typed before is back")
        #expect(back.contains("Water the plants") && back.contains("weekly mon,thu 7:30"))
        try tui.press("Tab", "C-u")  // the form comes back on the field it was left on, the cadence
        try tui.type("Mars/Olympus")
        try tui.press("Enter")
        try tui.waitFor("“Mars/Olympus” is not a time zone")
        try tui.press("C-u")
        try tui.type("Europe/Paris")
        try tui.press("Enter")
        // Created, said, and selected once the list is read again.
        try tui.waitUntil("created and selected") { $0.contains("Created “Water the plants”") && $0.contains("│ Water the plants") }
        try tui.waitFor("Remind me to water the plants on the balcony.")

        // The server has it, as typed.
        let listed = try Self.objects(try veet(session, ["schedules", "list", "--json"]))
        let item = try #require(listed.first { $0["title"] as? String == "Water the plants" }, "\(listed)")
        let id = try #require(item["id"] as? String)
        let cadence = try #require(item["cadence"] as? [String: Any])
        #expect(cadence["kind"] as? String == "WEEKLY")
        #expect(cadence["weekdays"] as? [Int] == [1, 4])
        #expect(cadence["local_time"] as? String == "07:30:00")
        #expect(cadence["timezone"] as? String == "Europe/Paris")

        // Edited: the form opens on the schedule's words and saves with its revision.
        try tui.press("e")
        try tui.waitFor("Edit “Water the plants” · revision 1")
        try tui.waitFor("weekly mon,thu 07:30")
        try tui.press("End")
        try tui.type(" and herbs")
        try tui.press("C-s")
        try tui.waitUntil("saved") { $0.contains("Saved as revision 2.") && $0.contains("Water the plants and herbs") }

        // Changed elsewhere while the form is open: the text typed stays, the form says what changed.
        try tui.press("e")
        try tui.waitFor("Edit “Water the plants and herbs” · revision 2")
        _ = try veet(session, ["schedules", "edit", id, "--title", "Balcony plants"])
        try tui.press("Tab", "End")
        try tui.type(" Skip it when it rained.")
        try tui.press("C-s")
        let conflict = try tui.waitFor("Changed elsewhere meanwhile (now revision 3)")
        #expect(conflict.contains("the title is now “Balcony plants”"), "\(conflict)")
        #expect(conflict.contains("Skip it when it rained."), "the owner's text is kept")
        try tui.press("C-s")
        try tui.waitFor("Saved as revision 4.")
        let shown = try Self.objects("[" + (try veet(session, ["schedules", "show", id, "--json"])) + "]")
        let revision = try #require(shown.first?["revision"] as? [String: Any])
        #expect(revision["title"] as? String == "Water the plants and herbs")
        #expect(revision["instruction"] as? String == "Remind me to water the plants on the balcony. Skip it when it rained.")
        #expect((shown.first?["schedule"] as? [String: Any])?["current_revision"] as? Int == 4)
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
        let defaults = arguments.contains("create") ? ["--agent", "8b6f3c52-2f4e-4c4b-9a55-3f0d8f9e7a10", "--agent-version", "1"] : []
        let result = try runProcess(try Harness.binary("veet"), arguments + defaults, environment: [
            "VEET_URL": session.fixture.url, "VEET_TOKEN": session.fixture.token,
            "XDG_CONFIG_HOME": session.home.path + "/c", "XDG_DATA_HOME": session.home.path + "/d",
        ], timeout: 20)
        try #require(result.status == 0, "veet \(arguments.joined(separator: " ")): \(result.stderr)")
        return result.stdout
    }

    private static func objects(_ json: String) throws -> [[String: Any]] {
        try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]], "\(json)")
    }

    private static func scheduleID(in json: String) -> String? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any],
              let schedule = object["schedule"] as? [String: Any] else { return nil }
        return schedule["id"] as? String
    }
}
