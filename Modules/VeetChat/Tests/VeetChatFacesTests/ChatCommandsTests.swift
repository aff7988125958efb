import Foundation
import Testing
import VeetChat
import VeetChatCommands
import VeetConsole
import VeetFixture
import VeetStore
import VeetTestSupport
import VeetTransport

/// Chat's command face run in-process on the reference server: what the owner
/// would read on stdout and stderr, the exit code, and the failures thrown for
/// the app's error report.
@Suite struct ChatCommandsTests {
    /// The reference server, a store of its own, and the host the app would hand the face.
    final class Live: @unchecked Sendable { // immutable after init; the server is stopped in deinit
        let server: FixtureServer
        let settings: ConnectionSettings
        let store: LocalStore
        let root: URL

        init() throws {
            let token = "test-\(UUID().uuidString)"
            server = FixtureServer(token: token, options: .testing)
            let url = try server.start()
            settings = try ConnectionSettings(serverAddress: url.absoluteString, token: token)
            root = FileManager.default.temporaryDirectory.appendingPathComponent("veet-chat-faces-\(UUID().uuidString)")
            let paths = VeetPaths(configDirectory: root.appendingPathComponent("config"),
                                  dataDirectory: root.appendingPathComponent("data"))
            store = try LocalStore.open(paths: paths, connection: "main")
        }

        deinit {
            server.stop()
            try? FileManager.default.removeItem(at: root)
        }

        var host: ChatCommandHost {
            let settings = settings, store = store
            return ChatCommandHost(sender: { .live(client: HTTPClient(settings: settings)) },
                                   identity: { ConnectionIdentity(settings) }, store: { store })
        }

        func run(_ words: String..., captured: ConsoleCapture, json: Bool = false) async throws -> ExitCode {
            let command = try ChatCommandsTests.parse(words)
            return try await ChatCommands(host: host).run(command, console: captured.console(json: json))
        }
    }

    /// `words` parsed against the face's whole tree (its commands side by side under one root).
    static func parse(_ words: [String]) throws -> ParsedCommand {
        let root = CommandSpec(name: "veet", summary: "", options: [.flag("json", help: "")],
                               subcommands: ChatCommands.specs
                                   + [CommandSpec(name: "debug", summary: "", subcommands: [ChatCommands.debugTranscript])])
        guard case .run(let command) = try CommandLineParser(root: root).parse(words) else {
            throw CommandFailure("\(words.joined(separator: " ")) asks for help")
        }
        return command
    }

    /// A host for commands that must fail before any request or store read.
    static let unreachable = ChatCommandHost(sender: { throw CommandFailure("no server here") },
                                             identity: { throw CommandFailure("no server here") },
                                             store: { throw CommandFailure("no store here") })

    static func failure(_ words: String...) async throws -> CommandFailure? {
        let captured = try ConsoleCapture()
        do {
            _ = try await ChatCommands(host: unreachable).run(parse(words), console: captured.console())
        } catch let failure as CommandFailure {
            return failure
        }
        return nil
    }

    @Test func theFaceSaysWhichPathsAreItsOwn() {
        #expect(ChatCommands.handles(["chat"]))
        #expect(ChatCommands.handles(["sessions", "list"]))
        #expect(ChatCommands.handles(["outbox", "retry"]))
        #expect(ChatCommands.handles(["debug", "transcript"]))
        #expect(ChatCommands.handles(["debug", "sse"]))
        #expect(!ChatCommands.handles(["debug"]))
        #expect(!ChatCommands.handles(["memory", "list"]))
        #expect(ChatCommands.specs.map(\.name) == ["chat", "sessions", "sync", "search", "outbox", "approvals", "artifacts", "run"])
    }

    @Test func usageMistakesFailBeforeAnyRequestWithTheirExitCodes() async throws {
        let both = try await Self.failure("chat", "--approve-all", "--deny-all", "--once", "hi")
        #expect(both?.message == "veet: --approve-all and --deny-all cannot be used together.")
        #expect(both?.exitCode == .usage)
        let answer = try await Self.failure("run", "answer", "r1", " ")
        #expect(answer?.message == "veet: the answer is empty.")
        #expect(answer?.exitCode == .usage)
        let retry = try await Self.failure("outbox", "retry", "abc")
        #expect(retry?.message == "veet: no held message #abc (`veet outbox list` shows them).")
        #expect(retry?.exitCode == .notFound)
    }

    @Test func onceAnswersOnStdoutAndTheConversationJoinsTheMirrorAtOnce() async throws {
        let live = try Live()
        let captured = try ConsoleCapture()
        let code = try await live.run("chat", "--once", "What is 17 multiplied by 23?", captured: captured)
        #expect(code == .success)
        #expect(captured.stdout == "The answer is 391.\n")
        #expect(captured.stderr.contains("✓ math.calculate"))
        #expect(!captured.stderr.contains("/tools to expand"), "--once has no /tools")

        let listed = try ConsoleCapture()
        #expect(try await live.run("sessions", "list", captured: listed) == .success)
        #expect(listed.stdout.split(separator: "\n").count == 1)
    }

