import Foundation
import Testing

/// What the CLI shows around a turn (issue 14): the conversation just had is
/// in the mirror at once, Ctrl-C's notice stays, a wait for a queued run says
/// what it waits for.
@Suite(.serialized) struct ChatFeedbackJourneyTests {
    let cli = CLIEndToEndTests()

    @Test func theConversationJustHadIsListedAndShownAtOnce() throws {
        let fixture = try FixtureProcess()
        defer { fixture.stop() }
        let home = try Harness.temporaryHome()
        let connect = try cli.veet(["connect", fixture.url, "--name", "dev"], home: home, stdin: fixture.token + "\n")
        #expect(connect.status == 0, "\(connect.stderr)")
        // The mirror was filled once already, so a list shows only what it holds.
        #expect(try cli.veet(["sync"], home: home).status == 0)
        let chat = try cli.veet(["chat", "--once", "What is 3 multiplied by 5?", "--json"], home: home)
        #expect(chat.status == 0, "\(chat.stderr)")
        let sessionID = try #require(try cli.json(chat.stdout)["session_id"] as? String)

        let shown = try cli.veet(["sessions", "show", sessionID], home: home)
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout.contains("You: What is 3 multiplied by 5?"), "\(shown.stdout)")
        #expect(shown.stdout.contains("The answer is"), "\(shown.stdout)")
        let listed = try cli.veet(["sessions", "list", "--json"], home: home)
        #expect(listed.stdout.contains(sessionID), "\(listed.stdout)")
        // Found by what was said, with no sync in between.
        #expect(try cli.veet(["search", "multiplied"], home: home).stdout.contains(sessionID))
    }

    @Test func aConversationNotCachedIsReadFromTheServer() throws {
        let fixture = try FixtureProcess()
        defer { fixture.stop() }
        let home = try Harness.temporaryHome()
        #expect(try cli.veet(["connect", fixture.url, "--name", "dev"], home: home, stdin: fixture.token + "\n").status == 0)
        #expect(try cli.veet(["sync"], home: home).status == 0)
        // Made elsewhere after the last sync.
        let (sessionID, _) = try FixtureRequests(fixture: fixture).conversation(saying: "Hello from the other laptop")
        let shown = try cli.veet(["sessions", "show", sessionID], home: home)
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout.contains("You: Hello from the other laptop"), "\(shown.stdout)")
        // It joined the mirror on the way.
        #expect(try cli.veet(["sessions", "list"], home: home).stdout.contains(sessionID))

        // No such conversation: said, with a non-zero exit, never an empty transcript.
        let missing = try cli.veet(["sessions", "show", "0198d6a2-4c1e-7b3a-9f21-5e8c0d4a7b61"], home: home)
        #expect(missing.status == 4, "\(missing.stderr)")
        #expect(missing.stderr.lowercased().contains("not found"), "\(missing.stderr)")

        // The server gone and nothing cached: why it cannot be shown, non-zero.
        let (unseen, _) = try FixtureRequests(fixture: fixture).conversation(saying: "Never read here")
        fixture.stop()
        let unreachable = try cli.veet(["sessions", "show", unseen], home: home)
        #expect(unreachable.status != 0)
        #expect(!unreachable.stderr.isEmpty)
        #expect(unreachable.stdout.isEmpty)
        // The one read before is still shown, from the cache, saying so.
        let cached = try cli.veet(["sessions", "show", sessionID], home: home)
        #expect(cached.status == 0)
        #expect(cached.stdout.contains("You: Hello from the other laptop"))
        #expect(cached.stderr.contains("Showing the cached transcript"))
    }

    /// docs/cli.md, Chatting: a message that meets a run in flight (409 active_run_exists)
    /// attaches to that run and queues no second message; the CLI says so at
    /// once, follows the run to its end and prints the words back, unsent.
    @Test func aMessageMeetingARunInFlightFollowsItAndIsNotSent() throws {
        let fixture = try FixtureProcess(arguments: ["--hold-runs"])
        defer { fixture.stop() }
        let requests = FixtureRequests(fixture: fixture)
        let (sessionID, runID) = try requests.conversation(saying: "first")
        let home = try Harness.temporaryHome()
        let program = try RunningProgram(try Harness.binary("veet"), ["chat", "--session", sessionID, "--once", "hello there"],
                                         environment: ["HOME": home.path,
                                                       "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
                                                       "XDG_DATA_HOME": home.appendingPathComponent("data").path,
                                                       "VEET_URL": fixture.url, "VEET_TOKEN": fixture.token])
        defer { program.stop() }
        let output = try program.waitFor("A reply is already running in this conversation (queued): your message was not sent")
        #expect(output.contains(runID), "\(output)")
        #expect(output.contains("veet run cancel \(runID)"), "\(output)")
        // The run in flight ends (stopped from elsewhere): the CLI, attached to it, ends with it.
        _ = try requests.json("POST", "/v1/runs/\(runID)/cancel", body: [:])
        let ended = try program.waitFor("  hello there")
        #expect(ended.contains("Your message was not sent"), "\(ended)")
        program.process.waitUntilExit()
        #expect(program.process.terminationStatus == 6, "the followed run was cancelled:\n\(ended)")
        let messages = try requests.json("GET", "/v1/sessions/\(sessionID)/messages")
        let texts = ((messages["items"] as? [[String: Any]]) ?? []).description
        #expect(!texts.contains("hello there"), "no second message reached the server: \(texts)")
        let outbox = try runProcess(try Harness.binary("veet"), ["outbox", "list"],
                                    environment: ["HOME": home.path,
                                                  "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
                                                  "XDG_DATA_HOME": home.appendingPathComponent("data").path,
                                                  "VEET_URL": fixture.url, "VEET_TOKEN": fixture.token])
        #expect(!outbox.stdout.contains("hello there"), "nor kept for a later delivery: \(outbox.stdout)")
    }

    /// Ctrl-C during a slow answer, in a real terminal: the notice stays on
    /// screen until the run ends, the answer's unfinished line is not printed
    /// twice, the status line shows the wait, and `run show` says the cancel was requested.
    @Test func ctrlCKeepsItsNoticeUntilTheRunEnds() throws {
        guard TmuxTerminal.isAvailable else {
            Issue.record("tmux is missing: Scripts/bootstrap installs it")
            return
        }
        let fixture = try FixtureProcess(arguments: ["--slow-seconds", "8"])
        defer { fixture.stop() }
        let home = try Harness.temporaryHome()
        let command = "env -u NO_COLOR -u COLORTERM LANG=C.UTF-8 HOME=\(home.path) XDG_CONFIG_HOME=\(home.path)/c "
            + "XDG_DATA_HOME=\(home.path)/d VEET_URL=\(fixture.url) VEET_TOKEN=\(fixture.token) TERM=xterm-256color "
            + "\(try Harness.binary("veet").path) chat"
        let terminal = try TmuxTerminal(width: 100, height: 30, command: command)
        defer { terminal.stop() }
        try terminal.waitFor("/quit leaves")
        try terminal.type("Please answer very slowly")
        try terminal.press("Enter")
        try terminal.waitFor("slow chunk 3.")
        try terminal.press("C-c")
        let notice = "Stopping the run (Ctrl-C again to leave now)..."
        try terminal.waitFor(notice)
        // Until the run ends the notice stays, and the wait is shown below the answer.
        var sawStatus = false
        var screen = ""
        let deadline = Date().addingTimeInterval(20)
        repeat {
            screen = try terminal.capture()
            if screen.contains("The run was cancelled.") { break }
            guard screen.contains(notice) else {
                Issue.record("the notice was erased before the run ended:\n\(screen)")
                break
            }
            if screen.contains("Waiting for the run to stop") { sawStatus = true }
            usleep(100_000)
        } while Date() < deadline
        #expect(screen.contains("The run was cancelled."), "\(screen)")
        #expect(sawStatus, "nothing showed the wait")
        #expect(screen.contains(notice), "\(screen)")
        #expect(screen.components(separatedBy: "slow chunk 0.").count == 2, "the answer was printed twice:\n\(screen)")

        let sessions = try cli.veet(["sessions", "list", "--json"], home: home,
                                    extraEnvironment: ["VEET_URL": fixture.url, "VEET_TOKEN": fixture.token])
        let list = try #require(try JSONSerialization.jsonObject(with: Data(sessions.stdout.utf8)) as? [[String: Any]])
        let sessionID = try #require(list.first?["id"] as? String)
        let session = try FixtureRequests(fixture: fixture).json("GET", "/v1/sessions/\(sessionID)")
        let runID = try #require(session["last_run_id"] as? String)
        let shown = try cli.veet(["run", "show", runID], fixture: fixture)
        #expect(shown.stdout.contains("CANCELLED"), "\(shown.stdout)")
        #expect(shown.stdout.contains("cancel requested"), "\(shown.stdout)")
        try terminal.type("/quit")
        try terminal.press("Enter")
    }
}
