import Foundation
import Testing
import VeetTransport
@testable import VeetSchedules

@Suite struct ScheduleAPITests {
    @Test func staleRevisionReadsBackTheCurrentRecord() async throws {
        let server = FakeScheduleServer { request in
            request.method == "GET" ? Wire.json(200, Wire.record(state: "PAUSED", revision: 3))
                : Wire.error(409, "conflict")
        }
        do {
            _ = try await server.api.pause(id: "sch1", expectedRevision: 2)
            Issue.record("a stale revision must throw")
        } catch let conflict as ScheduleConflict {
            #expect(conflict.current?.schedule.currentRevision == 3)
            #expect(conflict.current?.schedule.state == .paused)
        }
        let requests = await server.requests
        #expect(requests.map(\.method) == ["POST", "GET"])
        #expect(Wire.body(requests[0])?["expected_revision"] as? Int == 2)
    }

    @Test func everyMutationSendsTheExpectedRevision() async throws {
        let server = FakeScheduleServer { _ in Wire.json(200, Wire.record()) }
        let record = try await server.api.read(id: "sch1")
        _ = try await server.api.resume(id: "sch1", expectedRevision: 2)
        _ = try await server.api.cancel(id: "sch1", expectedRevision: 2)
        _ = try await server.api.edit(id: "sch1", expectedRevision: 2, definition: record.revision.definition)
        let requests = await server.requests
        #expect(Wire.body(requests[1])?["expected_revision"] as? Int == 2)
        #expect(requests[2].method == "DELETE" && requests[2].query.first?.value == "2")
        let edit = try #require(Wire.body(requests[3]))
        #expect(edit["expected_revision"] as? Int == 2)
        let definition = try #require(edit["definition"] as? [String: Any])
        #expect(definition["browser_profile_id"] == nil)  // the snapshot rejects the key
        #expect((definition["limits"] as? [String: Any])?["deadline_at"] == nil)
    }

    @Test func validationErrorKeepsItsStableReason() async throws {
        let server = FakeScheduleServer { _ in Wire.error(422, "schedule_validation_error", reason: "schedule.cadence.invalid") }
        let definition = ScheduleDefinition(title: "T", instruction: "I", agentID: "a", agentVersion: "1",
                                            cadence: .daily(at: "08:00:00", timezone: "Nowhere/Land"))
        await #expect(throws: ScheduleValidationError.self) {
            _ = try await server.api.create(definition)
        }
        do { _ = try await server.api.create(definition) } catch let error as ScheduleValidationError {
            #expect(error.reason == "schedule.cadence.invalid")
        }
    }

    @Test func createCarriesAnIdempotencyKey() async throws {
        let server = FakeScheduleServer { _ in Wire.json(201, Wire.record()) }
        let key = try #require(IdempotencyKey(rawValue: "create-1"))
        let definition = ScheduleDefinition(title: "T", instruction: "I", agentID: "a", agentVersion: "1",
                                            cadence: .weekly(on: [1, 3], at: "08:00:00", timezone: "Europe/Paris"))
        _ = try await server.api.create(definition, idempotencyKey: key)
        #expect(await server.requests.first?.header("idempotency-key") == "create-1")
    }

    @Test func listFiltersStatesClientSideForTheSnapshot() async throws {
        let server = FakeScheduleServer { _ in
            Wire.json(200, ["items": [
                ["id": "a", "state": "ACTIVE", "current_revision": 1, "title": "A", "instruction_preview": "x"],
                ["id": "b", "state": "PAUSED", "current_revision": 1, "title": "B", "instruction_preview": "y"],
                ["id": "c", "state": "SOMETHING_NEW", "current_revision": 1, "title": "C", "instruction_preview": "z"],
            ], "next_cursor": NSNull()])
        }
        let paused = try await server.api.list(states: [.paused])
        #expect(paused.items.map(\.id) == ["b"])
        let all = try await server.api.list()
        #expect(all.items.last?.state == .unknown("SOMETHING_NEW"))
        #expect(await server.requests.first?.query.contains(URLQueryItem(name: "state", value: "PAUSED")) == true)
    }

    @Test func occurrencesDecodeEveryDisposition() async throws {
        let server = FakeScheduleServer { _ in
            Wire.json(200, ["items": [
                ["id": "o1", "schedule_id": "sch1", "schedule_revision": 2, "nominal_fire_at": "2026-09-20T12:00:00Z",
                 "disposition": "MATERIALIZED", "session_id": "s1", "run_id": "r1"],
                ["id": "o2", "schedule_id": "sch1", "nominal_fire_at": "2026-09-19T12:00:00Z",
                 "disposition": "MISSED", "session_id": NSNull(), "reason_code": "misfire"],
            ], "next_cursor": NSNull()])
        }
        let page = try await server.api.occurrences(id: "sch1")
        #expect(page.items.map(\.disposition) == [.materialized, .missed])
        #expect(page.items[1].sessionID == nil)
    }
}
