import Foundation
import Testing
import VeetFixture

/// The memory routes on the wire (docs/wire/memory.md): the ceiling, idempotency keys,
/// the framework texts, the seeded data and the flags that switch families off.
@Suite struct MemoryRouteTests {
    static let restricted = "ceiling=restricted"

    private func items(_ response: TestResponse) -> [[String: Any]] {
        response.object["items"] as? [[String: Any]] ?? []
    }

    private func all(_ harness: Harness, _ query: String) throws -> [[String: Any]] {
        var found: [[String: Any]] = []
        var cursor: String?
        repeat {
            let page = try harness.request("GET", "/v1/memories?\(Self.restricted)&limit=200&\(query)"
                                           + (cursor.map { "&cursor=\($0)" } ?? ""))
            #expect(page.status == 200)
            found += items(page)
            cursor = page.object["next_cursor"] as? String
        } while cursor != nil
        return found
    }

    @Test func theSeedHasEveryTypeAndStatusAndFlagsWhatCameFromEmail() throws {
        let harness = try Harness()
        let statuses = "status=candidate&status=provisional&status=active&status=superseded&status=expired&status=retired"
        let everything = try all(harness, statuses)
        #expect(everything.count >= 60)
        #expect(Set(everything.compactMap { $0["status"] as? String }).count == 6)
        #expect(Set(everything.compactMap { $0["belief_type"] as? String }).count == 5)
        let email = everything.filter { $0["derivation"] as? String == "email" }
        #expect(!email.isEmpty && email.allSatisfy { $0["flagged_for_review"] as? Bool == true })
        let live = try all(harness, "")
        #expect(live.allSatisfy { ["candidate", "provisional", "active"].contains($0["status"] as? String) })
        let queue = try all(harness, "flagged=true")
        #expect(!queue.isEmpty && queue.allSatisfy { $0["flagged_for_review"] as? Bool == true })
        let first = try #require(live.first)
        for key in ["claim_kind", "derivation", "longevity", "last_evidence_at", "formation_run_id",
                    "consolidation_policy_version", "origin_scopes", "source_event_ids"] {
            #expect(first[key] != nil, "\(key)")
        }
    }

    @Test func theCeilingIsRequiredAndHidesWhatIsAboveIt() throws {
        let harness = try Harness()
        #expect(try harness.request("GET", "/v1/memories").status == 400)
        #expect(try harness.request("GET", "/v1/memories?ceiling=secret").status == 400)
        let synthesis = try harness.request("GET", "/v1/memory-reconsolidations")
        #expect(synthesis.status == 400 && (synthesis.object["error"] as? [String: Any])?["code"] as? String == "validation_error")
        let restricted = try all(harness, "")
        let hidden = try #require(restricted.first { $0["sensitivity"] as? String == "restricted" })
        let id = try #require(hidden["id"] as? String)
        #expect(try harness.request("GET", "/v1/memories/\(id)?ceiling=internal").status == 404)
        #expect(try harness.request("GET", "/v1/memories/\(id)?\(Self.restricted)").status == 200)
        let page = try harness.request("GET", "/v1/memories?ceiling=public&limit=200")
        #expect(items(page).allSatisfy { $0["sensitivity"] as? String == "public" })
        #expect(try harness.request("GET", "/v1/memories?\(Self.restricted)&flagged=maybe").status == 400)
    }

    @Test func reviewAndDeleteNeedAKeyAndReplayIt() throws {
        let harness = try Harness()
        let id = try #require(try all(harness, "flagged=true").first?["id"] as? String)
        let path = "/v1/memories/\(id)/review?\(Self.restricted)"
        #expect(try harness.request("POST", path, body: #"{"outcome":"dismiss"}"#).status == 400)  // no key
        #expect(try harness.request("POST", path, headers: [("Idempotency-Key", "k0")], body: #"{"outcome":"changed"}"#)
            .status == 400)
        let reviewed = try harness.request("POST", path, headers: [("Idempotency-Key", "k1")], body: #"{"outcome":"dismiss"}"#)
        #expect(reviewed.status == 200 && reviewed.object["flagged_for_review"] as? Bool == false)
        #expect(reviewed.header("cache-control") == "private, no-store")
        #expect(try all(harness, "").first?["id"] as? String == id)  // moved to the top
        let other = try harness.request("POST", path, headers: [("Idempotency-Key", "k1")], body: #"{"outcome":"untrue"}"#)
        #expect(other.status == 409)

        let delete = "/v1/memories/\(id)?\(Self.restricted)"
        #expect(try harness.request("DELETE", delete, headers: [("Idempotency-Key", "d1")]).status == 204)
        #expect(try harness.request("DELETE", delete, headers: [("Idempotency-Key", "d1")]).status == 204)
        let again = try harness.request("DELETE", delete, headers: [("Idempotency-Key", "d2")])
        #expect(again.status == 404)
        #expect((again.object["error"] as? [String: Any])?["message"] as? String != "The requested resource was not found.")
        #expect(try harness.request("POST", path, headers: [("Idempotency-Key", "k1")], body: #"{"outcome":"dismiss"}"#)
            .status == 404)  // after a delete, replay is 404
    }

