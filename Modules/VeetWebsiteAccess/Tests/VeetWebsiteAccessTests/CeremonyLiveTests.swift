import Foundation
import Testing
import VeetTransport
import VeetWebsiteAccess

@Suite struct CeremonyLiveTests {
    @Test func addWebsiteSendsPrimaryOriginFirstAndBeginsWithTheFullAddress() async throws {
        let h = try WebsiteHarness()
        let address = try WebsiteAddress(typed: "www.example.com/login?next=%2Flearn")
        let setup = try await h.driver.addWebsite(address, additionalOrigins: ["https://accounts.example.com"])
        #expect(setup.profile.allowedOrigins == ["https://www.example.com", "https://accounts.example.com"])
        #expect(setup.profile.status == .authenticationRequired)
        #expect(setup.started.ceremony.status == .authenticationRequired)
        #expect(!setup.started.startedOver)
        #expect(setup.started.link.revealForTerminal().contains("#capability="))
        let ceremony = try await h.api.ceremony(id: setup.started.ceremony.id)
        #expect(ceremony == setup.started.ceremony)
    }

    @Test func aConnectionSwitchCancelsEveryOpenSignInAndOnlyThose() async throws {
        let h = try WebsiteHarness()
        let open = try await h.driver.addWebsite(try WebsiteAddress(typed: "https://www.example.com"))
        let done = try await h.driver.addWebsite(try WebsiteAddress(typed: "https://www.example.org"))
        h.server.driveCeremony(done.started.ceremony.id, to: "ready")
        #expect(await h.driver.cancelOpenSignIns() == [open.started.ceremony.id])
        #expect(try await h.api.ceremony(id: open.started.ceremony.id).status == .cancelled)
        #expect(try await h.api.ceremony(id: done.started.ceremony.id).status == .ready)
        #expect(await h.driver.cancelOpenSignIns().isEmpty)
    }

