import Foundation
import Testing
import VeetConsole
import VeetPeople
import VeetPeopleCommands
import VeetTestSupport
import VeetTransport

/// `veet people` run in-process: its spec parsed, its answers printed to files, its failures thrown.
@Suite struct PeopleCommandsTests {
    static func parse(_ words: String...) throws -> ParsedCommand {
        try ConsoleCapture.parse(words, group: PeopleCommands.spec)
    }

    static func group(_ server: ScriptedServer) -> PeopleCommands {
        PeopleCommands(api: PeopleWire.api(server), audited: PeopleWire.audited)
    }

    @Test func listPrintsPinnedFirst() async throws {
        let server = ScriptedServer()
        server.on("GET", "/v1/people", .json(["items": [PeopleWire.person("s", "Sam Okafor"),
                                                        PeopleWire.person("m", "Maya Chen", pinned: true)],
                                              "next_cursor": NSNull()]))
        let captured = try Captured()
        let code = try await Self.group(server).run(Self.parse("people", "list"), console: captured.console())
        #expect(code == .success)
        let lines = captured.stdout.split(separator: "\n")
        #expect(lines.count == 2 && lines[0].contains("Maya Chen") && lines[0].contains("[pinned]"))
    }

    @Test func aServerWithoutPeopleSaysSoAndExitsOne() async throws {
        let server = ScriptedServer()
        server.on("GET", "/v1/people", .apiError(404, "not_found", message: "The requested resource was not found."))
        await #expect { try await Self.group(server).run(Self.parse("people", "list"), console: try Captured().console()) }
            throws: { error in
                let failure = error as? CommandFailure
                return failure?.message == "veet: People is not enabled on this server." && failure?.exitCode == .failure
            }
    }

    @Test func forgetWithYesNeedsTheExpectedCountsBeforeAnyRequest() async throws {
        let server = ScriptedServer()
        await #expect { try await Self.group(server).run(Self.parse("people", "forget", "m", "--yes"), console: try Captured().console()) }
            throws: { ($0 as? CommandFailure)?.exitCode == .usage }
        #expect(server.requests.isEmpty)
    }

    @Test func aContactChangedElsewhereReadsThePersonAgainAndSaysWhereItStands() async throws {
        let server = ScriptedServer()
        server.on("GET", "/v1/people/m", sequence: [PeopleWire.profile("m", "Maya Chen"),
                                                     PeopleWire.profile("m", "Maya Chen", revision: 2, aliases: 1)])
        server.on("PATCH", "/v1/people/m", .apiError(409, "conflict", message: "stale"))
        let command = try Self.parse("people", "contact", "m", "--add", "email:maya@example.com")
        await #expect { try await Self.group(server).run(command, console: try Captured().console()) } throws: { error in
            (error as? CommandFailure)?.message == "veet: Not changed: Maya Chen changed on another device meanwhile "
                + "(read again just now). It is now at revision 2 with 1 contact detail; run the command again if it still applies."
        }
        let sent = try #require(server.requests("PATCH", "/v1/people/m").first)
        let body = try JSONSerialization.jsonObject(with: sent.body ?? Data()) as? [String: Any]
        #expect(body?["expected_revision"] as? Int == 1)
    }
}