    @Test func eachFamilyTurnsOffOnItsOwn() throws {
        var options = FixtureOptions.testing
        options.memoryDreaming = false
        let noDreaming = try Harness(options: options)
        #expect(try noDreaming.request("GET", "/v1/dreaming").status == 404)
        #expect(try noDreaming.request("GET", "/v1/memory-reconsolidations?\(Self.restricted)").status == 200)
        options.memorySynthesis = false
        let noSynthesis = try Harness(options: options)
        #expect(try noSynthesis.request("GET", "/v1/memory-reconsolidations?\(Self.restricted)").status == 404)
        #expect(try noSynthesis.request("GET", "/v1/memories?\(Self.restricted)").status == 200)
        options.memory = false
        let none = try Harness(options: options)
        #expect(try none.request("GET", "/v1/memories?\(Self.restricted)").status == 404)
        #expect(FixtureOptions.testing.applying(.snapshot).memory == false)
    }

    @Test func withoutTheWriteScopeOrChangesWritesAreRefused() throws {
        var options = FixtureOptions.testing
        options.memoryWriteScope = false
        let readOnly = try Harness(options: options)
        let id = try #require(try all(readOnly, "").first?["id"] as? String)
        let denied = try readOnly.request("POST", "/v1/memories/\(id)/review?\(Self.restricted)",
                                          headers: [("Idempotency-Key", "k")], body: #"{"outcome":"dismiss"}"#)
        #expect(denied.status == 403)
        options = .testing
        options.memoryChanges = false
        let browser = try Harness(options: options)
        let review = try browser.request("POST", "/v1/memories/\(id)/review?\(Self.restricted)",
                                         headers: [("Idempotency-Key", "k")], body: #"{"outcome":"dismiss"}"#)
        #expect(review.status == 404)
        #expect((review.object["error"] as? [String: Any])?["message"] as? String == "The requested resource was not found.")
        let delete = try browser.request("DELETE", "/v1/memories/\(id)?\(Self.restricted)", headers: [("Idempotency-Key", "k")])
        #expect(delete.status == 400)
        #expect((delete.object["error"] as? [String: Any])?["message"] as? String == "The HTTP request is not supported.")
    }

    @Test func synthesisHasEveryStateAndDreamingAJournal() throws {
        let harness = try Harness()
        let page = try harness.request("GET", "/v1/memory-reconsolidations?\(Self.restricted)&limit=100")
        let states = Set(items(page).compactMap { $0["state"] as? String })
        #expect(states == ["proposed", "committed", "rejected", "stale", "invalidated", "undone"])
        #expect(Set(items(page).compactMap { $0["kind"] as? String }) == ["merge", "summary", "hypothesis", "conflict"])
        let journal = try harness.request("GET", "/v1/dreaming?\(Self.restricted)")
        #expect((journal.object["schedule"] as? [String: Any])?["paused"] as? Bool == false)
        #expect(Set((journal.object["runs"] as? [[String: Any]] ?? []).compactMap { $0["outcome"] as? String }).count == 6)
        let stale = try harness.request("POST", "/v1/dreaming/schedule?\(Self.restricted)",
                                        body: #"{"expected_revision":9,"paused":true}"#)
        #expect(stale.status == 409)
        let paused = try harness.request("POST", "/v1/dreaming/schedule?\(Self.restricted)",
                                         body: #"{"expected_revision":1,"paused":true}"#)
        #expect(paused.object["paused"] as? Bool == true && paused.object["revision"] as? Int == 2)
    }
}
