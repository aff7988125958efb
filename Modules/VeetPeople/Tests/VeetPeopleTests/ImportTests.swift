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

/// A server without imports (issue 36): only the imports are hidden, never "People is not enabled".
@Suite struct ImportsMissingTests {
    static let missing = HTTPResponse.apiError(404, "not_found", message: "The requested resource was not found.")

    @Test func everyImportCallSaysOnlyTheImportsAreMissing() async throws {
        let server = ScriptedServer()
        server.on("GET", "/v1/people", Wire.page([Wire.person("p1", "Maya Chen")]))
        server.on("GET", "/v1/people/imports", .apiError(400, "malformed_request", message: "person_id is not a UUID"))
        server.on("POST", "/v1/people/imports", Self.missing)
        let api = Wire.api(server)
        #expect(try await api.directory().map(\.id) == ["p1"])
        #expect(try await api.importsIfOffered() == nil)
        let listed = await #expect(throws: PeopleError.self) { _ = try await api.imports() }
        #expect(listed == .partUnavailable(.imports))
        #expect(listed?.description == "This server does not offer history imports; the rest of People works.")
        let scope = ImportScope(accountIDs: ["default"], since: "2026-01-01T00:00:00.000Z",
                                until: "2026-09-01T00:00:00.000Z", maxCostUSD: 5)
        let preview = await #expect(throws: PeopleError.self) { _ = try await api.previewImport(scope) }
        #expect(preview == .partUnavailable(.imports))
        // What the apps ask of any failure says the same.
        #expect(PeopleError.from(PeopleError.partUnavailable(.imports), isWrite: true) == .partUnavailable(.imports))
    }

    @Test func anUnknownJobOrARefusedWriteIsNotAMissingRoute() async throws {
        let server = ScriptedServer()
        server.on("GET", "/v1/people/imports/j9", .apiError(404, "not_found", message: "import job not found"))
        server.on("POST", "/v1/people/imports", .apiError(400, "malformed_request", message: "since must have an offset"))
        let api = Wire.api(server)
        let unknown = await #expect(throws: APIError.self) { _ = try await api.importJob(id: "j9") }
        #expect(unknown?.status == 404)
        let scope = ImportScope(accountIDs: ["default"], since: "2026-01-01T00:00:00.000Z",
                                until: "2026-09-01T00:00:00.000Z", maxCostUSD: 5)
        await #expect(throws: APIError.self) { _ = try await api.previewImport(scope) }
    }
}

/// Merge suggestions exist on newer servers only (docs/wire/people.md §2): any failure there is "none",
/// and the directory beside them is untouched.
@Suite struct SuggestionsMissingTests {
    @Test(arguments: [400, 404, 405])
    func suggestionsMissingAreNoneAndTheDirectoryStillReads(status: Int) async throws {
        let server = ScriptedServer()
        server.on("GET", "/v1/people", Wire.page([Wire.person("p1", "Maya Chen")]))
        server.on("GET", "/v1/people/merge-suggestions", .apiError(status, "not_found", message: "The requested resource was not found."))
        let api = Wire.api(server)
        #expect(await api.mergeSuggestions().isEmpty)
        #expect(try await api.directory().map(\.id) == ["p1"])
    }
}
