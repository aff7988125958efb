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

/// The Website Access screen's calls.
extension Backend {
    func loadWebsites() -> Task<Void, Never> {
        Task {
            do {
                let chosen = try? ChosenProfile(store: store).profileID()
                inbox.post(.websitesLoaded(try await WebsiteAccessOverview.load(api: websites, chosenProfileID: chosen)))
            } catch {
                inbox.post(.websiteMessage("Could not read the websites: \(Self.describe(error))"))
            }
        }
    }

    /// Creates the profile and begins its sign-in (the feature rolls back a half-made one).
    func addWebsite(_ address: WebsiteAddress) -> Task<Void, Never> {
        Task {
            do {
                let setup = try await CeremonyDriver(api: websites).addWebsite(address)
                inbox.post(.websiteLink(setup.started.link.revealForTerminal()))
                inbox.post(.websiteMessage(setup.started.ceremony.status.nextStep))
                inbox.post(.websiteCeremony(setup.started.ceremony))
            } catch {
                inbox.post(.websiteMessage("Not added: \(Self.describe(error))"))
            }
            await loadWebsites().value
        }
    }

    /// Sign in again: a fresh ceremony for an existing profile (the feature says whether it can).
    func signInAgain(_ profile: BrowserProfile) -> Task<Void, Never> {
        Task {
            do {
                let started = try await CeremonyDriver(api: websites).signInAgain(profile: profile)
                inbox.post(.websiteLink(started.link.revealForTerminal()))
                inbox.post(.websiteMessage(started.ceremony.status.nextStep))
                inbox.post(.websiteCeremony(started.ceremony))
            } catch {
                inbox.post(.websiteMessage("Could not begin the sign-in: \(Self.describe(error))"))
            }
            await loadWebsites().value
        }
    }

    /// Reads an open sign-in's status on the feature's bounded poll (every 2 s,
    /// at most 160 reads: past the link's five minutes) while the screen is open;
    /// each change is posted, and the profiles are read again when it ends.
    func followCeremony(id: String) -> Task<Void, Never> {
        Task {
            let inbox = self.inbox
            let last = try? await CeremonyDriver(api: websites).waitForOutcome(ceremonyID: id, onChange: { ceremony in
                inbox.post(.websiteCeremony(ceremony))
            })
            guard !Task.isCancelled else { return }
            if last?.status.isTerminal == true { await loadWebsites().value }
        }
    }

    /// The profile for new conversations (a local preference; only a ready one).
    func chooseWebsite(_ profile: BrowserProfile) -> Task<Void, Never> {
        Task {
            do {
                try ChosenProfile(store: store).choose(profile)
                inbox.post(.websiteMessage("New conversations will use \(profile.displayName)."))
            } catch {
                inbox.post(.websiteMessage("\(error)"))
            }
            await loadWebsites().value
        }
    }

    func revokeWebsite(id: String) -> Task<Void, Never> {
        websiteAction(done: "Revoked") { _ = try await $0.revokeProfile(id: id) }
    }

    func deleteWebsite(id: String) -> Task<Void, Never> {
        websiteAction(done: "Deleted") { try await $0.deleteRevokedProfile(id: id) }
    }

    private func websiteAction(done: String, _ action: @escaping @Sendable (WebsiteAccessAPI) async throws -> Void)
        -> Task<Void, Never> {
        Task {
            do {
                try await action(websites)
                inbox.post(.websiteMessage(done))
            } catch ProfileDeletionError.notRevoked {
                inbox.post(.websiteMessage("Revoke it first (r), then delete it."))
            } catch {
                inbox.post(.websiteMessage("\(Self.describe(error))"))
            }
            await loadWebsites().value
        }
    }
}
