import Foundation
import VeetTransport

/// The draft routes (docs/wire/email.md §6, §9 step 2).
extension EmailAPI {
    /// Starts drafting a reply; the draft reads `generating` until the run ends. May be refused with `402`.
    public func generateDraft(threadID: String, instruction: String? = nil,
                              key: IdempotencyKey = IdempotencyKey()) async throws -> DraftGeneration {
        let instruction = instruction.flatMap { $0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : $0 }
        return try await send(write("POST", "/v1/email/threads/\(segment: threadID)/drafts",
                                    GenerateDraftBody(instruction: instruction), key: key)).decoded()
    }

    public func draft(id: String) async throws -> EmailDraft {
        try await send(.get("/v1/email/drafts/\(segment: id)")).decoded()
    }

    /// Saves `content` as the revision after `expectedRevision`. Any `409`
    /// means the draft changed (`EmailError.from(_, onDraftSave: true)`);
    /// the server keeps both versions in the history. `sourceRevision` (the
    /// thread revision the owner reviewed) is needed when the draft is stale.
    public func saveDraft(id: String, expectedRevision: Int, content: DraftContent, sourceRevision: Int? = nil,
                          key: IdempotencyKey = IdempotencyKey()) async throws -> EmailDraft {
        let body = SaveDraftBody(expectedRevision: expectedRevision, sourceRevision: sourceRevision, to: content.to,
                                 cc: content.cc, bcc: content.bcc, subject: content.subject, body: content.body)
        return try await send(write("PUT", "/v1/email/drafts/\(segment: id)", body, key: key)).decoded()
    }

    /// Every revision, sorted by (`revision`, `updated_at`); conflicting saves
    /// appear as extra snapshots with the revision they collided with.
    public func draftRevisions(id: String) async throws -> [EmailDraft] {
        let drafts = try await Page<EmailDraft>.all { cursor in
            try await send(.page("/v1/email/drafts/\(segment: id)/revisions", cursor: cursor)).decoded()
        }
        return drafts.sorted { ($0.revision, $0.updatedAt?.text ?? "") < ($1.revision, $1.updatedAt?.text ?? "") }
    }

    /// Discards the draft at `expectedRevision` (repeating is harmless).
    public func discardDraft(id: String, expectedRevision: Int, key: IdempotencyKey = IdempotencyKey()) async throws
        -> EmailDraft {
        let query = [URLQueryItem(name: "expected_revision", value: String(expectedRevision))]
        return try await send(write("DELETE", "/v1/email/drafts/\(segment: id)", EmptyBody?.none, key: key,
                                    query: query)).decoded()
    }

    /// Asks to send exactly revision `expectedRevision`: creates the send approval (docs/wire/email.md §9).
    public func proposeSend(draftID: String, expectedRevision: Int, key: IdempotencyKey = IdempotencyKey()) async throws
        -> SendProposal {
        try await send(write("POST", "/v1/email/drafts/\(segment: draftID)/send-proposal",
                             ExpectedRevisionBody(expectedRevision: expectedRevision), key: key)).decoded()
    }

    /// Endorses revision `expectedRevision`'s wording as a writing example; answers the learning state.
    /// The key is derived from the draft and revision, so a retry of one endorsement reuses it.
    public func endorseStyleExample(draftID: String, expectedRevision: Int) async throws -> LearningState {
        let key = IdempotencyKey(rawValue: "style-\(draftID)-\(expectedRevision)".prefix(200).description)
            ?? IdempotencyKey()
        return try await send(write("POST", "/v1/email/drafts/\(segment: draftID)/style-example",
                                    ExpectedRevisionBody(expectedRevision: expectedRevision), key: key)).decoded()
    }
}
