import Foundation
import VeetTransport

/// One draft being edited, with its autosave: `type` keeps the editor's text,
/// `autosave` sends one optimistic revision, `settle` saves until the newest
/// text is confirmed (bounded), and a `409` keeps both versions as a conflict.
public actor DraftSession {
    public let api: EmailAPI
    public private(set) var editor: DraftEditor

    public init(api: EmailAPI, draft: EmailDraft) {
        self.api = api
        editor = DraftEditor(draft: draft)
    }

    /// Starts a reply draft on `threadID` (docs/wire/email.md §6.2) and waits, polling the
    /// draft, until it is no longer `generating` (at most `polls` reads).
    public static func generate(api: EmailAPI, threadID: String, instruction: String? = nil, polls: Int = 30,
                                key: IdempotencyKey = IdempotencyKey()) async throws -> EmailDraft? {
        let started = try await api.generateDraft(threadID: threadID, instruction: instruction, key: key)
        guard var draft = started.draft else { return nil }
        var reads = 0
        while draft.status == .generating, reads < polls {
            try await api.send.sleeper(.seconds(1))
            draft = try await api.draft(id: draft.id)
            reads += 1
        }
        return draft
    }

    /// `draft` once it is no longer being written or sent: read again once a second,
    /// at most `polls` times (on top of `generate`'s own wait); `DraftStillBusy` after that.
    public static func settled(_ draft: EmailDraft, api: EmailAPI, polls: Int = 60) async throws -> EmailDraft {
        var draft = draft
        var reads = 0
        while draft.status.isBusy {
            guard reads < polls else { throw DraftStillBusy(draft: draft) }
            try await api.send.sleeper(.seconds(1))
            draft = try await api.draft(id: draft.id)
            reads += 1
        }
        return draft
    }

    /// The owner has read the thread at `threadRevision` (a stale draft's saves need it).
    public func reviewed(threadRevision: Int) {
        editor.reviewed(threadRevision: threadRevision)
    }

    public func type(_ content: DraftContent) {
        editor.edit(content)
    }

    /// Puts an older revision's text back into the editor (saved by the next autosave).
    public func restore(_ revision: EmailDraft) {
        editor.restore(revision)
    }

    public func history() async throws -> [EmailDraft] {
        try await api.draftRevisions(id: editor.saved.id)
    }

    /// Sends the due autosave, if any. A `409` reads the server's draft and keeps
    /// both versions; other failures leave the text unsaved for the next try.
    @discardableResult
    public func autosave() async -> AutosaveResult {
        guard let save = editor.nextSave() else { return editor.conflict == nil ? .nothingToSave : .conflict }
        do {
            let draft = try await api.saveDraft(id: editor.saved.id, expectedRevision: save.expectedRevision,
                                                content: save.content, sourceRevision: save.sourceRevision, key: save.key)
            editor.saveSucceeded(draft)
            return .saved(draft.revision)
        } catch let error as APIError where error.status == 409 && !error.isIdempotencyKeyReused {
            do {
                editor.saveConflicted(server: try await api.draft(id: editor.saved.id))
            } catch {
                editor.saveFailed()
                return .failed(String(describing: error))
            }
            return .conflict
        } catch {
            editor.saveFailed()
            return .failed(EmailError.from(error, onDraftSave: true)?.description ?? String(describing: error))
        }
    }

    public func resolveConflict(keepingLocal: Bool) {
        editor.resolveConflict(keepingLocal: keepingLocal)
    }

    /// Saves until the newest text is the confirmed revision, at most `attempts`
    /// saves; otherwise says why, so nothing the owner has not seen is frozen.
    public func settle(attempts: Int = 3) async -> SettleResult {
        for _ in 0..<max(attempts, 1) {
            if editor.isSettled { return .settled(editor.saved) }
            switch await autosave() {
            case .conflict: return .conflict
            case .saved, .nothingToSave, .failed: continue
            }
        }
        return editor.isSettled ? .settled(editor.saved) : (editor.conflict != nil ? .conflict : .willNotSettle)
    }

    /// Discards the draft at its confirmed revision.
    public func discard() async throws -> EmailDraft {
        let draft = try await api.discardDraft(id: editor.saved.id, expectedRevision: editor.saved.revision)
        editor = DraftEditor(draft: draft)
        return draft
    }

    /// Endorses the displayed wording as a writing example; refused (no request)
    /// while anything is unsaved or in conflict.
    public func endorse() async throws -> LearningState {
        guard let revision = editor.endorsableRevision else { throw DraftSessionError.notSettled }
        return try await api.endorseStyleExample(draftID: editor.saved.id, expectedRevision: revision)
    }
}

public enum AutosaveResult: Sendable, Hashable {
    case nothingToSave
    case saved(Int)
    /// The draft changed elsewhere; `editor.conflict` holds both versions.
    case conflict
    case failed(String)
}

public enum SettleResult: Sendable, Hashable {
    /// The newest text is this confirmed revision.
    case settled(EmailDraft)
    case conflict
    /// The saves did not settle: nothing is frozen.
    case willNotSettle
}

public enum DraftSessionError: Error, Sendable, Hashable, CustomStringConvertible {
    case notSettled
    public var description: String {
        "The draft has unsaved changes or a conflict; save or resolve it first, then endorse the wording you see."
    }
}
