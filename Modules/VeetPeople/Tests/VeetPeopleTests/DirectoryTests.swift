import Foundation
import Testing
import VeetTestSupport
import VeetTransport
@testable import VeetPeople

@Suite struct DirectoryTests {
    @Test func theDirectoryFollowsEveryCursorWithTheRestrictedCeiling() async throws {
        let server = ScriptedServer()
        server.on("GET", "/v1/people") { request in
            switch request.queryValue("cursor") {
            case nil: Wire.page([Wire.person("p1", "Maya Chen"), Wire.person("p2", "Jules")], next: "c1")
            case "c1"?: Wire.page([Wire.person("p2", "Jules"), Wire.person("p3", "Ana")])
            default: Wire.page([])
            }
        }
        let people = try await Wire.api(server).directory(DirectoryQuery(collection: .pinned, text: "ma"))
        #expect(people.map(\.displayName) == ["Maya Chen", "Jules", "Ana"])  // p2 twice, kept once
        let first = try #require(server.requests.first)
        #expect(first.queryValue("ceiling") == "restricted")
        #expect(first.queryValues("state") == ["active", "provisional"])
        #expect(first.queryValue("pinned") == "true")
        #expect(first.queryValue("text") == "ma")
        #expect(first.queryValue("limit") == "100")
        #expect(server.requests.last?.queryValue("cursor") == "c1")
    }

    @Test func aRepeatedCursorIsAnInvalidAnswerNotALoop() async throws {
        let server = ScriptedServer()
        server.on("GET", "/v1/people", Wire.page([Wire.person("p1", "Maya")], next: "same"))
        await #expect(throws: InvalidResponseError.self) { try await Wire.api(server).directory() }
        #expect(server.requests.count == 2)
    }

    @Test func unknownFieldsAndValuesAreTolerated() async throws {
        let server = ScriptedServer()
        server.on("GET", "/v1/people", Wire.page([Wire.person("p1", "Maya", state: "archived_v9")]))
        let person = try #require(try await Wire.api(server).directory().first)
        #expect(person.state == .unknown("archived_v9"))
        #expect(person.state.rawValue == "archived_v9")
    }

    @Test func aServerWithoutPeopleSaysSo() async throws {
        let server = ScriptedServer()
        server.on("GET", "/v1/people", .apiError(404, "not_found", message: "The requested resource was not found."))
        do {
            _ = try await Wire.api(server).directory()
            Issue.record("expected a failure")
        } catch {
            #expect(PeopleAPI.meansUnavailable(error))
            #expect(PeopleError.from(error, isWrite: false) == .unavailable)
        }
    }

    @Test func aPersonNotFoundIsNotAMissingFeature() async throws {
        let server = ScriptedServer()
        server.on("GET", "/v1/people/*", .apiError(404, "not_found", message: "person not found"))
        do {
            _ = try await Wire.api(server).profile(id: "nobody")
            Issue.record("expected a failure")
        } catch {
            #expect(PeopleError.from(error, isWrite: false) == nil)
        }
    }

    @Test func mergeSuggestionsAreOptional() async throws {
        for failure in [HTTPResponse.apiError(400, "malformed_request"), .apiError(404, "not_found"),
                        .apiError(405, "method_not_allowed"), .apiError(500, "internal_error"), .json(["nonsense": 1])] {
            let server = ScriptedServer()
            server.on("GET", "/v1/people/merge-suggestions", failure)
            #expect(await PeopleAPI(sender: server.sender, retry: .never).mergeSuggestions().isEmpty)
        }
        let server = ScriptedServer()
        server.on("GET", "/v1/people/merge-suggestions", Wire.page([
            ["id": "s1", "revision": 1, "source": Wire.person("p1", "Maya"), "target": Wire.person("p2", "Maya Chen"),
             "reason": "first_name", "family_name": false, "state": "open"],
            ["id": "s2", "revision": 1, "source": Wire.person("p3", "A"), "target": Wire.person("p4", "B"),
             "reason": "same_name", "family_name": false, "state": "separated"],
        ]))
        let open = await Wire.api(server).mergeSuggestions()
        #expect(open.map(\.id) == ["s1"])
        #expect(open.first?.reasonText == "Same first name")
    }
}