    @Test func onceWithJSONPrintsOneObjectWithTheRunsEnd() async throws {
        let live = try Live()
        let captured = try ConsoleCapture()
        #expect(try await live.run("chat", "--once", "What is 17 multiplied by 23?", captured: captured, json: true) == .success)
        let object = try JSONSerialization.jsonObject(with: Data(captured.stdout.utf8)) as? [String: Any]
        #expect(object?["status"] as? String == "COMPLETED")
        #expect(object?["text"] as? String == "The answer is 391.")
        #expect(object?["session_id"] is String)
    }

    @Test func jsonlPrintsEachChangeAndEndsWithTheEnd() async throws {
        let live = try Live()
        let captured = try ConsoleCapture()
        #expect(try await live.run("chat", "--once", "What is 17 multiplied by 23?", "--jsonl", captured: captured) == .success)
        let events = captured.stdout.split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["event"] as? String
        }
        #expect(events.contains("tool"))
        #expect(events.last == "ended")
    }

    @Test func anApprovalLeftPendingWithoutATerminalExitsSevenAndSaysHowToGoOn() async throws {
        let live = try Live()
        let captured = try ConsoleCapture()
        let code = try await live.run("chat", "--once", "approve this", captured: captured)
        #expect(code == .needsInteraction)
        #expect(captured.stderr.contains("Needs your approval: "))
        #expect(captured.stderr.contains("No terminal to ask on; leaving it pending."))
        #expect(captured.stderr.contains("veet: the run is waiting for you (session "))

        let pending = try ConsoleCapture()
        #expect(try await live.run("approvals", "list", captured: pending) == .success)
        let approvalID = try #require(pending.stdout.split(separator: "\n").dropFirst().first?
            .split(separator: " ", omittingEmptySubsequences: true).first.map(String.init))
        let approved = try ConsoleCapture()
        #expect(try await live.run("approvals", "approve", approvalID, captured: approved) == .success)
        #expect(!approved.stdout.isEmpty)
        let again = try ConsoleCapture()
        #expect(try await live.run("approvals", "approve", approvalID, captured: again) == .failure)
        #expect(again.stderr.hasPrefix("veet: already resolved: "))
    }

    @Test func runShowPrintsTheCountsAndCancelOfAFinishedRunChangesNothing() async throws {
        let live = try Live()
        let captured = try ConsoleCapture()
        #expect(try await live.run("chat", "--once", "Hello there", captured: captured, json: true) == .success)
        let object = try JSONSerialization.jsonObject(with: Data(captured.stdout.utf8)) as? [String: Any]
        let runID = try #require(object?["run_id"] as? String)
        let shown = try ConsoleCapture()
        #expect(try await live.run("run", "show", runID, captured: shown) == .success)
        #expect(shown.stdout.hasPrefix("COMPLETED  run \(runID)\n"))
        #expect(shown.stdout.contains("steps "))
        let cancelled = try ConsoleCapture()
        #expect(try await live.run("run", "cancel", runID, captured: cancelled) == .success)
        #expect(cancelled.stderr == "The run had already finished (COMPLETED); nothing changed.\n")
    }

    @Test func theOutboxIsEmptyAfterADeliveredMessage() async throws {
        let live = try Live()
        _ = try await live.run("chat", "--once", "Hello there", captured: try ConsoleCapture())
        let captured = try ConsoleCapture()
        #expect(try await live.run("outbox", "list", captured: captured) == .success)
        #expect(captured.stdout.isEmpty)
        #expect(captured.stderr == "The outbox is empty: everything you sent was delivered.\n")
    }

    @Test func anEmptyPromptIsAUsageFailureBeforeAnythingIsSent() async throws {
        let live = try Live()
        do {
            _ = try await live.run("chat", "--once", "  ", captured: try ConsoleCapture())
            Issue.record("an empty prompt was sent")
        } catch let failure as CommandFailure {
            #expect(failure.message == "veet: the prompt is empty.")
            #expect(failure.exitCode == .usage)
        }
        #expect(try live.store.outbox().isEmpty)
    }

    @Test func searchWithoutWordsIsAUsageFailure() async throws {
        let live = try Live()
        do {
            _ = try await live.run("search", "  ", captured: try ConsoleCapture())
            Issue.record("an empty query searched")
        } catch let failure as CommandFailure {
            #expect(failure.message == "veet: give some words to search for.")
            #expect(failure.exitCode == .usage)
        }
    }
}
