import Foundation
import VeetCurses
import VeetStore

/// What the draft was last noted as: the conversation, its text and its uploaded files.
struct DraftSeen: Equatable {
    var sessionID: String?
    var text: String
    var files: [String]
}

/// The composer's draft survives quitting, a crash, a kill and a closed terminal: noted as it
/// changes, written when the typing stops (DraftKeeper), restored when its conversation opens.
extension ChatScreen {
    /// Notes the composer when it changed since the last look; writes a noted draft that is due.
    func keepDraft(now: Date) {
        let seen = DraftSeen(sessionID: state.conversation.sessionID, text: state.conversation.composer.text,
                             files: state.conversation.attachments.compactMap { $0.artifact?.id })
        if seen != lastDraftSeen {
            lastDraftSeen = seen
            backend.drafts.note(Draft(text: seen.text, attachments: state.conversation.attachments), for: seen.sessionID, now: now)
        }
        backend.drafts.flush(now: now)
    }

    /// Puts the open conversation's kept words back in an empty composer; the draft read (its files
    /// go back to the tray: `openConversation`).
    @discardableResult
    func restoreDraft() -> Draft? {
        let draft = backend.drafts.load(for: state.conversation.sessionID)
        if state.conversation.composer.isEmpty, let draft, !draft.text.isEmpty {
            state.conversation.composer = TextInput(text: draft.text)
        }
        lastDraftSeen = DraftSeen(sessionID: state.conversation.sessionID, text: state.conversation.composer.text,
                                  files: state.conversation.attachments.compactMap { $0.artifact?.id })
        return draft
    }

    /// A kill or a hang-up (SIGTERM, SIGHUP, SIGINT) or Ctrl-Z writes what was noted at once.
    func keepDraftsOnLeave() {
        let drafts = backend.drafts
        terminal.onLeave.set { drafts.flush(force: true) }
    }
}
