import Foundation
import Testing
import VeetTestSupport
import VeetTransport
@testable import VeetMemory

/// Each review action, sent to a scripted server and applied to the list (docs/wire/memory.md §5.2).
@Suite struct ReviewEffectTests {
    private func listed(_ filter: MemoryFilter = MemoryFilter()) async throws -> (ScriptedServer, MemoryList) {
        let server = ScriptedServer()
        server.on("GET", "/v1/memories") { request in
            let flagged = [Wire.belief("b2", flagged: true), Wire.belief("b3", flagged: true)]
            return Wire.page(request.queryValue("flagged") == "true" ? flagged : [Wire.belief("b1")] + flagged)
        }
        let records = try await Wire.api(server).listAll(filter)
        return (server, MemoryList(filter: filter, records: records))
    }

    @Test func markReviewedUnflagsAndMovesToTheTop() async throws {
        let (server, first) = try await listed()
        var list = first
        server.on("POST", "/v1/memories/b3/review", .json(Wire.belief("b3", flagged: false)))
        let returned = try await Wire.api(server).review(id: "b3", .dismiss)
        #expect(list.apply(.dismiss, returned: returned) == .movedToTop)
        #expect(list.ids == ["b3", "b1", "b2"])
        #expect(list.records[0].flaggedForReview == false)
        let request = try #require(server.requests("POST", "/v1/memories/b3/review").first)
        #expect(request.jsonObject as? [String: String] == ["outcome": "dismiss"])
    }

    @Test func markReviewedLeavesTheReviewQueue() async throws {
        let (server, first) = try await listed(.needsReview)
        var list = first
        server.on("POST", "/v1/memories/b2/review", .json(Wire.belief("b2", flagged: false)))
        let returned = try await Wire.api(server).review(id: "b2", .dismiss)
        #expect(list.apply(.dismiss, returned: returned) == .leftTheList)
        #expect(!list.ids.contains("b2"))
    }

    @Test func notTrueRetiresAndLeavesTheLiveList() async throws {
        let (server, first) = try await listed()
        var list = first
        var retired = Wire.belief("b2", status: "retired", flagged: true)
        retired["valid_to"] = "2026-09-02T00:00:00Z"
        server.on("POST", "/v1/memories/b2/review", .json(retired))
        let returned = try await Wire.api(server).review(id: "b2", .untrue)
        #expect(returned.belief?.validTo != nil)
        #expect(list.apply(.untrue, returned: returned) == .leftTheList)
        #expect(list.ids == ["b1", "b3"])
        #expect(server.requests.last?.jsonObject?["outcome"] as? String == "untrue")
    }

    @Test func notRelevantHereStaysFlaggedInPlace() async throws {
        let (server, first) = try await listed(.needsReview)
        var list = first
        server.on("POST", "/v1/memories/b2/review",
                  .json(Wire.belief("b2", flagged: true, portability: "local", confidence: 0.52)))
        let returned = try await Wire.api(server).review(id: "b2", .notHere)
        #expect(list.apply(.notHere, returned: returned) == .updatedInPlace)
        #expect(list.ids == ["b2", "b3"])
        #expect(list.records[0].flaggedForReview && list.records[0].belief?.portability == .local)
        #expect(server.requests.last?.jsonObject?["outcome"] as? String == "not_here")
    }

    @Test func deleteIsGoneForGood() async throws {
        let (server, first) = try await listed()
        var list = first
        server.on("DELETE", "/v1/memories/b1", .empty())
        try await Wire.api(server).delete(id: "b1")
        #expect(list.applyDelete(id: "b1") == .deleted)
        #expect(list.ids == ["b2", "b3"])
        #expect(MemoryList.words(for: .deleted, outcome: nil).contains("will not form again"))
    }

    @Test func aRetiredBeliefStaysInAListThatAskedForRetired() {
        var list = MemoryList(filter: MemoryFilter(statuses: [.retired, .active]),
                              records: [.belief(Belief(id: "b1", statement: "x"))])
        let retired = MemoryRecord.belief(Belief(id: "b1", statement: "x", status: .retired))
        #expect(list.apply(.untrue, returned: retired) == .updatedInPlace)
        #expect(list.records.first?.status == .retired)
    }
}

/// The words both faces say about a belief come from one place.
@Suite struct MemoryWordsTests {
    private func belief(subject: String, derivation: String?) throws -> Belief {
        let json = """
            {"id":"b1","subject":"\(subject)","statement":"s","belief_type":"fact","status":"active",
             \(derivation.map { "\"derivation\":\"\($0)\"," } ?? "")
             "flagged_for_review":true,"created_at":"2026-12-01T09:00:00Z","updated_at":"2026-12-01T09:00:00Z"}
            """
        return try JSONDecoder().decode(Belief.self, from: Data(json.utf8))
    }

    @Test func originNamesTheSubjectAndTheSource() throws {
        #expect(try belief(subject: "owner", derivation: "email").origin() == "from email")
        #expect(try belief(subject: "owner", derivation: nil).origin() == "from a conversation")
        #expect(try belief(subject: "person:p1:Ana", derivation: "email").origin() == "about Ana, from email")
        #expect(try belief(subject: "person:p1:Ana", derivation: nil).origin(naming: { $0.uppercased() })
            == "about ANA, from a conversation")
    }

    @Test func reviewReasonSaysWhy() throws {
        #expect(try belief(subject: "owner", derivation: "email").reviewReason.hasPrefix("Learned from email"))
        #expect(try belief(subject: "owner", derivation: "chat").reviewReason == "The agent is not sure of this: check it.")
    }
}
