import Foundation
import Testing
import VeetTestSupport
import VeetTransport
@testable import VeetEmail

@Suite struct DraftTests {
    private func draft(_ object: [String: Any]) throws -> EmailDraft {
        try WireJSON.decoder().decode(EmailDraft.self, from: JSONSerialization.data(withJSONObject: object))
    }

    @Test func typingContinuesWhileASaveIsInFlight() throws {
        var editor = DraftEditor(draft: try draft(Wire.draft()))
        editor.edit(DraftContent(to: ["ann@example.test"], subject: "Re: Board materials", body: "Hi Ann, v2"))
        let first = editor.nextSave()
        let second = editor.nextSave()
        #expect(first?.expectedRevision == 1 && second == nil, "one save at a time")
        editor.edit(DraftContent(to: ["ann@example.test"], subject: "Re: Board materials", body: "Hi Ann, v3"))
        editor.saveSucceeded(try draft(Wire.draft(revision: 2, body: "Hi Ann, v2")))
        #expect(editor.local.body == "Hi Ann, v3" && !editor.isSettled, "the newer text is kept")
        let next = editor.nextSave()
        #expect(next?.expectedRevision == 2)
    }

    /// A conflict keeps both the local and the server text until the owner picks.
    @Test func aConflictKeepsBothVersions() async throws {
        let server = ScriptedServer()
        server.on("PUT", "/v1/email/drafts/d1", .apiError(409, "conflict", reason: "email_draft_revision_conflict"))
        server.on("GET", "/v1/email/drafts/d1", .json(Wire.draft(revision: 2, body: "Edited on the phone")))
        let session = DraftSession(api: Wire.api(server), draft: try draft(Wire.draft()))
        await session.type(DraftContent(to: ["ann@example.test"], subject: "Re: Board materials", body: "Mine"))
        #expect(await session.autosave() == .conflict)
        let conflict = try #require(await session.editor.conflict)
        #expect(conflict.local.body == "Mine" && conflict.server.body == "Edited on the phone")
        #expect(await session.autosave() == .conflict, "no autosave over a conflict")
        await #expect(throws: DraftSessionError.self) { try await session.endorse() }
        await session.resolveConflict(keepingLocal: true)
        server.on("PUT", "/v1/email/drafts/d1", .json(Wire.draft(revision: 3, body: "Mine")))
        #expect(await session.autosave() == .saved(3))
        #expect(server.requests("PUT", "/v1/email/drafts/d1").last?.jsonObject?["expected_revision"] as? Int == 2)
    }

    @Test func restoringHistoryPutsTheTextInTheEditor() async throws {
        let server = ScriptedServer()
        server.on("GET", "/v1/email/drafts/d1/revisions",
                  Wire.page([Wire.draft(revision: 2, body: "second"), Wire.draft(revision: 1, body: "first")]))
        server.on("PUT", "/v1/email/drafts/d1", .json(Wire.draft(revision: 3, body: "first")))
        let session = DraftSession(api: Wire.api(server), draft: try draft(Wire.draft(revision: 2, body: "second")))
        let history = try await session.history()
        await session.restore(try #require(history.first))
        #expect(await session.editor.local.body == "first")
        #expect(await session.settle() == .settled(try draft(Wire.draft(revision: 3, body: "first"))))
    }

    @Test func endorsingBindsTheCurrentRevision() async throws {
        let server = ScriptedServer()
        server.on("POST", "/v1/email/drafts/d1/style-example", .json(Wire.learning))
        let session = DraftSession(api: Wire.api(server), draft: try draft(Wire.draft(revision: 5)))
        _ = try await session.endorse()
        #expect(server.requests[0].jsonObject?["expected_revision"] as? Int == 5)
    }

    @Test func discardSendsTheConfirmedRevision() async throws {
        let server = ScriptedServer()
        server.on("DELETE", "/v1/email/drafts/d1", .json(Wire.draft(revision: 5, status: "discarded")))
        let session = DraftSession(api: Wire.api(server), draft: try draft(Wire.draft(revision: 5)))
        #expect(try await session.discard().status == .discarded)
        #expect(server.requests[0].queryValue("expected_revision") == "5")
    }
}

/// The wait for a draft still being written or sent, said once in the feature (the CLI's `reply` uses it).
@Suite struct DraftSettlingTests {
    @Test func aBusyDraftIsReadOncePerSecondUntilItSettlesOrTheReadsRunOut() async throws {
        let server = ScriptedServer()
        server.on("GET", "/v1/email/drafts/*", sequence: [.json(Wire.draft(status: "generating")), .json(Wire.draft(revision: 2))])
        let api = Wire.api(server)
        let busy = try WireJSON.decoder().decode(EmailDraft.self, from: JSONSerialization.data(withJSONObject: Wire.draft(status: "generating")))
        let settled = try await DraftSession.settled(busy, api: api)
        #expect(settled.revision == 2 && !settled.status.isBusy)
        #expect(server.waits == [.seconds(1), .seconds(1)])

        server.on("GET", "/v1/email/drafts/*", .json(Wire.draft(status: "sending")))
        await #expect {
            _ = try await DraftSession.settled(busy, api: api, polls: 3)
        } throws: { error in
            (error as? DraftStillBusy)?.description == "the draft is still being sent; try again in a moment."
        }
        #expect(server.requests.count == 5)
    }
}
