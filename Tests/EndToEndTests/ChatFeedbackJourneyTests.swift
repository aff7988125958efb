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

    @Test func aMessageBehindAQueuedRunSaysWhatItWaitsFor() throws {
        let fixture = try FixtureProcess(arguments: ["--hold-runs"])
        defer { fixture.stop() }
        let (sessionID, runID) = try FixtureRequests(fixture: fixture).conversation(saying: "first")
        let home = try Harness.temporaryHome()
        let program = try RunningProgram(try Harness.binary("veet"), ["chat", "--session", sessionID, "--once", "hello"],
                                         environment: ["HOME": home.path,
                                                       "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
                                                       "XDG_DATA_HOME": home.appendingPathComponent("data").path,
                                                       "VEET_URL": fixture.url, "VEET_TOKEN": fixture.token])
        defer { program.stop() }
        let output = try program.waitFor("Waiting for the run in progress (queued)…")
        #expect(output.contains(runID), "\(output)")
        #expect(output.contains("veet run cancel \(runID)"), "\(output)")
    }
}
