import Foundation
import Testing
import VeetTransport
import VeetWire
@testable import VeetStore

/// Which sessions are the owner's conversations and which the server runs for itself.
@Suite struct SessionKindTests {
    @Test func aRunKindOfAnyValueIsTheServersOwn() {
        #expect(SessionKind(metadata: .object(["run_kind": .string("skill_background_review")]))
                == .serversOwn(field: "run_kind", value: "skill_background_review"))
        // A kind this client has never heard of still marks the server's own run.
        #expect(SessionKind(metadata: .object(["run_kind": .string("memory_consolidation_v9")]))
                == .serversOwn(field: "run_kind", value: "memory_consolidation_v9"))
        #expect(SessionKind(metadata: .object(["run_kind": .int(3)])) == .serversOwn(field: "run_kind", value: "3"))
        #expect(SessionKind(metadata: .object(["run_kind": .string("")])).isOwners == false)
        #expect(SessionKind(metadata: .object(["run_kind": .null])) == .owners)
    }

    @Test func onlyThePeoplePurposesAreTheServersOwn() {
        #expect(SessionKind(metadata: .object(["purpose": .string("people-management")]))
                == .serversOwn(field: "purpose", value: "people-management"))
        #expect(SessionKind(metadata: .object(["purpose": .string("people-import")]))
                == .serversOwn(field: "purpose", value: "people-import"))
        // docs/wire/people.md §1: a session with another purpose stays listed.
        #expect(SessionKind(metadata: .object(["purpose": .string("trip-planning")])) == .owners)
        #expect(SessionKind(metadata: .object(["client": .string("veet")])) == .owners)
        #expect(SessionKind(metadata: .object([:])) == .owners)
        #expect(SessionKind(metadata: .null) == .owners)
    }

    @Test func theMarkNamesTheServersKind() {
        #expect(SessionKind.owners.mark == nil)
        #expect(SessionKind(metadata: .object(["run_kind": .string("skill_background_review")])).mark
                == "server: skill_background_review")
        #expect(SessionKind(metadata: .object(["run_kind": .string("")])).mark == "server: unnamed")
    }

    @Test func theIndexKeepsOnlyTheOwnersConversationsAndWatchesOnlyTheirRuns() async throws {
        let (store, _) = try makeStore()
        var review = view("review", title: "Skill background review", updated: 9,
                          metadata: .object(["run_kind": .string("skill_background_review")]))
        review.activeRunID = "stuck-run"
        var unknownKind = view("future", updated: 8, metadata: .object(["run_kind": .string("something_new")]))
        unknownKind.activeRunID = "stuck-run-2"
        var chat = view("chat", title: "Trip", updated: 7)
        chat.activeRunID = "owners-run"
        let otherPurpose = view("purposed", title: "Planning", updated: 6, metadata: .object(["purpose": .string("trip-planning")]))
        let report = try await store.reconcile(from: FakeIndex([review, unknownKind, chat, otherPurpose]))
        #expect(Set(report.added) == ["chat", "purposed"])
        #expect(try store.sessions().map(\.id) == ["chat", "purposed"])
        #expect(try store.sessionCount() == 2)
        #expect(try store.activeRuns() == [ActiveRun(sessionID: "chat", runID: "owners-run")])
        // A point read (after a create or an open) does not store one either.
        #expect(try store.upsert(session: review) == false)
        #expect(try store.session(id: "review") == nil)
    }
}
