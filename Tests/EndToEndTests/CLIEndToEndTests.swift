import Foundation
import Testing

/// The built `veet` against the built `veet-fixture`, as a user runs them.
@Suite(.serialized) struct CLIEndToEndTests {
    /// Runs `veet` with a private home and the fixture's address in the environment.
    func veet(_ arguments: [String], fixture: FixtureProcess? = nil, home: URL? = nil,
              stdin: String? = nil, extraEnvironment: [String: String] = [:]) throws -> ProcessResult {
        let home = try home ?? Harness.temporaryHome()
        var env = [
            "HOME": home.path,
            "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
            "XDG_DATA_HOME": home.appendingPathComponent("data").path,
        ]
        if let fixture {
            env["VEET_URL"] = fixture.url
            env["VEET_TOKEN"] = fixture.token
        }
        env.merge(extraEnvironment) { _, new in new }
        return try runProcess(try Harness.binary("veet"), arguments, environment: env, stdin: stdin)
    }

    func json(_ text: String) throws -> [String: Any] {
        let line = try #require(text.split(separator: "\n").last)
        return try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }

    @Test func versionAndHelp() throws {
        let version = try veet(["--version"])
        #expect(version.status == 0)
        #expect(version.stdout.hasPrefix("veet "))
        let help = try veet(["help", "chat"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("--once"))
        let bad = try veet(["chat", "--oncee", "x"])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("did you mean '--once'"))
    }

