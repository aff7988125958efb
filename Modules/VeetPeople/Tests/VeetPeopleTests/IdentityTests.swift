import Foundation
import Testing
import VeetTestSupport
import VeetTransport
@testable import VeetPeople

@Suite struct IdentityTests {
    let maya = Person(id: "p1", revision: 3, displayName: "Maya")
    let mayaChen = Person(id: "p2", revision: 5, displayName: "Maya Chen")

    func decode(_ object: [String: Any]) throws -> IdentityOperation {
        try JSONDecoder().decode(IdentityOperation.self, from: JSONSerialization.data(withJSONObject: object))
    }

    @Test func aMergeIsPreviewedThenAppliedWithThePreviewsRevision() async throws {
        let server = ScriptedServer()
        server.on("POST", "/v1/people/identity-operations") { request in
            request.jsonObject?["operation"] as? String == "merge"
                ? .json(Wire.operation("op1", revision: 2))
                : .json(Wire.operation("op1", state: "completed", revision: 3))
        }
        let api = Wire.api(server)
        let preview = try await api.previewMerge(source: maya, into: mayaChen)
        #expect(preview.state == .preview)
        #expect(preview.assignments.first?.afterPersonID == "p2")
        #expect(preview.automatic == false)  // absent ⇒ false
        let done = try await api.apply(preview)
        #expect(done.state == .completed)
        let bodies = server.requests.compactMap(\.jsonObject)
        #expect(bodies[0]["source_id"] as? String == "p1")
        #expect(bodies[0]["target_id"] as? String == "p2")
        #expect(bodies[0]["expected_revisions"] as? [String: Int] == ["p1": 3, "p2": 5])
        #expect(bodies[0]["session_id"] as? String == Wire.audit)
        #expect(bodies[1]["operation"] as? String == "apply")
        #expect(bodies[1]["operation_id"] as? String == "op1")
        #expect(bodies[1]["expected_revision"] as? Int == 2)
        #expect(Set(bodies[1].keys) == ["session_id", "operation", "operation_id", "expected_revision"])
        for request in server.requests {
            #expect(request.queryValue("ceiling") == "restricted")
            #expect(request.header("Idempotency-Key") != nil)
        }
        #expect(server.requests[0].header("Idempotency-Key") != server.requests[1].header("Idempotency-Key"))
    }

