import Foundation
import Testing
import VeetTransport
import VeetWebsiteAccess

@Suite struct GrantsLiveTests {
    @Test func activeTaskPermissionsAndStop() async throws {
        let h = try WebsiteHarness()
        let profile = try await h.readyProfile()
        let session = try await h.createSession()
        let id = h.server.addTaskGrant(sessionID: session, profileID: profile.id, origin: "https://www.example.com",
                                       pathPrefix: "/lesson", actionsUsed: 23)
        let active = try await h.api.taskGrantsPage(sessionID: session).items
        #expect(active.map(\.id) == [id])
        #expect(active.first?.remainingActions == 177)
        #expect(active.first?.remainingMinutes(now: Date()) == 30)
        let stopped = try await h.api.stopTaskGrant(id: id)
        #expect(stopped.status == .revoked && stopped.endReason == "revoked")
        #expect(try await h.api.stopTaskGrant(id: id) == stopped)
        #expect(try await h.api.taskGrantsPage(sessionID: session).items.isEmpty)
        #expect(try await h.api.taskGrantsPage(sessionID: session, includeEnded: true).items.count == 1)
    }

    @Test func anExpiredGrantIsNotActive() async throws {
        let h = try WebsiteHarness()
        let id = h.server.addTaskGrant(sessionID: UUID().uuidString.lowercased(), profileID: "p",
                                       origin: "https://www.example.com", pathPrefix: "/lesson", lifetime: -1)
        #expect(try await h.api.taskGrantsPage().items.isEmpty)
        let grant = try await h.api.taskGrant(id: id)
        #expect(grant.status == .expired)
        #expect(!grant.isActive(now: Date()))
    }

    @Test func taskScopesEditWithRevision() async throws {
        let h = try WebsiteHarness()
        let empty = try await h.api.taskScopes()
        #expect(empty.scopes.isEmpty)
        let scope = try TaskScope.validated(origin: "https://www.example.org", pathPrefix: "/lesson")
        let saved = try await h.api.replaceTaskScopes([scope], revision: empty.revision)
        #expect(saved.scopes == [scope] && saved.revision == empty.revision + 1)
        await #expect(throws: APIError.self) { try await h.api.replaceTaskScopes([], revision: empty.revision) }
        let grant = h.server.addTaskGrant(sessionID: UUID().uuidString.lowercased(), profileID: "p",
                                          origin: "https://www.example.org", pathPrefix: "/lesson")
        _ = try await h.api.replaceTaskScopes([], revision: saved.revision)
        #expect(try await h.api.taskGrant(id: grant).endReason == "scope_removed")
    }

    @Test func standingGrantsListAndRevoke() async throws {
        let h = try WebsiteHarness()
        let profile = try await h.readyProfile()
        let id = h.server.addStandingGrant(profileID: profile.id, origins: ["https://www.example.com"])
        let page = try await h.api.standingGrantsPage(profileID: profile.id)
        #expect(page.items.map(\.id) == [id])
        let revoked = try await h.api.revokeStandingGrant(id: id)
        #expect(revoked.isRevoked)
    }

    @Test func bindingAReadyProfileToAnExistingConversation() async throws {
        let h = try WebsiteHarness()
        let profile = try await h.readyProfile()
        let session = try await h.createSession()
        #expect(try await h.api.bindProfile(sessionID: session, profileID: profile.id) == nil)
        #expect(h.server.boundProfile(ofSession: session) == profile.id)
    }

    @Test func signInAgainBeginsFromTheFirstOrigin() async throws {
        let h = try WebsiteHarness()
        let profile = try await h.readyProfile()
        let started = try await h.driver.signInAgain(profile: profile)
        #expect(started.ceremony.status == .authenticationRequired)
        let revoked = try await h.api.revokeProfile(id: profile.id)
        await #expect(throws: CeremonyFlowError.profileCannotSignIn(.revoked)) {
            try await h.driver.signInAgain(profile: revoked)
        }
    }
}

@Suite struct NewConversationTests {
    @Test func aNewConversationCarriesTheChosenProfile() async throws {
        let h = try WebsiteHarness()
        let profile = try await h.readyProfile()
        let session = try await h.api.createSession(browserProfileID: profile.id)
        #expect(h.server.boundProfile(ofSession: session.id) == profile.id)
    }

    @Test func aProfileThatIsNotReadyIsRefusedAtCreation() async throws {
        let h = try WebsiteHarness()
        let setup = try await h.driver.addWebsite(try WebsiteAddress(typed: "https://www.example.com"))
        await #expect(throws: APIError.self) { try await h.api.createSession(browserProfileID: setup.profile.id) }
    }
}
