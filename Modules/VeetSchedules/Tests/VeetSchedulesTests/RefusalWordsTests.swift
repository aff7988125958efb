import Foundation
import Testing
import VeetTestSupport
import VeetTransport
@testable import VeetSchedules

/// Each refusal of docs/wire/schedules.md §1 in its own words (issue 14, item 7 and 12).
@Suite struct ScheduleRefusalWordsTests {
    private func api(_ server: ScriptedServer) -> SchedulesAPI {
        SchedulesAPI(sender: server.sender, retry: .never)
    }

    @Test func resumingACancelledScheduleSaysItIsFinalNotChanged() async throws {
        let server = ScriptedServer()
        server.on("POST", "/v1/schedules/sch1/resume",
                  .apiError(409, "conflict", message: "a cancelled schedule cannot be resumed", reason: "schedule.terminal"))
        server.on("GET", "/v1/schedules/sch1", .json(Wire.record(state: "CANCELLED", revision: 2)))
        let conflict = await #expect(throws: ScheduleConflict.self) {
            _ = try await api(server).resume(id: "sch1", expectedRevision: 2)
        }
        let text = conflict?.description ?? ""
        #expect(text.hasPrefix("A cancelled schedule cannot be resumed"))
        #expect(!text.contains("changed meanwhile"))
        #expect(text.contains("nothing was changed"))
    }

    @Test func aStaleRevisionStillSaysTheScheduleChanged() async throws {
        let server = ScriptedServer()
        server.on("POST", "/v1/schedules/sch1/pause", .apiError(409, "conflict"))
        server.on("GET", "/v1/schedules/sch1", .json(Wire.record(state: "ACTIVE", revision: 3)))
        let conflict = await #expect(throws: ScheduleConflict.self) {
            _ = try await api(server).pause(id: "sch1", expectedRevision: 2)
        }
        #expect(conflict?.description == "The schedule changed meanwhile (now revision 3, ACTIVE); nothing was changed.")
    }

    @Test func anUnknownReasonFallsBackToTheServersMessage() async throws {
        let server = ScriptedServer()
        server.on("POST", "/v1/schedules/sch1/pause",
                  .apiError(409, "conflict", message: "the schedule is being migrated", reason: "schedule.migrating"))
        server.on("GET", "/v1/schedules/sch1", .json(Wire.record(state: "ACTIVE", revision: 2)))
        let conflict = await #expect(throws: ScheduleConflict.self) {
            _ = try await api(server).pause(id: "sch1", expectedRevision: 2)
        }
        #expect(conflict?.description == "The server refused it: The schedule is being migrated. Nothing was changed.")
    }

    /// The reasons docs/wire/schedules.md §1 lists for `422 schedule_validation_error`.
    static let listedReasons = [
        "schedule.scope_not_granted", "schedule.instruction_contains_credential", "schedule.title_contains_credential",
        "schedule.run_timeout_limit", "schedule.misfire_grace_limit", "schedule.max_steps_limit",
        "schedule.max_model_calls_limit", "schedule.max_tool_calls_limit", "schedule.max_cost_limit",
        "schedule.policy_profile_mismatch", "schedule.no_future_occurrence",
    ]

    @Test(arguments: listedReasons)
    func everyListedValidationReasonHasItsOwnWords(reason: String) async throws {
        let server = ScriptedServer()
        server.on("POST", "/v1/schedules", .apiError(422, "schedule_validation_error", message: "invalid", reason: reason))
        let error = await #expect(throws: ScheduleValidationError.self) {
            _ = try await api(server).create(ScheduleDefinition(title: "T", instruction: "I", agentID: "a", agentVersion: "1",
                                                                cadence: .daily(at: "08:00:00", timezone: "UTC")))
        }
        let text = error?.description ?? ""
        #expect(!text.hasPrefix("Invalid"), "\(reason) fell back to the server's message")
        #expect(text.contains("Nothing was saved") && text.hasSuffix("(\(reason))"))
        #expect(Set(ScheduleValidationError.words.values).count == ScheduleValidationError.words.count)
    }

    @Test func aValueOutsideItsBoundsIsARefusedDefinition() async throws {
        let server = ScriptedServer()
        server.on("POST", "/v1/schedules", .apiError(400, "malformed_request",
                                                     message: "The request body or parameters are malformed."))
        var limits = ScheduleLimits()
        limits.maxSteps = 0
        let error = await #expect(throws: ScheduleDefinitionRefused.self) {
            _ = try await api(server).create(ScheduleDefinition(title: "T", instruction: "I", agentID: "a", agentVersion: "1",
                                                                limits: limits,
                                                                cadence: .daily(at: "08:00:00", timezone: "UTC")))
        }
        #expect(error?.description.contains("outside its allowed range (such as a limit of 0") == true)
    }
}
