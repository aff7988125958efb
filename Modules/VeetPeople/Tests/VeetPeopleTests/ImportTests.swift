import Foundation
import Testing
import VeetTestSupport
import VeetTransport
@testable import VeetPeople

@Suite struct ImportRuleTests {
    func scope(_ change: (inout ImportScope) -> Void = { _ in }) -> ImportScope {
        var scope = ImportScope(accountIDs: ["default"], since: "2026-01-01T00:00:00Z", until: "2026-09-01T00:00:00Z",
                                maxCostUSD: Decimal(string: "5")!)
        change(&scope)
        return scope
    }

    @Test func aGoodScopeHasNoProblems() {
        #expect(ImportScopeRules.problems(scope()).isEmpty)
    }

    @Test func eachRuleSaysWhatToChange() {
        #expect(ImportScopeRules.problems(scope { $0.accountIDs = [] }).first?.contains("at least one chat") == true)
        #expect(ImportScopeRules.problems(scope { $0.until = "2025-01-01T00:00:00Z" }).first?.contains("before its end") == true)
        #expect(ImportScopeRules.problems(scope { $0.since = "2026-01-01" }).first?.contains("time zone offset") == true)
        #expect(ImportScopeRules.problems(scope { $0.maxRecords = 0 }).first?.contains("record limit") == true)
        #expect(ImportScopeRules.problems(scope { $0.maxCostUSD = 0 }).first?.contains("spending cap") == true)
        #expect(ImportScopeRules.problems(scope { $0.maxCostUSD = Decimal(string: "100.01")! }).count == 1)
        #expect(ImportScopeRules.problems(scope { $0.maxCostUSD = 100 }).isEmpty)
        #expect(ImportScopeRules.problems(scope { $0.personIDs = ["a", "b", "c", "d"] }).count == 1)
        #expect(ImportScopeRules.problems(scope { $0.accountIDs = ["a", "a"] }).first?.contains("more than once") == true)
        #expect(ImportScopeRules.problems(scope { $0.accountIDs = []; $0.sessionIDs = ["s"]; $0.emailSource = "mailbox" })
                    .first?.contains("mail account") == true)
    }

    @Test func moneyIsADecimalString() {
        #expect(ImportScope.money(5) == "5.00")
        #expect(ImportScope.money(Decimal(string: "0.5")!) == "0.50")
        #expect(ImportScope.money(Decimal(string: "0.125")!) == "0.125")
    }
}

@Suite struct ImportAPITests {
    static func job(_ state: String, revision: Int = 1) -> [String: Any] {
        ["id": "j1", "revision": revision, "state": state, "records_read": 10, "records_processed": 8,
         "spent_usd": "0.31", "reserved_usd": "1.00", "known_records": 410,
         "scope": ["session_ids": [String](), "account_ids": ["default"], "email_source": "retained",
                   "since": "2026-01-01T00:00:00.000Z", "until": "2026-09-01T00:00:00.000Z", "person_ids": [String](),
                   "excluded_source_ids": [String](), "max_records": 2000, "max_cost_usd": "5.00"]]
    }

    @Test func everyPhaseSendsWhatTheContractAsks() async throws {
        let server = ScriptedServer()
        server.on("POST", "/v1/people/imports") { request in
            switch request.jsonObject?["phase"] as? String {
            case "preview": .json(Self.job("preview"))
            case "apply": .json(Self.job("queued", revision: 2))
            default: .json(Self.job("queued", revision: 4))
            }
        }
        server.on("POST", "/v1/people/imports/j1/cancel", .json(Self.job("cancelled", revision: 3)))
        let api = Wire.api(server)
        let scope = ImportScope(accountIDs: ["default"], since: "2026-01-01T00:00:00.000Z",
                                until: "2026-09-01T00:00:00.000Z", maxCostUSD: 5)
        let preview = try await api.previewImport(scope)
        #expect(preview.spentUSD == Decimal(string: "0.31"))
        #expect(preview.progressText == "8 of 410 records analysed, $0.31 spent ($1.00 reserved)")
        let started = try await api.applyImport(preview)
        #expect(started.state.isActive)
        let cancelled = try await api.cancelImport(started)
        #expect(cancelled.state.isResumable)
        _ = try await api.resumeImport(cancelled, maxCostUSD: Decimal(string: "7.5"))
        let bodies = server.requests.compactMap(\.jsonObject)
        #expect(bodies[0]["phase"] as? String == "preview")
        #expect(bodies[0]["operation_id"] == nil && bodies[0]["expected_revision"] == nil)
        #expect((bodies[0]["scope"] as? [String: Any])?["max_cost_usd"] as? String == "5.00")
        #expect(bodies[1]["operation_id"] as? String == "j1" && bodies[1]["expected_revision"] as? Int == 1)
        #expect(Set(bodies[2].keys) == ["expected_revision"])
        #expect(bodies[3]["phase"] as? String == "resume")
        #expect((bodies[3]["scope"] as? [String: Any])?["max_cost_usd"] as? String == "7.50")
        #expect(server.requests.allSatisfy { $0.header("Idempotency-Key") != nil && $0.queryValue("ceiling") == "restricted" })
    }

    @Test func aScopeThatBreaksARuleIsNotSent() async throws {
        let server = ScriptedServer()
        let scope = ImportScope(since: "2026-01-01T00:00:00Z", until: "2026-09-01T00:00:00Z", maxCostUSD: 5)
        await #expect(throws: ImportScopeError.self) { try await Wire.api(server).previewImport(scope) }
        #expect(server.requests.isEmpty)
    }
}
