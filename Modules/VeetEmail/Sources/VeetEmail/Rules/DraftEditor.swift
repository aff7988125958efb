import Foundation
import VeetTransport

/// A draft being edited, as a plain value: the last revision the server
/// confirmed, what the editor holds now (typing goes on while a save is in
/// flight), the save in flight, and a conflict that keeps both texts.
public struct DraftEditor: Sendable, Hashable {
    /// The newest revision the server confirmed.
    public private(set) var saved: EmailDraft
    /// What the owner sees and types into.
    public private(set) var local: DraftContent
    /// The save in flight: the content sent and its key (reused if that save is retried).
    public private(set) var inFlight: PendingSave?
    /// The server's version when a save met a changed draft; the local text is kept beside it.
    public private(set) var conflict: DraftConflict?
    /// The thread revision the owner has read: a stale draft's save must name it (docs/wire/email.md §6.3).
    public private(set) var reviewedThreadRevision: Int?

    public init(draft: EmailDraft) {
        saved = draft
        local = draft.content
    }

    /// The owner typed: the editor holds `content` (nothing is lost while a save is in flight).
    public mutating func edit(_ content: DraftContent) {
        local = content
    }

    /// A history revision put back into the editor; autosave makes it the next revision.
    public mutating func restore(_ revision: EmailDraft) {
        local = revision.content
    }

    /// The owner has read the thread at `threadRevision`: saves of a stale draft may go on from it.
    public mutating func reviewed(threadRevision: Int) {
        reviewedThreadRevision = threadRevision
    }

    /// Nothing unsaved, nothing in flight, no conflict.
    public var isSettled: Bool { inFlight == nil && conflict == nil && local == saved.content }
    public var hasUnsavedText: Bool { local != saved.content }

    /// The next autosave to send, if one is due: only one at a time, never during a conflict.
    public mutating func nextSave() -> PendingSave? {
        guard inFlight == nil, conflict == nil, hasUnsavedText, saved.status.isEditable else { return nil }
        // Only a stale draft names the thread revision; the server refuses a save of one without it.
        let save = PendingSave(expectedRevision: saved.revision, content: local,
                               sourceRevision: saved.stale ? reviewedThreadRevision : nil)
        inFlight = save
        return save
    }

    /// The save was confirmed: its revision is the new base. Text typed since stays in the editor.
    public mutating func saveSucceeded(_ draft: EmailDraft) {
        saved = draft
        inFlight = nil
    }

    /// The save failed without a conflict (no answer, 5xx): it can be sent again with the same key.
    public mutating func saveFailed() {
        inFlight = nil
    }

    /// The save met a changed draft (`409`): both the local text and `server` are kept until the owner picks.
    public mutating func saveConflicted(server: EmailDraft) {
        inFlight = nil
        conflict = DraftConflict(local: local, server: server)
    }

    /// The owner picked: keep the local text (saved next on top of the server's
    /// revision) or take the server's text into the editor.
    public mutating func resolveConflict(keepingLocal: Bool) {
        guard let conflict else { return }
        saved = conflict.server
        if !keepingLocal { local = conflict.server.content }
        self.conflict = nil
    }

    /// Endorsing as a writing example binds the current revision; refused while
    /// anything is unsaved or in conflict (the wording shown must be the saved one).
    public var endorsableRevision: Int? { isSettled ? saved.revision : nil }
}

/// One save of a draft (`PUT /v1/email/drafts/{id}`).
public struct PendingSave: Sendable, Hashable {
    public var expectedRevision: Int
    public var content: DraftContent
    public var sourceRevision: Int?
    /// Reused if this same save is sent again.
    public var key = IdempotencyKey()
}

/// A save that met another device's edit: both versions, for the owner to pick.
public struct DraftConflict: Sendable, Hashable {
    public var local: DraftContent
    public var server: EmailDraft
}
