import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing

/// Approvals beside the stream (docs/tui.md) in a real terminal (tmux) against the fixture: the run's stream is
/// read while an approval is docked, so another client's decision closes the
/// dock; a message that meets a run in flight attaches to it and is not sent.
@Suite(.serialized) struct TUIApprovalElsewhereTests {
    /// Issue 20's journey "approvals with progress and a decision from another
    /// client": the TUI docks the approval, a direct call to the fixture (the
    /// other client) approves it, the dock closes saying so and the run finishes.
    @Test func aDecisionFromAnotherClientClosesTheDockAndTheRunFinishes() throws {
        guard TmuxTerminal.isAvailable else {
            Issue.record("tmux is missing: Scripts/bootstrap installs it")
            return
        }
        let session = try TUISession(width: 120, height: 36)
        defer { session.stop() }
        let tui = session.terminal
        try tui.waitFor("New conversation")
        try tui.type("Please approve a write")
        try tui.press("Enter")
        try tui.waitFor("a approve once")
        // Another client decides it: the approval the run waits for, approved once.
        let requests = FixtureRequests(fixture: session.fixture)
        let pending = try requests.json("GET", "/v1/approvals?status=pending")
        let approvalID = try ((pending["items"] as? [[String: Any]])?.first?["id"] as? String).orThrow("no pending approval: \(pending)")
        let resolved = try requests.json("POST", "/v1/approvals/\(approvalID)/resolve", body: ["decision": "approve_once"])
        #expect(resolved["status"] as? String == "APPROVED", "\(resolved)")
        // No key was pressed here: the dock closes on the stream's word, saying where it was decided.
        let closed = try tui.waitFor("on another device")
        #expect(!closed.contains("a approve once"), "the dock is gone:\n\(closed)")
        #expect(!closed.contains("Approving…"), "nothing was sent from here:\n\(closed)")
        // The transcript keeps one line for it (the call's row: what it did, the decision, where),
        // and the run goes on to its end.
        let finished = try tui.waitFor("Ctrl-C quit")
        #expect(finished.contains("· Approved once · on another device"), "\(finished)")
        #expect(!finished.contains("Waiting for your approval"), "\(finished)")
        let run = try requests.json("GET", "/v1/runs/\(resolved["run_id"] as? String ?? "")")
        #expect(run["status"] as? String == "COMPLETED", "\(run)")
    }

    /// `active_run_exists` (docs/chat.md, Meeting another run): a run started on another device while
    /// this conversation sat idle here; the owner's message meets it, is not
    /// sent (and not queued), comes back to the composer, and that run is followed.
    @Test func aMessageMeetingAnotherDevicesRunFollowsItAndComesBackToTheComposer() throws {
        guard TmuxTerminal.isAvailable else {
            Issue.record("tmux is missing: Scripts/bootstrap installs it")
            return
        }
        let fixture = try FixtureProcess(arguments: ["--step-delay", "0.01", "--slow-seconds", "6"])
        defer { fixture.stop() }
        let requests = FixtureRequests(fixture: fixture)
        let (sessionID, firstRun) = try requests.conversation(saying: "hello")
        let deadline = Date().addingTimeInterval(15)
        while Date() < deadline, try requests.json("GET", "/v1/runs/\(firstRun)")["status"] as? String != "COMPLETED" {
            usleep(50_000)
        }
        let home = try Harness.temporaryHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let command = "env -u NO_COLOR -u COLORTERM -u COLORFGBG LANG=C.UTF-8 XDG_CONFIG_HOME=\(home.path)/c "
            + "XDG_DATA_HOME=\(home.path)/d VEET_URL=\(fixture.url) VEET_TOKEN=\(fixture.token) TERM=xterm-256color "
            + "VEET_APPEARANCE=dark \(try Harness.binary("veet-tui").path) --session \(sessionID)"
        let tui = try TmuxTerminal(width: 120, height: 36, command: command)
        defer { tui.stop() }
        try tui.waitFor("Ctrl-C quit")
        // Another device starts a slow reply; this screen does not know of it yet.
        let other = try requests.json("POST", "/v1/sessions/\(sessionID)/messages",
                                      body: ["content": [["type": "text", "text": "Please answer very slowly"]]])
        let otherRun = try (other["run_id"] as? String).orThrow("no run: \(other)")
        try tui.type("my own words")
        try tui.press("Enter")
        let taken = try tui.waitFor("Not sent: a reply was already running")
        #expect(taken.contains("› my own words"), "the words are back in the composer:\n\(taken)")
        // The other device's run is followed here to its end.
        let answered = try tui.waitFor("slow chunk 19.", seconds: 30)
        #expect(answered.contains("Please answer very slowly"), "\(answered)")
        let messages = try requests.json("GET", "/v1/sessions/\(sessionID)/messages")
        #expect(!((messages["items"] as? [[String: Any]]) ?? []).description.contains("my own words"),
                "no second message was sent")
        let run = try requests.json("GET", "/v1/runs/\(otherRun)")
        #expect(run["status"] as? String != nil)
        #expect(try tui.capture().contains("› my own words"), "still in the composer, never lost")
    }
}