    @Test func theArithmeticPromptAnswers391() throws {
        let fixture = try FixtureProcess()
        defer { fixture.stop() }
        let result = try veet(["chat", "--once", "What is 17 multiplied by 23?"], fixture: fixture)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "The answer is 391.")
        #expect(result.stderr.contains("math.calculate"))
    }

    /// A message held in the outbox (the server answers its submission 500)
    /// after its new conversation was created: the chat stays in that
    /// conversation, so `/attach` does not open a second one.
    @Test func aHeldFirstMessageKeepsItsNewConversationForAttach() throws {
        let fixture = try FixtureProcess(arguments: ["--fail-submit", "20"])
        defer { fixture.stop() }
        let home = try Harness.temporaryHome()
        let file = home.appendingPathComponent("notes.txt")
        try Data("some notes\n".utf8).write(to: file)
        let chat = try veet(["chat"], fixture: fixture, home: home,
                            stdin: "hello there\n/attach \(file.path)\n/quit\n")
        #expect(chat.stderr.contains("outbox"), "\(chat.stderr)")
        let listed = try veet(["sessions", "list", "--all-kinds", "--json"], fixture: fixture, home: home)
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]],
                                "\(listed.stdout)\n\(listed.stderr)")
        #expect(rows.count == 1, "one conversation on the server, not one per command:\n\(listed.stdout)")
    }

    /// `/copy` uses the same clipboard writer as the TUI: inside tmux the OSC 52 sequence is wrapped for passthrough.
    @Test func copyInsideTmuxWrapsTheClipboardSequence() throws {
        let fixture = try FixtureProcess()
        defer { fixture.stop() }
        let result = try veet(["chat"], fixture: fixture, stdin: "What is 17 multiplied by 23?\n/copy\n/quit\n",
                              extraEnvironment: ["TMUX": "/tmp/tmux-1000/default,1,0", "DISPLAY": "", "WAYLAND_DISPLAY": ""])
        #expect(result.status == 0, "\(result.stderr)")
        let encoded = Data("The answer is 391.".utf8).base64EncodedString()
        #expect(result.stderr.contains("\u{1B}Ptmux;\u{1B}\u{1B}]52;c;\(encoded)\u{07}\u{1B}\\"), "\(result.stderr)")
        #expect(result.stderr.contains("Sent to the terminal's clipboard (OSC 52): 18 characters."), "\(result.stderr)")
        #expect(!result.stderr.contains("Copied"), "nothing confirmed it")
    }

    /// With `xclip` for the display (a fake one on PATH that keeps its input), `/copy` goes
    /// through it, is read back, and only then says "Copied"; no OSC 52 is sent.
    @Test func copyThroughXclipIsConfirmedByReadingBack() throws {
        let fixture = try FixtureProcess()
        defer { fixture.stop() }
        let xclip = try FakeXclip()
        defer { xclip.remove() }
        let result = try veet(["chat"], fixture: fixture, stdin: "What is 17 multiplied by 23?\n/copy\n/quit\n",
                              extraEnvironment: ["TMUX": "/tmp/tmux-1000/default,1,0", "DISPLAY": ":0", "WAYLAND_DISPLAY": "",
                                                 "PATH": xclip.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("Copied 18 characters to the clipboard (xclip)."), "\(result.stderr)")
        #expect(!result.stderr.contains("]52;"), "no OSC 52 when a program confirmed the copy")
        #expect(try xclip.kept() == "The answer is 391.")
    }

    @Test func jsonOutputIsOneObject() throws {
        let fixture = try FixtureProcess()
        defer { fixture.stop() }
        let result = try veet(["chat", "--once", "17 * 23", "--json"], fixture: fixture)
        #expect(result.status == 0)
        #expect(result.stdout.split(separator: "\n").count == 1)
        let object = try json(result.stdout)
        #expect(object["status"] as? String == "COMPLETED")
        #expect(object["text"] as? String == "The answer is 391.")
        #expect((object["session_id"] as? String)?.count == 36)
        #expect((object["run_id"] as? String)?.count == 36)
    }

    @Test func anApprovalWithoutATerminalIsNeverGiven() throws {
        let fixture = try FixtureProcess()
        defer { fixture.stop() }
        let result = try veet(["chat", "--once", "Please approve a write", "--json"], fixture: fixture, stdin: "a\n")
        #expect(result.status == 7, "\(result.stderr)")
        #expect(try json(result.stdout)["status"] as? String == "WAITING_FOR_APPROVAL")
        let approved = try veet(["chat", "--once", "Please approve a write", "--approve-all"], fixture: fixture)
        #expect(approved.status == 0, "\(approved.stderr)")
        #expect(approved.stderr.contains("demo.external_write"))
        let denied = try veet(["chat", "--once", "Please approve a write", "--deny-all"], fixture: fixture)
        #expect(denied.status == 0)
        #expect(denied.stderr.contains("denied"))
    }

    @Test func aQuestionWithoutATerminalWaits() throws {
        let fixture = try FixtureProcess()
        defer { fixture.stop() }
        let result = try veet(["chat", "--once", "Please ask me which dates"], fixture: fixture)
        #expect(result.status == 7)
        #expect(result.stderr.contains("The agent asks"))
    }

    @Test func aFailedRunExits5WithItsReason() throws {
        let fixture = try FixtureProcess()
        defer { fixture.stop() }
        let result = try veet(["chat", "--once", "please fail", "--json"], fixture: fixture)
        #expect(result.status == 5)
        let object = try json(result.stdout)
        #expect(object["status"] as? String == "FAILED")
        #expect((object["failure"] as? [String: Any])?["reason"] as? String == "model_permanent_error")
        #expect(result.stderr.contains("model_permanent_error"))
    }

    /// `veet-fixture --hostile KIND` breaks the contract on purpose; the client
    /// names the problem and exits with the invalid-response code.
    @Test func aHostileServerGetsAClearErrorNotACrash() throws {
        let fixture = try FixtureProcess(arguments: ["--hostile", "invalid-json"])
        defer { fixture.stop() }
        let result = try veet(["sessions", "list"], fixture: fixture)
        #expect(result.status == 9)
        #expect(result.stderr.contains("could not read"))
        #expect(!result.stderr.contains(fixture.token))
    }

    @Test func aLostSubmitAnswerIsRetriedWithoutASecondRun() throws {
        let fixture = try FixtureProcess(arguments: ["--drop-after-submit", "1"])
        defer { fixture.stop() }
        let started = Date()
        let result = try veet(["chat", "--once", "17 * 23", "--json"], fixture: fixture)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try json(result.stdout)["text"] as? String == "The answer is 391.")
        #expect(Date().timeIntervalSince(started) < 14, "a write stalled on a reused connection")
        let sessions = try veet(["sessions", "list", "--json"], fixture: fixture)
        let list = try #require(try JSONSerialization.jsonObject(with: Data(sessions.stdout.utf8)) as? [[String: Any]])
        #expect(list.count == 1)
    }

    @Test func connectSavesTheTokenPrivatelyAndChecksIt() throws {
        let fixture = try FixtureProcess()
        defer { fixture.stop() }
        let home = try Harness.temporaryHome()
        let wrong = try veet(["connect", fixture.url, "--name", "dev"], home: home, stdin: "not-the-token\n")
        #expect(wrong.status == 3)
        #expect(!FileManager.default.fileExists(atPath: home.appendingPathComponent("config/veet/connections.json").path))

        let right = try veet(["connect", fixture.url, "--name", "dev"], home: home, stdin: fixture.token + "\n")
        #expect(right.status == 0, "\(right.stderr)")
        #expect(!right.stdout.contains(fixture.token))
        let tokenFile = home.appendingPathComponent("config/veet/credentials/dev.token")
        let mode = try FileManager.default.attributesOfItem(atPath: tokenFile.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let config = try String(contentsOf: home.appendingPathComponent("config/veet/connections.json"), encoding: .utf8)
        #expect(!config.contains(fixture.token))

        // The saved connection works with no environment override.
        let chat = try veet(["chat", "--once", "17 * 23"], home: home)
        #expect(chat.status == 0, "\(chat.stderr)")
        let list = try veet(["sessions", "list"], home: home)
        #expect(list.status == 0)
        #expect(list.stdout.contains("17 * 23"))
        let connections = try veet(["connections", "list"], home: home)
        #expect(connections.stdout.contains("* dev"))
    }

    @Test func badAddressesAndMissingConnectionsAreClear() throws {
        let http = try veet(["connect", "http://example.com"], stdin: "t\n")
        #expect(http.status == 2)
        #expect(http.stderr.contains("loopback"))
        let none = try veet(["sessions", "list"])
        #expect(none.status == 3)
        #expect(none.stderr.contains("veet connect"))
        let unreachable = try veet(["sessions", "list"],
                                   extraEnvironment: ["VEET_URL": "http://127.0.0.1:9", "VEET_TOKEN": "x"])
        #expect(unreachable.status == 8)
    }

    @Test func debugSSEDecodesARecording() throws {
        let recording = Harness.repoRoot.appendingPathComponent("Modules/VeetTestSupport/Recordings/sse/sse-tool.txt")
        let bytes = try String(contentsOf: recording, encoding: .utf8)
        let result = try veet(["debug", "sse"], stdin: bytes)
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 23)
        let first = try json(String(lines[0]))
        #expect(first["event"] as? String == "user.message.created")
        #expect(first["id"] as? String == "2")
        let delta = try #require(lines.first { $0.contains("message.delta") })
        #expect(try json(String(delta))["id"] is NSNull)

        let oversized = "data: " + String(repeating: "x", count: 1_100_000) + "\n\n"
        let bad = try veet(["debug", "sse"], stdin: "event: a\ndata: ok\n\n" + oversized)
        #expect(bad.status == 1)
        let badLines = bad.stdout.split(separator: "\n")
        #expect(badLines.count == 2)
        #expect(try json(String(badLines[1]))["error"] != nil)
    }
}

/// Data output modes of the CLI.
@Suite(.serialized) struct CLIDataOutputTests {
    let cli = CLIEndToEndTests()

    @Test func jsonlPrintsOneObjectPerChange() throws {
        let fixture = try FixtureProcess()
        defer { fixture.stop() }
        let result = try cli.veet(["chat", "--once", "17 * 23", "--jsonl"], fixture: fixture)
        #expect(result.status == 0)
        let events = try result.stdout.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        #expect(events.first?["event"] as? String == "user_message")
        #expect(events.contains { $0["event"] as? String == "tool" && $0["state"] as? String == "completed" })
        #expect(events.last?["event"] as? String == "ended")
        #expect(events.last?["text"] as? String == "The answer is 391.")
    }

    @Test func tokensExportAsJSONAndCSS() throws {
        let json = try cli.veet(["tokens", "--format", "json"])
        #expect(json.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect((object["order"] as? [String])?.contains("tealWash") == true)
        let css = try cli.veet(["tokens", "--format", "css"])
        #expect(css.stdout.contains("--"))
    }
}
