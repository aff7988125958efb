import Foundation
import Testing

/// What the owner typed survives the TUI being killed: written a second after
/// the typing stops (a SIGKILL after that loses nothing), and at once on
/// SIGTERM or SIGHUP (the terminal's leave hook); restored when it starts again.
@Suite(.serialized) struct TUIDraftJourneyTests {
    private func pid(of terminal: TmuxTerminal) throws -> pid_t {
        let text = try terminal.tmux(["display-message", "-p", "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        return try #require(pid_t(text), "no pane pid in \(text)")
    }

    @Test func aDraftSurvivesAKillAndAHangUp() throws {
        guard TmuxTerminal.isAvailable else {
            Issue.record("tmux is missing: Scripts/bootstrap installs it")
            return
        }
        let session = try TUISession(width: 100, height: 30)
        defer { session.stop() }
        try session.terminal.waitFor("New conversation")
        try session.terminal.type("Dear team, the launch moves")
        try session.terminal.waitFor("Dear team, the launch moves")
        // Past the quiet period the draft is on disk; SIGKILL gives the process no say.
        Thread.sleep(forTimeInterval: 2)
        kill(try pid(of: session.terminal), SIGKILL)

        let again = try TmuxTerminal(width: 100, height: 30, command: session.command)
        defer { again.stop() }
        try again.waitFor("Dear team, the launch moves")
        // Typed and hung up at once: the leave hook writes it before the process goes.
        try again.type(" to Friday")
        try again.waitFor("moves to Friday")
        kill(try pid(of: again), SIGHUP)

        let third = try TmuxTerminal(width: 100, height: 30, command: session.command)
        defer { third.stop() }
        try third.waitFor("Dear team, the launch moves to Friday")
    }

    /// A draft's uploaded file comes back to the tray after a SIGKILL, with its words, and goes
    /// with the message when it is sent (the server's message names the same upload).
    @Test func aDraftsFileComesBackToTheTrayAfterAKill() throws {
        guard TmuxTerminal.isAvailable else {
            Issue.record("tmux is missing: Scripts/bootstrap installs it")
            return
        }
        let session = try TUISession(width: 110, height: 30)
        defer { session.stop() }
        let requests = FixtureRequests(fixture: session.fixture)
        let (sessionID, _) = try requests.conversation(saying: "Plans for the trip")
        session.terminal.stop()
        let file = session.home.appendingPathComponent("itinerary.txt")
        try "Lisbon, then Porto".write(to: file, atomically: true, encoding: .utf8)
        let command = session.command + " --session \(sessionID)"

        let first = try TmuxTerminal(width: 110, height: 30, command: command)
        defer { first.stop() }
        try first.waitFor("Message (Enter sends")
        try first.press("C-t")
        try first.waitFor("Attach file:")
        try first.type(file.path)
        try first.press("Enter")
        try first.waitFor("itinerary.txt · 18 bytes · uploaded")
        try first.type("Here is the plan")
        try first.waitFor("Here is the plan")
        Thread.sleep(forTimeInterval: 2)
        kill(try pid(of: first), SIGKILL)

        let again = try TmuxTerminal(width: 110, height: 30, command: command)
        defer { again.stop() }
        let restored = try again.waitFor("itinerary.txt · 18 bytes · uploaded")
        #expect(restored.contains("Here is the plan"), "\(restored)")
        try again.press("Enter")
        try again.waitUntil("the tray emptied after the send") { !$0.contains("Attachments · ") }
        // The tray empties when the message is handed to the outbox; the server has it a moment later.
        var text = ""
        let delivered = try eventually(within: 20) {
            text = String(describing: try requests.json("GET", "/v1/sessions/\(sessionID)/messages"))
            return text.contains("itinerary.txt")
        }
        #expect(delivered, "\(text)")
    }
}