    @Test func anExpiredPreviewIsRefusedWithoutARequest() async throws {
        let server = ScriptedServer()
        let preview = try decode(Wire.operation("op1", expires: "2026-08-01T10:00:00Z"))
        let later = try #require(Timestamp("2026-08-01T10:00:30Z").date)
        await #expect(throws: PeopleError.previewExpired(operationID: "op1")) {
            try await Wire.api(server).apply(preview, now: later)
        }
        #expect(server.requests.isEmpty)
    }

    @Test func aConflictOnApplyShowsTheReReadState() async throws {
        let server = ScriptedServer()
        server.on("POST", "/v1/people/identity-operations",
                  .apiError(409, "conflict", message: "stale", reason: "stale_revision"))
        server.on("GET", "/v1/people/operations/op1", .json(Wire.operation("op1", state: "cancelled", revision: 4)))
        let preview = try decode(Wire.operation("op1"))
        do {
            _ = try await Wire.api(server).apply(preview)
            Issue.record("expected a conflict")
        } catch let conflict as IdentityConflict {
            #expect(conflict.current?.state == .cancelled)
            #expect(conflict.description.contains("nothing was applied"))
            #expect(conflict.description.contains("now cancelled (revision 4)"))
        }
        #expect(server.requests("GET", "/v1/people/operations/op1").count == 1)
    }

    @Test func aSplitSendsTheSelectedEntities() async throws {
        let server = ScriptedServer()
        server.on("POST", "/v1/people/identity-operations", .json(Wire.operation("op2")))
        _ = try await Wire.api(server).previewSplit(mayaChen, selecting: ["e1", "e2"])
        let body = try #require(server.requests.first?.jsonObject)
        #expect(body["operation"] as? String == "split")
        #expect(body["source_id"] as? String == "p2")
        #expect(body["selected_ids"] as? [String] == ["e1", "e2"])
        #expect(body["target_id"] == nil)
    }

    @Test func undoNamesTheCompletedOperation() async throws {
        let server = ScriptedServer()
        server.on("POST", "/v1/people/identity-operations", .json(Wire.operation("op3", state: "completed")))
        _ = try await Wire.api(server).undo(operationID: "op9", expectedRevision: 1)
        let body = try #require(server.requests.first?.jsonObject)
        #expect(body["operation"] as? String == "undo")
        #expect(body["operation_id"] as? String == "op9")
    }

    @Test func aSuggestionIsAnsweredWithAClosedBody() async throws {
        let server = ScriptedServer()
        let suggestion: [String: Any] = ["id": "s1", "revision": 2, "source": Wire.person("p1", "Maya"),
                                         "target": Wire.person("p2", "Maya Chen"), "reason": "nickname",
                                         "family_name": true, "state": "separated"]
        server.on("POST", "/v1/people/merge-suggestions/s1", .json(suggestion))
        let decoded = try JSONDecoder().decode(MergeSuggestion.self, from: JSONSerialization.data(withJSONObject: suggestion))
        let answer = try await Wire.api(server).decide(decoded, .separate)
        #expect(answer.state == .separated)
        let body = try #require(server.requests.first?.jsonObject)
        #expect(Set(body.keys) == ["session_id", "expected_revision", "decision"])
        #expect(body["decision"] as? String == "separate")
        #expect(server.requests.first?.queryValue("ceiling") == "restricted")
    }

    @Test func aRetryReusesTheKeyAndTheBody() async throws {
        let server = ScriptedServer()
        server.on("POST", "/v1/people/identity-operations",
                  sequence: [.apiError(503, "service_unavailable"), .json(Wire.operation("op1"))])
        _ = try await Wire.api(server).previewMerge(source: maya, into: mayaChen)
        #expect(server.requests.count == 2)
        #expect(server.requests[0].header("Idempotency-Key") == server.requests[1].header("Idempotency-Key"))
        #expect(server.requests[0].body == server.requests[1].body)
    }

    @Test func aWriteWithoutAnAuditSessionIsNotSent() async throws {
        let server = ScriptedServer()
        await #expect(throws: PeopleError.noAuditSession) {
            try await PeopleAPI(sender: server.sender).setPinned(true, person: maya)
        }
        #expect(server.requests.isEmpty)
    }
}

@Suite struct WriteTests {
    let maya = Person(id: "p1", revision: 3, displayName: "Maya")

    @Test func editsSendTheExpectedRevision() async throws {
        let server = ScriptedServer()
        server.on("PATCH", "/v1/people/p1", .json(Wire.person("p1", "Maya", revision: 4, pinned: true)))
        let api = Wire.api(server)
        let pinned = try await api.setPinned(true, person: maya)
        #expect(pinned.pinned && pinned.revision == 4)
        _ = try await api.edit(personID: "p1", expectedRevision: 4,
                               PersonEdit(addContact: .init(kind: .email, value: "maya@example.com")))
        let bodies = server.requests.compactMap(\.jsonObject)
        #expect(bodies[0]["expected_revision"] as? Int == 3)
        #expect(bodies[0]["pinned"] as? Bool == true)
        #expect(Set(bodies[0].keys) == ["session_id", "expected_revision", "pinned"])
        let alias = try #require(bodies[1]["alias"] as? [String: Any])
        #expect(alias["operation"] as? String == "add")
        #expect(alias["identifier_kind"] as? String == "email")
    }

    @Test func aStaleRevisionSaysChangedElsewhere() async throws {
        let server = ScriptedServer()
        server.on("PATCH", "/v1/people/p1", .apiError(409, "conflict", message: "stale"))
        do {
            _ = try await Wire.api(server).rename(maya, to: "Maya C.")
            Issue.record("expected a conflict")
        } catch {
            let meaning = try #require(PeopleError.from(error, isWrite: true))
            #expect(meaning.description.contains("changed on another device"))
        }
    }