@Suite struct ProfileTests {
    static var profile: [String: Any] { [
        "person": Wire.person("p1", "Maya Chen", revision: 3),
        "aliases": [["kind": "identifier", "id": "i1", "revision": 1, "identifier_kind": "email", "value": "maya@example.com",
                     "verification": "channel_observed", "namespace": "owner", "context": "owner"]],
        "relationships": [["kind": "relationship", "id": "r1", "revision": 1, "subject": ["kind": "person", "id": "p1"],
                           "object": ["kind": "person", "id": "P9"], "predicate": "colleague", "precision": "year",
                           "valid_from": "2024-06-01T00:00:00Z", "source_timezone": NSNull()]],
        "history": [["kind": "interaction", "id": "h1", "revision": 1, "channel": "email", "interaction_kind": "exchange",
                     "summary": "Agreed on the budget", "occurred_at": "2026-03-14T23:30:00Z", "precision": "day",
                     "source_timezone": "Asia/Tokyo", "participants": [["person_id": "p1", "role": "sender"]]]],
        "commitments": [], "facts": [["id": "f1", "statement": "Allergic to peanuts", "status": "active"]],
        "fact_revisions": ["f1": 2], "related_labels": ["p9": "Jules"], "truncated": true,
        "coverage": "Only recorded, permitted evidence is shown.",
        "merge_suggestions": [], "automatic_merges": [["operation_id": "op9", "revision": 1,
                                                      "merged": Wire.person("p7", "M. Chen"), "merged_at": "2026-07-01T00:00:00Z"]],
    ] }

    @Test func theProfileReadsEverySection() async throws {
        let server = ScriptedServer()
        server.on("GET", "/v1/people/p1", .json(Self.profile))
        let profile = try await Wire.api(server).profile(id: "p1")
        #expect(profile.person.revision == 3)
        #expect(profile.aliases.first?.identifierKind == .email)
        #expect(profile.label(for: profile.relationships[0].object) == "Jules")
        #expect(profile.label(for: .owner) == "you")
        #expect(HistoryDate.text(of: profile.history[0]) == "15 March 2026")
        #expect(profile.factRevisions["f1"] == 2)
        #expect(profile.truncated)
        #expect(profile.automaticMerges.first?.operationID == "op9")
        #expect(server.requests.first?.queryValue("ceiling") == "restricted")
    }

    @Test func sectionsPageThroughTheirRoutes() async throws {
        let server = ScriptedServer()
        server.on("GET", "/v1/people/p1/history") { request in
            request.queryValue("cursor") == nil
                ? .json(["items": [["id": "h1", "channel": "sms", "summary": "a"]], "next_cursor": "n"])
                : .json(["items": [["id": "h2", "channel": "email", "summary": "b"]], "next_cursor": NSNull()])
        }
        server.on("GET", "/v1/people/p1/facts",
                  .json(["items": [["id": "f1", "statement": "s"]], "next_cursor": NSNull(), "fact_revisions": ["f1": 4]]))
        let api = Wire.api(server)
        #expect(try await api.history(personID: "p1").map(\.id) == ["h1", "h2"])
        let facts = try await api.facts(personID: "p1")
        #expect(facts.revisions == ["f1": 4])
    }

    @Test func openThreadsArePlainIdsFromTheEvidence() throws {
        let json = #"[{"reference":"a","email_thread_id":"t1"},{"reference":"b","email_thread_id":"t1"},{"reference":"c"}]"#
        let evidence = try JSONDecoder().decode([EvidenceReference].self, from: Data(json.utf8))
        #expect(PersonProfile.openThreadIDs(evidence) == ["t1"])
    }
}
