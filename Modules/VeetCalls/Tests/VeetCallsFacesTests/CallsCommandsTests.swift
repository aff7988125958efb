import Foundation
import Testing
import VeetCalls
import VeetCallsCommands
import VeetConsole
import VeetTestSupport
import VeetTransport

/// The command group run in-process: its spec parsed, its answers printed to files.
@Suite struct CallsCommandsTests {
    static let id = "5f0c2a9e-8d41-4b7a-9e36-2c1d7f4a8b90"

    static func parse(_ words: String...) throws -> ParsedCommand {
        try ConsoleCapture.parse(words, group: CallsCommands.spec)
    }

    static func group(_ server: ScriptedServer) -> CallsCommands {
        CallsCommands(api: CallsAPI(sender: server.sender, retry: .never))
    }

    static func call(status: String = "completed", summary: String = "Ready after 3 pm.", complete: Bool = true,
                     transcript: String? = nil) -> [String: Any] {
        var call: [String: Any] = [
            "call_id": id, "provider_call_id": id, "request_id": NSNull(), "number": "+14155550123",
            "counterparty": "+14155550187", "direction": "outbound", "status": status,
            "created_at": "2026-09-20T17:04:11+00:00", "duration_minutes": 2.4, "summary": summary,
            "summary_complete": complete, "transcript_complete": false, "trust": "EXTERNAL_UNTRUSTED",
            "caller_identity_verified": false,
        ]
        if let transcript { call["transcript"] = transcript }
        return call
    }

    @Test func listPrintsEachCallNewestFirstAndErasedOnesPlainly() async throws {
        let server = ScriptedServer()
        server.on("GET", "/v1/calls", .json(["calls": [["call_id": "3e9a0b12-6c47-4d8e-a2f1-7b5c9d0e1f23", "erased": true],
                                                       Self.call(status: "no_answer")], "next_cursor": NSNull()]))
        let captured = try ConsoleCapture()
        #expect(try await Self.group(server).run(Self.parse("calls", "list"), console: captured.console()) == .success)
        #expect(captured.stdout == """
            No Answer  outbound  +14155550187  2026-09-20T17:04:11+00:00  2.4 min
              \(Self.id)  Ready after 3 pm.
            Erased  3e9a0b12-6c47-4d8e-a2f1-7b5c9d0e1f23

            """)
    }

    @Test func showSaysTheCallerIsUnverifiedAndWhatWasCut() async throws {
        let server = ScriptedServer()
        server.on("GET", "/v1/calls/*", .json(Self.call(summary: "", complete: false,
                                                         transcript: "Shop: ready\u{1B}[31m now")))
        let captured = try ConsoleCapture()
        _ = try await Self.group(server).run(Self.parse("calls", "show", Self.id), console: captured.console())
        #expect(captured.stdout == """
            Completed · outbound · +14155550187
            Caller identity and statements are unverified.
            \(Self.id)  2026-09-20T17:04:11+00:00  2.4 min

            Summary
            The summary is not available yet.

            Transcript
            Shop: ready?[31m now
            The transcript was truncated.

            """)
    }

    @Test func aServerWithoutCallsIsNotOfferedOnEverySubcommand() async throws {
        let server = ScriptedServer()
        server.on("GET", "/v1/calls", .apiError(404, "not_found"))
        server.on("GET", "/v1/calls/*", .apiError(404, "not_found"))
        for words in [["calls", "list"], ["calls", "show", Self.id]] {
            do {
                _ = try await Self.group(server).run(ConsoleCapture.parse(words, group: CallsCommands.spec),
                                                     console: try ConsoleCapture().console())
                Issue.record("\(words) succeeded on a server without calls")
            } catch let failure as CommandFailure {
                #expect(failure.message == "veet: This server does not offer calls.")
                #expect(failure.kind == "not_offered" && failure.exitCode == .failure)
            }
        }
    }

    @Test func deleteAsksFirstAndSaysTheProviderKeepsItsRecords() async throws {
        let server = ScriptedServer()
        server.on("GET", "/v1/calls/*", .json(Self.call()))
        server.on("DELETE", "/v1/calls/*", .json(["call_id": Self.id, "erased": true, "provider_deleted": false]))
        let declined = try ConsoleCapture()
        await #expect(throws: CommandFailure.self) {
            _ = try await Self.group(server).run(Self.parse("calls", "delete", Self.id), console: declined.console(answer: "n"))
        }
        #expect(declined.stderr.contains("The phone provider keeps its own records of the call."))
        #expect(server.requests("DELETE", "/v1/calls/*").isEmpty)

        let noTerminal = await #expect(throws: CommandFailure.self) {
            _ = try await Self.group(server).run(Self.parse("calls", "delete", Self.id), console: try ConsoleCapture().console())
        }
        #expect(noTerminal?.exitCode == .usage)

        let captured = try ConsoleCapture()
        #expect(try await Self.group(server).run(Self.parse("calls", "delete", Self.id), console: captured.console(answer: "y"))
            == .success)
        #expect(captured.stdout == "This call's content has been deleted from Veetbot.\nThe phone provider keeps its own records of the call.\n")
    }

    @Test func anUncertainStopExitsOneAndSaysTheCallMayBeLive() async throws {
        let server = ScriptedServer()
        server.on("POST", "/v1/calls/*/stop", .json(["call_id": Self.id, "termination": "uncertain"]))
        let captured = try ConsoleCapture()
        #expect(try await Self.group(server).run(Self.parse("calls", "stop", Self.id), console: captured.console()) == .failure)
        #expect(captured.stderr.contains("may still be live"))
    }

    @Test func aBadIdIsAUsageErrorAndAMissingCallIsNotFound() async throws {
        let server = ScriptedServer()
        let bad = await #expect(throws: CommandFailure.self) {
            _ = try await Self.group(server).run(Self.parse("calls", "show", "x"), console: try ConsoleCapture().console())
        }
        #expect(bad?.exitCode == .usage && server.requests.isEmpty)
        server.on("GET", "/v1/calls/*", .apiError(404, "not_found", message: "call not found"))
        server.on("GET", "/v1/calls", .json(["calls": [], "next_cursor": NSNull()]))
        let missing = await #expect(throws: CommandFailure.self) {
            _ = try await Self.group(server).run(Self.parse("calls", "show", Self.id), console: try ConsoleCapture().console())
        }
        #expect(missing?.exitCode == .notFound && missing?.kind == "not_found")
    }
}
