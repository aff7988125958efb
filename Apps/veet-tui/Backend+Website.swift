import Foundation
import VeetChat
import VeetWebsiteAccess

/// Task permissions of a conversation (website access feature).
extension Backend {
    /// Reads the conversation's active task permissions; a server without the
    /// route (or any failure) shows no line rather than an error.
    func loadTaskGrants(sessionID: String) -> Task<Void, Never> {
        Task {
            let grants = (try? await websites.taskGrantsPage(sessionID: sessionID).items) ?? []
            inbox.post(.taskGrantsLoaded(sessionID: sessionID, grants))
        }
    }

    /// Stop: ends the task permission now, then reads the line again.
    func stopTaskGrant(id: String, sessionID: String) -> Task<Void, Never> {
        Task {
            do {
                _ = try await websites.stopTaskGrant(id: id)
                inbox.post(.notice("Task permission stopped"))
            } catch {
                inbox.post(.notice("Could not stop the task permission: \(Self.describe(error))"))
            }
            await loadTaskGrants(sessionID: sessionID).value
        }
    }
}

/// The profile chosen for new conversations (website access feature).
extension Backend {
    /// The chat API that creates conversations: the outbox checks the profile
    /// kept with a new conversation's first message when it creates it
    /// (`ChosenProfile.checkForNewSession`), and a direct create (an upload
    /// needs its conversation first) carries the chosen profile while it is ready.
    func apiForNewConversation() -> ChatAPI {
        var api = self.api
        api.checkBrowserProfile = ChosenProfile(store: store).checkForNewSession(api: websites)
        return api
    }

    /// `apiForNewConversation` for a create made here and now (not through the outbox).
    func apiCreatingNow() async -> ChatAPI {
        var api = apiForNewConversation()
        if let chosen = try? ChosenProfile(store: store).profileID() {
            api.newSessionBrowserProfileID = await api.checkBrowserProfile?(chosen)
        }
        return api
    }
}
