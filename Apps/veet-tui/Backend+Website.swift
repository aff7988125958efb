import Foundation
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

/// The Website Access screen's calls.
extension Backend {
    func loadWebsites() -> Task<Void, Never> {
        Task {
            do {
                inbox.post(.websitesLoaded(try await WebsiteAccessOverview.load(api: websites, chosenProfileID: nil)))
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
            } catch {
                inbox.post(.websiteMessage("Not added: \(Self.describe(error))"))
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
