import Foundation
import Testing
import VeetTestSupport
import VeetTransport
@testable import VeetSettings

@Suite struct PersonaRulesTests {
    @Test func theLimitsAreThirtyEntriesOfOneToFiveHundredCharacters() {
        let full = (1...30).map { PersonaEntry(text: "Entry \($0)") }
        #expect(PersonaRules.problems(full).isEmpty)
        #expect(PersonaRules.problems(full + [PersonaEntry(text: "one more")]) == [.tooManyEntries(count: 31)])
        #expect(PersonaRules.problems([PersonaEntry(text: String(repeating: "a", count: 500))]).isEmpty)
        #expect(PersonaRules.problems([PersonaEntry(text: "ok"), PersonaEntry(text: String(repeating: "a", count: 501))])
            == [.entryTooLong(index: 2, length: 501)])
        #expect(PersonaRules.problems([PersonaEntry(text: ""), PersonaEntry(text: "  ")])
            == [.emptyEntry(index: 1), .emptyEntry(index: 2)])
        // Counted as the server counts: code points (an emoji flag is two).
        #expect(PersonaRules.length("🇸🇪") == 2)
        #expect(PersonaRules.problems([PersonaEntry(text: String(repeating: "🇸🇪", count: 250))]).isEmpty)
        #expect(PersonaRules.problems([PersonaEntry(text: String(repeating: "🇸🇪", count: 251))])
            == [.entryTooLong(index: 1, length: 502)])
    }

    @Test func anEditedTextKeepsItsProvenance() {
        let previous = [PersonaEntry(text: "Call me Sam."),
                        PersonaEntry(text: "Prefers concise answers.", source: .affirmation, sourceBeliefID: "b1")]
        let edited = PersonaRules.entries(texts: ["Prefers concise answers.", "Reply in English."], editing: previous)
        #expect(edited == [previous[1], PersonaEntry(text: "Reply in English.")])
    }

    @Test func atMostFiveOpenNominationsOldestFirst() throws {
        let items = (1...7).map { PersonaNomination(id: "n\($0)", statement: "s") } + [
            PersonaNomination(id: "done", statement: "s", state: .declined)]
        var dated = items
        for index in dated.indices { dated[index].nominatedAt = Timestamp("2026-09-0\(8 - min(index, 7))T00:00:00Z") }
        let open = PersonaRules.openNominations(dated)
        #expect(open.count == 5 && !open.contains { $0.id == "done" })
        #expect(open.first?.id == "n7")
    }

    @Test func aConflictKeepsBothSides() {
        let mine = [PersonaEntry(text: "Call me Sam."), PersonaEntry(text: "Reply in English.")]
        let theirs = PersonaDocument(version: 7, entries: [PersonaEntry(text: "Call me Sam."),
                                                           PersonaEntry(text: "Never on Sundays.")])
        let conflict = PersonaConflict(mine: mine, theirs: theirs)
        #expect(conflict.combined.map(\.text) == ["Call me Sam.", "Never on Sundays.", "Reply in English."])
        #expect(conflict.onlyMine.map(\.text) == ["Reply in English."])
        #expect(conflict.onlyTheirs.map(\.text) == ["Never on Sundays."])
    }
}

@Suite struct PersonaAPITests {
    @Test func aSaveSendsTheClosedBodyWithTheExpectedVersion() async throws {
        let server = ScriptedServer()
        server.on("PUT", "/v1/persona", .json(Wire.persona(version: 6, ["Call me Sam.", "Be brief."])))
        let entries = [PersonaEntry(text: "Call me Sam."),
                       PersonaEntry(text: "Be brief.", source: .affirmation, sourceBeliefID: "b1")]
        let saved = try await Wire.api(server).savePersona(entries, expectedVersion: 5)
        #expect(saved.version == 6)
        let body = try Wire.body(try #require(server.requests.first))
        #expect(Set(body.keys) == ["expected_version", "entries"] && body["expected_version"] as? Int == 5)
        let written = try #require(body["entries"] as? [[String: Any]])
        #expect(written.map { Set($0.keys) } == Array(repeating: ["text", "sensitivity", "source_belief_id"], count: 2))
        #expect(written[0]["source_belief_id"] is NSNull && written[1]["source_belief_id"] as? String == "b1")
    }

    @Test func aPersonaOverTheLimitsIsRefusedBeforeSending() async throws {
        let server = ScriptedServer()
        let refused = await #expect(throws: PersonaRefused.self) {
            _ = try await Wire.api(server).savePersona([PersonaEntry(text: String(repeating: "x", count: 501))],
                                                       expectedVersion: 1)
        }
        #expect(refused?.problems == [.entryTooLong(index: 1, length: 501)])
        #expect(server.requests.isEmpty)
    }

    /// A stale version: the owner's entries and the server's re-read document, both kept.
    @Test func aConflictRereadsTheServersText() async throws {
        let server = ScriptedServer()
        server.on("PUT", "/v1/persona", .apiError(409, "conflict", message: "persona expected version 5 but head is 6"))
        server.on("GET", "/v1/persona", .json(Wire.persona(version: 6, ["Changed on the phone."])))
        let mine = [PersonaEntry(text: "My edit.")]
        let conflict = await #expect(throws: PersonaConflict.self) {
            _ = try await Wire.api(server).savePersona(mine, expectedVersion: 5)
        }
        #expect(conflict?.mine == mine)
        #expect(conflict?.theirs.version == 6 && conflict?.theirs.entries.map(\.text) == ["Changed on the phone."])
    }

    @Test func historyNominationsAffirmAndDecline() async throws {
        let server = ScriptedServer()
        server.on("GET", "/v1/persona/history", Wire.page([Wire.persona(version: 5), Wire.persona(version: 4, [])]))
        server.on("GET", "/v1/persona/nominations", Wire.page([Wire.nomination("n1"), ["no": "id"],
                                                               Wire.nomination("n2", state: "brand_new")]))
        server.on("POST", "/v1/persona/nominations/n1/affirm", .json(Wire.persona(version: 6, ["Call me Sam.", "Statement n1"])))
        var declined = Wire.nomination("n2", state: "declined")
        declined["resolved_at"] = "2026-09-02T00:00:00Z"
        server.on("POST", "/v1/persona/nominations/n2/decline", .json(declined))
        let api = Wire.api(server)
        #expect(try await api.personaHistory(limit: 999).map(\.version) == [5, 4])
        #expect(server.requests[0].queryValue("limit") == "200")
        let nominations = try await api.nominations()
        #expect(nominations.map(\.id) == ["n1", "n2"] && nominations[1].state == .unknown("brand_new"))
        #expect(server.requests[1].queryValue("state") == "nominated")
        #expect(try await api.affirm(nominationID: "n1").entries.last?.text == "Statement n1")
        #expect(try await api.decline(nominationID: "n2").state == .declined)
        #expect(server.requests.filter { $0.method == "POST" }.allSatisfy { $0.body == nil })
    }

    @Test func thePersonaDecodesTolerantly() throws {
        var json = Wire.persona(version: 0, [])
        json["entries"] = [["text": "Only text", "brand_new": 1]]
        json["source"] = "imported"
        let document = try JSONDecoder().decode(PersonaDocument.self, from: JSONSerialization.data(withJSONObject: json))
        #expect(document.entries == [PersonaEntry(text: "Only text")] && document.source == .unknown("imported"))
        #expect(PersonaDocument(version: 0, entries: []).isNeverWritten)
    }
}
