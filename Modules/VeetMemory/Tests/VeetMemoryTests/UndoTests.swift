import Foundation
import Testing
import VeetTestSupport
import VeetTransport
@testable import VeetMemory

@Suite struct UndoTests {
    private func operation(_ json: [String: Any]) throws -> SynthesisOperation {
        try JSONDecoder().decode(SynthesisOperation.self, from: JSONSerialization.data(withJSONObject: json))
    }

    @Test func undoIsOfferedOnlyForACommittedMergeOfTwoOrMoreSources() throws {
        #expect(UndoGate.offersUndo(try operation(Wire.operation("a"))))
        #expect(UndoGate.refusal(for: try operation(Wire.operation("a", kind: "summary"))) == .notAMerge)
        for state in ["proposed", "rejected", "stale", "invalidated", "undone", "brand_new"] {
            #expect(UndoGate.refusal(for: try operation(Wire.operation("a", state: state))) == .notCommitted, "\(state)")
        }
        #expect(UndoGate.refusal(for: try operation(Wire.operation("a", content: false))) == .withdrawn)
        #expect(UndoGate.refusal(for: try operation(Wire.operation("a", sources: ["b1"]))) == .fewerThanTwoSources)
        // Two sources naming one belief are one source.
        #expect(UndoGate.refusal(for: try operation(Wire.operation("a", sources: ["b1", "b1"]))) == .fewerThanTwoSources)
    }

    @Test func aRefusedUndoSendsNothing() async throws {
        let server = ScriptedServer()
        let single = try operation(Wire.operation("op1", sources: ["b1"]))
        await #expect(throws: MemoryRuleError.undoNotOffered(.fewerThanTwoSources)) {
            _ = try await Wire.api(server).undo(single)
        }
        #expect(server.requests.isEmpty)
    }

    @Test func undoSendsTheRevisionAndA409ReReadsTheOperation() async throws {
        let server = ScriptedServer()
        server.on("POST", "/v1/memory-reconsolidations/op1/undo", .apiError(409, "conflict"))
        server.on("GET", "/v1/memory-reconsolidations/op1", .json(Wire.operation("op1", state: "invalidated", revision: 3)))
        let merge = try operation(Wire.operation("op1", revision: 2))
        do {
            _ = try await Wire.api(server).undo(merge)
            Issue.record("a 409 must throw")
        } catch let conflict as SynthesisConflict {
            #expect(conflict.current?.state == .invalidated && conflict.current?.revision == 3)
            #expect(conflict.description.contains("now invalidated, revision 3"))
        }
        let undo = try #require(server.requests.first)
        #expect(undo.jsonObject as? [String: Int] == ["expected_revision": 2])
    }

    @Test func aDreamingDecisionSendsTheRevisionAndTheDecision() async throws {
        let server = ScriptedServer()
        server.on("POST", "/v1/dreaming/op1/decision", .json(Wire.operation("op1", state: "rejected")))
        let proposal = try operation(Wire.operation("op1", state: "proposed", revision: 1))
        let decided = try await Wire.api(server).decide(proposal, .rejected)
        #expect(decided.state == .rejected)
        let body = try #require(server.requests.first?.jsonObject)
        #expect(body["decision"] as? String == "rejected" && body["expected_revision"] as? Int == 1)
    }

    @Test func theJournalDecodes() async throws {
        let server = ScriptedServer()
        server.on("GET", "/v1/dreaming", .json(Wire.journal))
        server.on("POST", "/v1/dreaming/schedule", .apiError(409, "conflict"))
        let api = Wire.api(server)
        let journal = try await api.dreaming()
        #expect(journal.schedule.revision == 4 && journal.runs.first?.outcome == .proposed)
        #expect(journal.runs.first?.chargedUSD == "0.04" && journal.runs.first?.proposals == 2)
        let conflict = await #expect(throws: DreamingScheduleConflict.self) {
            _ = try await api.setDreaming(paused: true, expectedRevision: 3)
        }
        #expect(conflict?.current?.revision == 4)
        let body = try #require(server.requests("POST", "/v1/dreaming/schedule").first?.jsonObject)
        #expect(body["paused"] as? Bool == true && body["expected_revision"] as? Int == 3)
    }
}
