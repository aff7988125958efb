import Foundation
import Testing
import VeetTransport
@testable import VeetWebsiteAccess

private let ready = BrowserProfile(id: "p1", allowedOrigins: ["https://www.example.com", "https://accounts.example.com"],
                                   status: .ready)
private let start = Date(timeIntervalSince1970: 1_790_000_000.75)

@Suite struct StandingGrantDraftTests {
    @Test func aValidDraftTakesEveryOriginByDefaultAndWholeSeconds() throws {
        let draft = try StandingGrantDraft.validated(profile: ready, actionKinds: ["click", " Type ", "click"],
                                                     purpose: "  Daily check-in ", startsAt: start, duration: 86_400)
        #expect(draft.allowedOrigins == ready.allowedOrigins)
        #expect(draft.actionKinds == ["click", "type"])
        #expect(draft.purpose == "Daily check-in")
        #expect(draft.expiresAt.timeIntervalSince(draft.startsAt) == 86_400)
        let json = try #require(try JSONSerialization.jsonObject(with: try WireJSON.encoder().encode(draft)) as? [String: Any])
        #expect(json["starts_at"] as? String == "2026-09-21T14:13:20Z")
        #expect(json["expires_at"] as? String == "2026-09-22T14:13:20Z")
        #expect(json["profile_id"] as? String == "p1")
        #expect(Set(json.keys) == ["profile_id", "allowed_origins", "action_kinds", "element_roles", "element_names",
                                   "purpose", "starts_at", "expires_at"])
    }

    @Test(arguments: [
        (BrowserProfile(id: "p", allowedOrigins: ["https://www.example.com"], status: .needsUser), [String](), ["click"],
         86_400.0, StandingGrantRefusal.profileNotReady(.needsUser)),
        (ready, ["https://example.com"], ["click"], 86_400, .originNotInProfile("https://example.com")),
        (ready, ["http://www.example.com"], ["click"], 86_400, .origin(.notHTTPS(scheme: "http"))),
        (ready, [], ["drag"], 86_400, .unknownActionKind("drag")),
        (ready, [], [], 86_400, .noActionKind),
        (ready, [], ["click"], 0, .emptyWindow),
        (ready, [], ["click"], 30 * 86_400 + 1, .windowTooLong),
    ])
    func refusedBeforeSending(profile: BrowserProfile, origins: [String], kinds: [String], duration: Double,
                              refusal: StandingGrantRefusal) {
        #expect(throws: refusal) {
            try StandingGrantDraft.validated(profile: profile, origins: origins, actionKinds: kinds, startsAt: start,
                                             duration: duration)
        }
    }

    @Test func thirtyDaysIsAllowedAndALongPurposeIsNot() throws {
        _ = try StandingGrantDraft.validated(profile: ready, actionKinds: ["scroll"], startsAt: start,
                                             duration: 30 * 86_400)
        #expect(throws: StandingGrantRefusal.purposeTooLong(256)) {
            try StandingGrantDraft.validated(profile: ready, actionKinds: ["scroll"], purpose: String(repeating: "a", count: 256),
                                             startsAt: start, duration: 60)
        }
    }
}

@Suite struct StandingGrantLiveTests {
    @Test func createReplayListAndRevoke() async throws {
        let h = try WebsiteHarness()
        let profile = try await h.readyProfile()
        let draft = try StandingGrantDraft.validated(profile: profile, actionKinds: ["click", "scroll"],
                                                     purpose: "Read the news", startsAt: Date(), duration: 3600)
        let key = IdempotencyKey()
        let grant = try await h.api.createStandingGrant(draft, key: key)
        #expect(grant.profileID == profile.id && grant.actionKinds == ["click", "scroll"])
        #expect(grant.allowedOrigins == ["https://www.example.com"] && grant.purpose == "Read the news")
        #expect(try await h.api.createStandingGrant(draft, key: key).id == grant.id, "a replay returns the same grant")
        let second = try await h.api.createStandingGrant(draft)
        #expect(try await h.api.allStandingGrants(profileID: profile.id).map(\.id) == [grant.id, second.id])
        #expect(try await h.api.revokeStandingGrant(id: grant.id).isRevoked)
        #expect(try await h.api.standingGrant(id: grant.id).isRevoked)
        try await h.api.deleteStandingGrant(id: second.id)
        try await h.api.deleteStandingGrant(id: second.id)
        #expect(try await h.api.allStandingGrants().map(\.id) == [grant.id])
    }

    @Test func aProfileWhoseNewestSignInHasNoOutcomeIsRefused() async throws {
        let h = try WebsiteHarness()
        let profile = try await h.readyProfile()
        _ = try await h.driver.signInAgain(profile: profile)  // open, no outcome yet; the profile stays ready
        let draft = try StandingGrantDraft.validated(profile: try await h.api.profile(id: profile.id),
                                                     actionKinds: ["click"], startsAt: Date(), duration: 3600)
        await #expect { try await h.api.createStandingGrant(draft) } throws: { ($0 as? APIError)?.status == 409 }
    }
}
