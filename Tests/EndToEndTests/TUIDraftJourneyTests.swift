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
}