    @Test func refusedOriginsAreNeverSent() async throws {
        let h = try WebsiteHarness()
        h.server.clearRecordedRequests()
        let address = try WebsiteAddress(typed: "https://www.example.com")
        await #expect(throws: OriginRefusal.path) {
            try await h.driver.addWebsite(address, additionalOrigins: ["https://accounts.example.com/x"])
        }
        #expect(h.server.recordedRequests.isEmpty)
    }

    @Test(arguments: ["ready", "needs_user", "expired", "cancelled"])
    func pollingSeesTheOutcome(_ outcome: String) async throws {
        let h = try WebsiteHarness()
        let setup = try await h.driver.addWebsite(try WebsiteAddress(typed: "https://www.example.com"))
        h.server.driveCeremony(setup.started.ceremony.id, to: outcome)
        let seen = Recorder()
        let final = try await h.driver.waitForOutcome(ceremonyID: setup.started.ceremony.id, maxChecks: 2, sleeper: noWait) {
            await seen.add($0.status)
        }
        #expect(final.status.rawValue == outcome)
        #expect(await seen.values == [CeremonyStatus(raw: outcome)])
        #expect(!final.status.nextStep.isEmpty)
        let profile = try await h.api.profile(id: setup.profile.id)
        #expect(profile.status == (outcome == "ready" ? .ready : .authenticationRequired))
    }

    @Test func pollingIsBounded() async throws {
        let h = try WebsiteHarness()
        let setup = try await h.driver.addWebsite(try WebsiteAddress(typed: "https://www.example.com"))
        let checks = Recorder()
        let final = try await h.driver.waitForOutcome(ceremonyID: setup.started.ceremony.id, maxChecks: 3,
                                                      sleeper: { _ in await checks.add(.authenticationRequired) })
        #expect(final.status == .authenticationRequired)
        #expect(await checks.values.count == 2)
    }

    @Test func aConflictCancelsTheOpenCeremonyOnceAndBeginsAgain() async throws {
        let h = try WebsiteHarness()
        let setup = try await h.driver.addWebsite(try WebsiteAddress(typed: "https://www.example.com"))
        let again = try await h.driver.begin(profileID: setup.profile.id, loginURL: "https://www.example.com/")
        #expect(again.startedOver)
        #expect(h.server.ceremonyStatus(setup.started.ceremony.id) == "cancelled")
        #expect(h.server.ceremonyStatus(again.ceremony.id) == "authentication_required")
    }

    @Test func aLostAnswerCancelsTheCeremonyItMadeAndBeginsAgain() async throws {
        let h = try WebsiteHarness()
        let setup = try await h.driver.addWebsite(try WebsiteAddress(typed: "https://www.example.com"))
        h.server.driveCeremony(setup.started.ceremony.id, to: "ready")
        h.server.dropCeremonyAnswers(1)
        let started = try await h.driver.begin(profileID: setup.profile.id, loginURL: "https://www.example.com/")
        #expect(started.startedOver)
        let ids = h.server.ceremonyIDs(ofProfile: setup.profile.id)
        #expect(ids.count == 3)
        #expect(ids.map { h.server.ceremonyStatus($0) } == ["ready", "cancelled", "authentication_required"])
        #expect(ids.last == started.ceremony.id)
    }

    @Test func aSecondFailureAfterStartingOverIsThrown() async throws {
        let h = try WebsiteHarness()
        let setup = try await h.driver.addWebsite(try WebsiteAddress(typed: "https://www.example.com"))
        h.server.dropCeremonyAnswers(2)
        await #expect(throws: TransportError.self) {
            try await h.driver.begin(profileID: setup.profile.id, loginURL: "https://www.example.com/")
        }
    }

    @Test func aFailedFirstCeremonyRollsTheProfileBack() async throws {
        let h = try WebsiteHarness()
        h.server.dropCeremonyAnswers(2)
        await #expect(throws: TransportError.self) {
            try await h.driver.addWebsite(try WebsiteAddress(typed: "https://www.example.com"))
        }
        #expect(h.server.profileCount() == 0)
    }

    @Test func abandonedSetupCancelsRevokesAndDeletes() async throws {
        let h = try WebsiteHarness()
        let setup = try await h.driver.addWebsite(try WebsiteAddress(typed: "https://www.example.com"))
        let report = await h.driver.rollback(profileID: setup.profile.id, ceremonyID: setup.started.ceremony.id)
        #expect(report.isClean && report.cancelledCeremony)
        #expect(h.server.profileCount() == 0)
        await #expect(throws: APIError.self) { try await h.api.profile(id: setup.profile.id) }
    }

    @Test func aServerWithoutABrowserLeavesNothingBehind() async throws {
        let h = try WebsiteHarness()
        h.server.setBrowserProviderAvailable(false)
        await #expect(throws: CeremonyFlowError.self) {
            try await h.driver.addWebsite(try WebsiteAddress(typed: "https://www.example.com"))
        }
        #expect(h.server.profileCount() == 0)
    }

    @Test func deleteOnlyAfterRevoke() async throws {
        let h = try WebsiteHarness()
        let profile = try await h.readyProfile()
        await #expect(throws: ProfileDeletionError.notRevoked(.ready)) { try await h.api.deleteRevokedProfile(id: profile.id) }
        let revoked = try await h.api.revokeProfile(id: profile.id)
        #expect(revoked.status == .revoked)
        #expect(try await h.api.revokeProfile(id: profile.id) == revoked)
        try await h.api.deleteRevokedProfile(id: profile.id)
        try await h.api.deleteRevokedProfile(id: profile.id)
        #expect(h.server.profileCount() == 0)
    }

    @Test func profilesArePagedOldestFirst() async throws {
        let h = try WebsiteHarness()
        var made: [String] = []
        for host in ["a", "b", "c"] {
            made.append(try await h.driver.addWebsite(try WebsiteAddress(typed: "https://\(host).example.com")).profile.id)
        }
        let first = try await h.api.profilesPage(limit: 2)
        #expect(first.items.map(\.id) == Array(made.prefix(2)))
        #expect(first.nextCursor != nil)
        #expect(try await h.api.allProfiles(pageSize: 1).map(\.id) == made)
    }

    @Test func idempotentCreateReplaysTheSameProfile() async throws {
        let h = try WebsiteHarness()
        let key = IdempotencyKey()
        let origins = [try WebsiteOrigin(validating: "https://www.example.com")]
        let first = try await h.api.createProfile(origins: origins, key: key)
        let replay = try await h.api.createProfile(origins: origins, key: key)
        #expect(first.id == replay.id)
        let other = [try WebsiteOrigin(validating: "https://example.com")]
        await #expect(throws: APIError.self) { try await h.api.createProfile(origins: other, key: key) }
    }
}

actor Recorder {
    private(set) var values: [CeremonyStatus] = []
    func add(_ value: CeremonyStatus) { values.append(value) }
}
