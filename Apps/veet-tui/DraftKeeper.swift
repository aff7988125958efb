import Foundation
import Synchronization
import VeetChat
import VeetStore

/// Keeps the open conversation's composer (its text and the files already
/// uploaded for it) in the store, so quitting, a crash, a closed terminal or
/// a kill loses nothing (docs/tui.md, "Drafts"). The loop notes the draft as
/// it changes; it is written a second after the typing stops, at once when the
/// conversation changes or the TUI quits, and from the terminal's leave hook
/// (SIGTERM, SIGHUP, Ctrl-Z), which may run on another thread: hence the lock.
final class DraftKeeper: Sendable {
    static let quietPeriod: TimeInterval = 1

    private struct Pending {
        var sessionID: String?
        var draft: Draft
        var due: Date
    }

    private let store: LocalStore
    private let pending = Mutex<Pending?>(nil)

    init(store: LocalStore) {
        self.store = store
    }

    /// The composer as it is now; written once it has been quiet for `quietPeriod`.
    func note(_ draft: Draft, for sessionID: String?, now: Date) {
        pending.withLock { $0 = Pending(sessionID: sessionID, draft: draft, due: now.addingTimeInterval(Self.quietPeriod)) }
    }

    /// When the noted draft is to be written (nil: nothing noted): the main loop wakes for it.
    var due: Date? { pending.withLock { $0?.due } }

    /// Writes the noted draft when it is due (or at once with `force`).
    func flush(now: Date = Date(), force: Bool = false) {
        let due = pending.withLock { noted -> Pending? in
            guard let current = noted, force || current.due <= now else { return nil }
            noted = nil
            return current
        }
        guard let due else { return }
        try? store.drafts.save(due.draft, for: due.sessionID)
    }

    /// The draft kept for `sessionID`, if any.
    func load(for sessionID: String?) -> Draft? {
        try? store.drafts.load(for: sessionID)
    }

    /// The message went (the outbox holds it now): the conversation's draft is done.
    func sent(from sessionID: String?) {
        pending.withLock { noted in if noted?.sessionID == sessionID { noted = nil } }
        try? store.drafts.delete(for: sessionID)
    }

    /// A new conversation got its id from the server: its draft moves to it.
    func adoptNewConversation(as sessionID: String) {
        flush(force: true)
        try? store.drafts.adoptNewConversationDraft(as: sessionID)
    }
}

extension Draft {
    /// The composer's text and its uploaded files, as the store keeps them.
    init(text: String, attachments: [Attachment]) {
        self.init(text: text, files: attachments.compactMap { file in
            file.artifact.map {
                Draft.File(artifactID: $0.id, filename: file.filename, mediaType: $0.mediaType,
                           sizeBytes: Int($0.sizeBytes), notice: file.notice)
            }
        })
    }
}
