import Foundation
import Testing
import VeetTestSupport
import VeetTransport
@testable import VeetSchedules

@Suite struct ScheduleAPITests {
    private func api(_ server: ScriptedServer) -> SchedulesAPI {
        SchedulesAPI(sender: server.sender, retry: .never)
    }

    @Test func staleRevisionReadsBackTheCurrentRecord() async throws {
        let server = ScriptedServer()
        server.on("POST", "/v1/schedules/sch1/pause", .apiError(409, "conflict"))
        server.on("GET", "/v1/schedules/sch1", .json(Wire.record(state: "PAUSED", revision: 3)))
        do {
            _ = try await api(server).pause(id: "sch1", expectedRevision: 2)
            Issue.record("a stale revision must throw")
        } catch let conflict as ScheduleConflict {
            #expect(conflict.current?.schedule.currentRevision == 3)
            #expect(conflict.current?.schedule.state == .paused)
        }
        let requests = server.requests
        #expect(requests.map(\.method) == ["POST", "GET"])
        #expect(requests[0].jsonObject?["expected_revision"] as? Int == 2)
    }

    @Test func everyMutationSendsTheExpectedRevision() async throws {
        let server = ScriptedServer()
        for (method, path) in [("GET", "/v1/schedules/sch1"), ("POST", "/v1/schedules/sch1/resume"),
                               ("DELETE", "/v1/schedules/sch1"), ("PATCH", "/v1/schedules/sch1")] {
            server.on(method, path, .json(Wire.record()))
        }
        let api = api(server)
        let record = try await api.read(id: "sch1")
        _ = try await api.resume(id: "sch1", expectedRevision: 2)
        _ = try await api.cancel(id: "sch1", expectedRevision: 2)
        _ = try await api.edit(id: "sch1", expectedRevision: 2, definition: record.revision.definition)
        let requests = server.requests
        #expect(requests[1].jsonObject?["expected_revision"] as? Int == 2)
        #expect(requests[2].method == "DELETE" && requests[2].queryValue("expected_revision") == "2")
        let edit = try #require(requests[3].jsonObject)
        #expect(edit["expected_revision"] as? Int == 2)
        let definition = try #require(edit["definition"] as? [String: Any])
        #expect(definition["browser_profile_id"] == nil)  // the snapshot rejects the key
        #expect((definition["limits"] as? [String: Any])?["deadline_at"] == nil)
    }

    @Test func validationErrorKeepsItsStableReason() async throws {
        let server = ScriptedServer()
        server.on("POST", "/v1/schedules", .apiError(422, "schedule_validation_error", reason: "schedule.cadence.invalid"))
        let definition = ScheduleDefinition(title: "T", instruction: "I", agentID: "a", agentVersion: "1",
                                            cadence: .daily(at: "08:00:00", timezone: "Nowhere/Land"))
        let error = await #expect(throws: ScheduleValidationError.self) {
            _ = try await api(server).create(definition)
        }
        #expect(error?.reason == "schedule.cadence.invalid")
    }

    @Test func createCarriesAnIdempotencyKeyAndRetriesWithIt() async throws {
        let server = ScriptedServer()
        server.on("POST", "/v1/schedules", sequence: [.apiError(503, "unavailable"), .json(Wire.record(), status: 201)])
        let key = try #require(IdempotencyKey(rawValue: "create-1"))
        let definition = ScheduleDefinition(title: "T", instruction: "I", agentID: "a", agentVersion: "1",
                                            cadence: .weekly(on: [1, 3], at: "08:00:00", timezone: "Europe/Paris"))
        _ = try await SchedulesAPI(sender: server.sender).create(definition, idempotencyKey: key)
        #expect(server.requests.map { $0.header("idempotency-key") } == ["create-1", "create-1"])
    }

    @Test func otherWritesGoOnce() async throws {
        let server = ScriptedServer()
        server.on("POST", "/v1/schedules/sch1/pause", .apiError(503, "unavailable"))
        await #expect(throws: APIError.self) {
            _ = try await SchedulesAPI(sender: server.sender).pause(id: "sch1", expectedRevision: 2)
        }
        #expect(server.requests.count == 1)
    }

    @Test func anIDGoesInThePathAsOneEscapedSegment() async throws {
        let server = ScriptedServer()
        server.on("GET", "/v1/schedules/*/occurrences", Wire.page([]))
        _ = try await api(server).occurrences(id: "a/b?c", limit: 10, cursor: "o2")
        let request = try #require(server.requests.first)
        #expect(request.path == "/v1/schedules/a%2Fb%3Fc/occurrences")
        #expect(request.queryValue("limit") == "10" && request.queryValue("cursor") == "o2")
    }

    @Test func listFiltersStatesClientSideForTheSnapshot() async throws {
        let server = ScriptedServer()
        server.on("GET", "/v1/schedules", Wire.page([Wire.listItem("a", "ACTIVE"), Wire.listItem("b", "PAUSED"),
                                                     Wire.listItem("c", "SOMETHING_NEW")]))
        let paused = try await api(server).list(states: [.paused])
        #expect(paused.items.map(\.id) == ["b"])
        let all = try await api(server).list()
        #expect(all.items.last?.state == .unknown("SOMETHING_NEW"))
        #expect(server.requests.first?.query.contains(URLQueryItem(name: "state", value: "PAUSED")) == true)
    }

    /// The snapshot ignores `state`, so a whole page may be filtered away while more follow.
    @Test func listAllWalksOnPastAPageTheFilterEmpties() async throws {
        let server = ScriptedServer()
        server.on("GET", "/v1/schedules") { request in
            switch request.queryValue("cursor") {
            case nil: Wire.page([Wire.listItem("a", "ACTIVE")], next: "p2")
            case "p2": Wire.page([Wire.listItem("b", "ACTIVE")], next: "p3")
            default: Wire.page([Wire.listItem("c", "PAUSED")])
            }
        }
        #expect(try await api(server).listAll(states: [.paused]).map(\.id) == ["c"])
        #expect(server.requests.map { $0.queryValue("cursor") } == [nil, "p2", "p3"])
        #expect(server.requests.allSatisfy { $0.queryValue("limit") == "200" })
    }

    @Test func listAllRefusesARepeatedCursor() async throws {
        let server = ScriptedServer()
        server.on("GET", "/v1/schedules", Wire.page([Wire.listItem("a", "ACTIVE")], next: "same"))
        await #expect(throws: InvalidResponseError.self) { _ = try await api(server).listAll() }
        #expect(server.requests.count == 2)
    }

    @Test func occurrencesDecodeEveryDisposition() async throws {
        let server = ScriptedServer()
        server.on("GET", "/v1/schedules/sch1/occurrences", Wire.page([
            ["id": "o1", "schedule_id": "sch1", "schedule_revision": 2, "nominal_fire_at": "2026-09-20T12:00:00Z",
             "disposition": "MATERIALIZED", "session_id": "s1", "run_id": "r1"],
            ["id": "o2", "schedule_id": "sch1", "nominal_fire_at": "2026-09-19T12:00:00Z",
             "disposition": "MISSED", "session_id": NSNull(), "reason_code": "misfire"],
        ]))
        let page = try await api(server).occurrences(id: "sch1")
        #expect(page.items.map(\.disposition) == [.materialized, .missed])
        #expect(page.items[1].sessionID == nil)
    }
}
