import Foundation
import Testing
import VeetConsole
import VeetSchedules
import VeetSchedulesCommands
import VeetTestSupport
import VeetTransport

/// The command group run in-process: its spec parsed, its answers printed to files.
@Suite struct SchedulesCommandsTests {
    typealias Captured = ConsoleCapture

    static func parse(_ words: String...) throws -> ParsedCommand {
        try ConsoleCapture.parse(words, group: SchedulesCommands.spec)
    }

    static func group(_ server: ScriptedServer, history: [ConversationAgent] = []) -> SchedulesCommands {
        SchedulesCommands(api: SchedulesAPI(sender: server.sender, retry: .never), conversations: { _ in history })
    }

    @Test func listPrintsEachScheduleWithItsCadenceInWords() async throws {
        let server = ScriptedServer()
        server.on("GET", "/v1/schedules", Shapes.page([Shapes.item("sch1", "ACTIVE", title: "Morning briefing")]))
        let captured = try Captured()
        let code = try await Self.group(server).run(Self.parse("schedules", "list"), console: captured.console())
        #expect(code == .success)
        #expect(captured.stdout.contains("Morning briefing  Every day at 08:00 (Europe/Lisbon)  next 2026-12-02T08:00:00Z"))
        #expect(captured.stdout.contains("  sch1  ACTIVE  revision 2"))
    }

    @Test func aServerWithoutSchedulesIsNotOffered() async throws {
        let server = ScriptedServer()
        server.on("GET", "/v1/schedules") { _ in .json(["error": ["code": "not_found", "message": "x"]], status: 404) }
        do {
            _ = try await Self.group(server).run(Self.parse("schedules", "list"), console: try Captured().console())
            Issue.record("listed on a server without schedules")
        } catch let failure as CommandFailure {
            #expect(failure.message == "This server does not offer schedules.")
            #expect(failure.kind == "not_offered" && failure.exitCode == .failure)
        }
    }

    @Test func createWithoutAConversationSaysWhatToPassAndSendsNothing() async throws {
        let server = ScriptedServer()
        let captured = try Captured()
        let code = try await Self.group(server).run(
            Self.parse("schedules", "create", "--title", "Rent", "--instruction", "Pay it.", "--cadence", "daily 08:00"),
            console: captured.console())
        #expect(code == .usage)
        #expect(captured.stderr.hasPrefix("veet: there is no conversation yet to take the agent from."))
        #expect(server.requests("POST", "/v1/schedules").isEmpty)
    }

    @Test func aMissingTitleIsAUsageErrorBeforeTheHistoryIsRead() async throws {
        do {
            _ = try await SchedulesCommands(api: SchedulesAPI(sender: ScriptedServer().sender, retry: .never),
                                            conversations: { _ in
                                                Issue.record("the history was read")
                                                return []
                                            })
                .run(Self.parse("schedules", "create", "--instruction", "Pay it.", "--cadence", "daily 08:00"),
                     console: try Captured().console())
            Issue.record("created without a title")
        } catch let usage as UsageError {
            #expect(usage.kind == .missingOption("--title"))
        }
    }

    @Test func aBadCadenceIsAUsageFailure() async throws {
        do {
            _ = try await Self.group(ScriptedServer()).run(
                Self.parse("schedules", "create", "--title", "Rent", "--instruction", "Pay it.", "--cadence", "fortnightly 9:00",
                           "--agent", "a1", "--agent-version", "1"),
                console: try Captured().console())
            Issue.record("created with a bad cadence")
        } catch let failure as CommandFailure {
            #expect(failure.exitCode == .usage)
            #expect(failure.message.hasPrefix("veet: "))
        }
    }

    @Test func aPauseMetByAChangeElsewhereSaysSoAndPrintsTheScheduleNowWithJSON() async throws {
        let server = ScriptedServer()
        server.on("POST", "/v1/schedules/sch1/pause") { _ in
            .json(["error": ["code": "conflict", "message": "stale"]], status: 409)
        }
        server.on("GET", "/v1/schedules/sch1") { _ in .json(Shapes.record(revision: 3)) }
        let captured = try Captured()
        let code = try await Self.group(server).run(Self.parse("schedules", "pause", "sch1", "--revision", "2", "--json"),
                                                    console: captured.console(json: true))
        #expect(code == .failure)
        #expect(captured.stderr.hasPrefix("veet: "))
        #expect(captured.stdout.contains("\"current_revision\":3"))
    }
}
