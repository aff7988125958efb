import Foundation
import VeetCurses
import VeetStore
import VeetChatScreens

/// The open conversation's page when it cannot be shown (ConversationPage).
extension ChatScreen {
    /// Shows `page` for the open conversation; a deleted one also leaves the sidebar.
    func showPage(_ page: ConversationPage, sessionID: String) {
        if page == .deleted {
            state.sessions.removeAll { $0.id == sessionID }
            if !state.search.isEmpty { searchChanged() }
        }
        guard sessionID == state.conversation.sessionID else { return }
        leaveConversationWork()
        // A message queued for this conversation is not lost: it waits in the (hidden) composer,
        // which a new conversation (Ctrl-N) shows again.
        state.conversation.show(page)
        if state.focus == .transcript { state.focus = .composer }
    }

    /// The open conversation was listed and is not any more: read it once to
    /// learn whether it was deleted (on another device, say), not only moved out of a page.
    func checkOpenConversationStillListed(before: [CachedSession], after: [CachedSession]) {
        guard let open = state.conversation.sessionID, state.conversation.page == nil,
              before.contains(where: { $0.id == open }), !after.contains(where: { $0.id == open }) else { return }
        _ = backend.checkStillThere(sessionID: open)
    }
}
