import Foundation
import VeetChat
import VeetStore

/// When this device last heard from the server, and what a read answering
/// 404 means for the open conversation (ConversationPage).
extension Backend {
    /// The preference holding the last time a read of the server succeeded (seconds since 1970).
    static let lastReachedPreference = "tui.server.last-reached"

    /// A read answered: remember when, for "Can't reach the server · Last reached ...".
    func noteServerReached(at date: Date = Date()) {
        try? store.preferences.set(String(date.timeIntervalSince1970), for: Self.lastReachedPreference)
    }

    /// When a read of the server last succeeded on this device; nil when never.
    func lastReached() -> Date? {
        guard let saved = try? store.preferences.value(for: Self.lastReachedPreference),
              let seconds = TimeInterval(saved) else { return nil }
        return Date(timeIntervalSince1970: seconds)
    }

    /// The server says the conversation is gone: its local rows go too, and
    /// the id stays excluded from stale index answers.
    func forgetDeleted(sessionID: String) {
        try? store.completeDelete(sessionID: sessionID)
    }

    /// The open conversation left the index (deleted on another device, say):
    /// one point read says whether it is gone, and the page then says so.
    func checkStillThere(sessionID: String) -> Task<Void, Never> {
        Task {
            do {
                _ = try await api.session(id: sessionID)
            } catch where HistoryRoutes.meansConversationDeleted(error) {
                forgetDeleted(sessionID: sessionID)
                inbox.post(.conversationPage(sessionID: sessionID, .deleted))
            } catch {
                // Unreachable or refused: the transcript on screen stays; the status bar says why.
            }
        }
    }
}
