import Foundation
import Testing
import VeetTestSupport
import VeetTransport
@testable import VeetMemory

@Suite struct MemoryAPITests {
    /// Every route, reads and writes, carries `ceiling=restricted`.
    @Test func theCeilingGoesOnEveryRequest() async throws {
        let server = ScriptedServer()
        server.on("GET", "/v1/memories", Wire.page([Wire.belief("b1")]))
        server.on("GET", "/v1/memories/b1", .json(Wire.belief("b1")))
        server.on("POST", "/v1/memories/b1/review", .json(Wire.belief("b1")))
        server.on("DELETE", "/v1/memories/b1", .empty())
        server.on("GET", "/v1/memory-reconsolidations", Wire.page([Wire.operation("op1")]))
        server.on("GET", "/v1/memory-reconsolidations/op1", .json(Wire.operation("op1")))
        server.on("POST", "/v1/memory-reconsolidations/op1/undo", .json(Wire.operation("op1", state: "undone")))
        server.on("GET", "/v1/dreaming", .json(Wire.journal))
        server.on("POST", "/v1/dreaming/schedule", .json(["paused": true, "next_run_at": NSNull(), "revision": 5]))
        server.on("POST", "/v1/dreaming/op1/decision", .json(Wire.operation("op1", state: "committed")))
        let api = Wire.api(server)
        _ = try await api.listAll()
        _ = try await api.record(id: "b1")
        _ = try await api.review(id: "b1", .dismiss)
        try await api.delete(id: "b1")
        let operation = try await api.operation(id: "op1")
        _ = try await api.allOperations()
        _ = try await api.undo(operation)
        _ = try await api.dreaming()
        _ = try await api.setDreaming(paused: true, expectedRevision: 4)
        _ = try await api.decide(operation, .approved)
        _ = await api.probe()
        #expect(server.requests.count == 13)
        for request in server.requests {
            #expect(request.query.filter { $0.name == "ceiling" }.map(\.value) == ["restricted"],
                    "\(request.method) \(request.path)")
        }
        for request in server.requests where request.method != "GET" {
            #expect(request.header("Idempotency-Key") != nil, "\(request.method) \(request.path) has no key")
        }
    }

    @Test func aKeyIsReusedOnEveryRetryAndFreshForEachIntent() async throws {
        let server = ScriptedServer()
        server.on("POST", "/v1/memories/b1/review",
                  sequence: [.apiError(503, "unavailable"), .apiError(503, "unavailable"), .json(Wire.belief("b1"))])
        let api = Wire.api(server, retry: .standard)
        _ = try await api.review(id: "b1", .dismiss)
        let first = server.requests.compactMap { $0.header("Idempotency-Key") }
        #expect(first.count == 3 && Set(first).count == 1)
        _ = try await api.review(id: "b1", .dismiss)
        let second = try #require(server.requests.last?.header("Idempotency-Key"))
        #expect(second != first[0])

        // A caller that retries the same intent itself passes the same key.
        let key = IdempotencyKey()
        server.on("DELETE", "/v1/memories/b1", sequence: [.apiError(503, "unavailable")])
        for _ in 0..<2 { _ = try? await Wire.api(server).delete(id: "b1", key: key) }
        #expect(server.requests("DELETE", "/v1/memories/b1").map { $0.header("Idempotency-Key") }
            == [key.rawValue, key.rawValue])
    }

    @Test func theListSendsEveryFilterAndFollowsTheCursor() async throws {
        let server = ScriptedServer()
        server.on("GET", "/v1/memories", sequence: [Wire.page([Wire.belief("b1")], next: "c2"),
                                                    Wire.page([Wire.belief("b2")])])
        let filter = MemoryFilter(statuses: [.active, .superseded], types: [.fact, .userModelAttribute],
                                  subject: "owner", sessionID: "s1", text: "coffee", flagged: true)
        let records = try await Wire.api(server).listAll(filter)
        #expect(records.map(\.id) == ["b1", "b2"])
        let first = server.requests[0], second = server.requests[1]
        #expect(first.query.filter { $0.name == "status" }.map(\.value) == ["active", "superseded"])
        #expect(first.query.filter { $0.name == "belief_type" }.map(\.value) == ["fact", "user_model_attr"])
        #expect(first.queryValue("subject") == "owner" && first.queryValue("session_id") == "s1")
        #expect(first.queryValue("text") == "coffee" && first.queryValue("flagged") == "true")
        #expect(first.queryValue("cursor") == nil && second.queryValue("cursor") == "c2")
        #expect(second.queryValue("flagged") == "true")
    }

    @Test func decodingIsTolerant() async throws {
        let server = ScriptedServer()
        var odd = Wire.belief("b2", type: "mood", status: "dormant")
        odd["brand_new_field"] = ["nested": true]
        odd["claim_kind"] = nil
        let derived: [String: Any] = ["id": "d1", "record_kind": "cluster", "status": "active",
                                      "flagged_for_review": true, "content": NSNull(), "sources": [["bad": 1]]]
        server.on("GET", "/v1/memories", Wire.page([Wire.belief("b1"), ["statement": "no id"], odd, derived]))
        let records = try await Wire.api(server).listAll(MemoryFilter(includeDerived: true))
        #expect(records.map(\.id) == ["b1", "b2", "d1"])  // the item without an id is skipped
        #expect(records[1].belief?.beliefType == .unknown("mood") && records[1].status == .unknown("dormant"))
        #expect(records[1].belief?.claimKind == nil)
        guard case .derived(let record) = records[2] else { Issue.record("a record_kind makes a derived record"); return }
        #expect(record.content == nil && record.sources.isEmpty && records[2].kindLabel == "derived")
        #expect(server.requests[0].queryValue("include_derived") == "true")
    }

    @Test func thePersonSubjectShowsTheName() {
        let subject = MemorySubject("person:0198d6a2-4c1e-7b3a-9f21-5e8c0d4a7b61:Ana: the dentist")
        #expect(subject.displayName == "Ana: the dentist")
        #expect(subject.personID == "0198d6a2-4c1e-7b3a-9f21-5e8c0d4a7b61")
        #expect(MemorySubject("owner").displayName == "owner" && MemorySubject("owner").personID == nil)
    }

    @Test func onlyTheFrameworkTextsMeanChangesUnsupported() async throws {
        let server = ScriptedServer()
        server.on("POST", "/v1/memories/b1/review",
                  .apiError(400, "malformed_request", message: "The HTTP request is not supported."))
        server.on("DELETE", "/v1/memories/b1", .apiError(404, "not_found", message: "The requested resource was not found."))
        server.on("DELETE", "/v1/memories/b2", .apiError(404, "not_found", message: "memory not found"))
        let api = Wire.api(server)
        await #expect(throws: MemoryChangesUnsupported.self) { _ = try await api.review(id: "b1", .untrue) }
        await #expect(throws: MemoryChangesUnsupported.self) { try await api.delete(id: "b1") }
        let missing = await #expect(throws: APIError.self) { try await api.delete(id: "b2") }
        #expect(missing?.status == 404)
    }
}