    @Test func anEditRefusedAsChangedElsewhereReadsThePersonAgain() async throws {
        let server = ScriptedServer()
        server.on("PATCH", "/v1/people/p1", .apiError(409, "conflict", message: "stale"))
        server.on("GET", "/v1/people/p1", .json(["person": Wire.person("p1", "Maya Chen", revision: 4)]))
        do {
            _ = try await Wire.api(server).editReadingBack(personID: "p1", expectedRevision: 1, PersonEdit(pinned: true))
            Issue.record("expected a conflict")
        } catch let changed as PersonChangedElsewhere {
            #expect(changed.refusal == .changedElsewhere)
            #expect(changed.current?.person.revision == 4)
            #expect(changed.description.contains("changed on another device"))
        }
        // A reused idempotency key is not a change elsewhere: the error goes through as it came.
        let reused = ScriptedServer()
        reused.on("PATCH", "/v1/people/p1", .apiError(409, "conflict", message: "reused", reason: "idempotency_key_reused"))
        await #expect(throws: APIError.self) {
            _ = try await Wire.api(reused).editReadingBack(personID: "p1", expectedRevision: 1, PersonEdit(pinned: true))
        }
    }

    @Test func aMissingWriteScopeHidesTheWritesWithTheReason() async throws {
        let server = ScriptedServer()
        server.on("PATCH", "/v1/people/p1", .apiError(403, "authorization_error"))
        var access = PeopleWriteAccess()
        #expect(access.showsWrites)
        do {
            _ = try await Wire.api(server).setPinned(true, person: maya)
        } catch {
            access = access.after(error)
            #expect(PeopleError.from(error, isWrite: true)?.description.contains("people.write") == true)
        }
        #expect(!access.showsWrites)
        #expect(access.deniedReason?.contains("people.write") == true)
        // Another failure leaves it as it is.
        #expect(PeopleWriteAccess().after(APIError(status: 500, code: .internalError, message: "x")).showsWrites)
    }

    @Test func correctionsSendTheBeliefsRevisionAndPosition() async throws {
        let server = ScriptedServer()
        server.on("POST", "/v1/people/p1/corrections",
                  .json(["person_revision": 4, "belief": NSNull(), "removed": false, "erasure": NSNull()]))
        let result = try await Wire.api(server).correct(
            personID: "p1", Correction(beliefID: "f1", kind: .neverTrue, expectedRevision: 2, expectedPosition: 3))
        #expect(result.personRevision == 4)
        let body = try #require(server.requests.first?.jsonObject)
        #expect(body["operation"] as? String == "reject")
        #expect(body["expected_revision"] as? Int == 2)
        #expect(body["expected_position"] as? Int == 3)
        #expect(body["statement"] == nil)
    }

    @Test func forgetIsPreviewedAppliedAndPolled() async throws {
        let server = ScriptedServer()
        server.on("POST", "/v1/people/p1/forget") { request in
            request.jsonObject?["phase"] as? String == "preview"
                ? .json(["id": "e1", "revision": 1, "state": "preview", "counts": ["fact": 2, "interaction": 5],
                         "scope": "Original messages stay in their source."])
                : .json(["id": "e1", "revision": 2, "state": "cleanup_pending", "counts": [:]])
        }
        server.on("GET", "/v1/people/operations/e1", sequence: [
            .json(Wire.operation("e1", state: "cleanup_pending")), .json(Wire.operation("e1", state: "completed")),
        ])
        let api = Wire.api(server)
        let preview = try await api.previewForget(maya)
        #expect(preview.counts == ["fact": 2, "interaction": 5])
        #expect(preview.scope == "Original messages stay in their source.")
        let applied = try await api.applyForget(personID: "p1", preview: preview)
        #expect(applied.state == .cleanupPending)
        let done = try await api.waitForCompletion(operationID: applied.id, interval: .milliseconds(1))
        #expect(done.state == .completed)
        let bodies = server.requests.compactMap(\.jsonObject)
        #expect(bodies[0]["expected_revision"] as? Int == 3)
        #expect(bodies[1]["operation_id"] as? String == "e1")
        #expect(bodies[1]["expected_revision"] as? Int == 1)
        #expect(server.waits == [.milliseconds(1)])
    }

    @Test func pollingGivesUpAfterItsAttempts() async throws {
        let server = ScriptedServer()
        server.on("GET", "/v1/people/operations/e1", .json(Wire.operation("e1", state: "cleanup_pending")))
        await #expect(throws: PeopleError.stillRunning(operationID: "e1")) {
            try await Wire.api(server).waitForCompletion(operationID: "e1", attempts: 3)
        }
        #expect(server.requests.count == 3)
    }
}
