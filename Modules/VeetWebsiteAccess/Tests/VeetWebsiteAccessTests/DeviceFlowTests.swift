import Foundation
import Testing
import VeetTransport
@testable import VeetWebsiteAccess

/// Adding a website and signing in again on this device, on the reference
/// server: what is kept, what is rolled back, and the remote offer.
@Suite struct DeviceFlowTests {
    static let signedIn = BrowserCapture(
        confirmedURL: "https://www.example.com/home",
        cookies: [CapturedCookie(name: "sid", value: "s", domain: ".example.com", secure: true)], storage: [])

    static func flow(_ h: WebsiteHarness) -> DeviceSignIn {
        DeviceSignIn(driver: h.driver, outside: .live(client: h.client, timeout: 5), allowingLoopbackHTTPForTests: true)
    }

    @Test func aNewWebsiteSignedInOnThisDeviceIsReady() async throws {
        let h = try WebsiteHarness()
        let window = FakeWindow(Self.signedIn)
        let setup = try await Self.flow(h).addWebsite(try WebsiteAddress(typed: "https://www.example.com/login"),
                                                      browser: FakeBrowser(window)) { .signedIn }
        #expect(setup.outcome.isReady)
        #expect(setup.undo == nil)
        #expect(try await h.api.profile(id: setup.profile.id).status == .ready)
        #expect(await window.closed)
    }

    @Test func aCancelledNewWebsiteIsRolledBack() async throws {
        let h = try WebsiteHarness()
        let setup = try await Self.flow(h).addWebsite(try WebsiteAddress(typed: "https://www.example.com"),
                                                      browser: FakeBrowser(FakeWindow(Self.signedIn))) { .cancel }
        #expect(setup.outcome == .cancelledByOwner)
        guard case .removedProfile? = setup.undo else { Issue.record("\(String(describing: setup.undo))"); return }
        #expect(h.server.profileCount() == 0)
    }

    @Test func aRefusedHandOffKeepsTheNewProfileForTheRemoteOfferThenRollsBackWhenDeclined() async throws {
        let h = try WebsiteHarness()
        h.server.forceHandOffVerdict("session_unconfirmed")
        let flow = Self.flow(h)
        let setup = try await flow.addWebsite(try WebsiteAddress(typed: "https://www.example.com"),
                                              browser: FakeBrowser(FakeWindow(Self.signedIn))) { .signedIn }
        guard case .answered(.sessionUnconfirmed, let ceremony?, _) = setup.outcome else {
            Issue.record("\(setup.outcome)")
            return
        }
        #expect(ceremony.status == .cancelled)
        #expect(setup.offersRemote)
        #expect(setup.undo == nil)
        #expect(h.server.profileCount() == 1)
        guard case .removedProfile = await flow.rollBack(setup) else { Issue.record("not removed"); return }
        #expect(h.server.profileCount() == 0)
    }

    @Test func theRemoteOfferBeginsARemoteCeremonyOnTheSameProfile() async throws {
        let h = try WebsiteHarness()
        h.server.forceHandOffVerdict("session_signed_out")
        let flow = Self.flow(h)
        let setup = try await flow.addWebsite(try WebsiteAddress(typed: "https://www.example.com/login"),
                                              browser: FakeBrowser(FakeWindow(Self.signedIn))) { .signedIn }
        let (started, attempt) = try await flow.remoteInstead(setup, loginURL: "https://www.example.com/login")
        #expect(started.ceremony.profileID == setup.profile.id)
        #expect(!h.server.ceremonyWasDevice(started.ceremony.id))
        #expect(started.link.revealForTerminal().contains("/remote#capability="))
        #expect(attempt.newProfileID == setup.profile.id)
    }

    @Test func anEmptyWindowIsNotSentAndOffersRemote() async throws {
        let h = try WebsiteHarness()
        let empty = BrowserCapture(confirmedURL: "https://www.example.com/", cookies: [], storage: [])
        let setup = try await Self.flow(h).addWebsite(try WebsiteAddress(typed: "https://www.example.com"),
                                                      browser: FakeBrowser(FakeWindow(empty))) { .signedIn }
        #expect(setup.outcome == .notSent(.empty))
        #expect(setup.offersRemote)
        #expect(h.server.profileCount() == 1)
    }

    @Test func signingInAgainKeepsTheProfileWhateverHappens() async throws {
        let h = try WebsiteHarness()
        let profile = try await h.readyProfile()
        h.server.forceHandOffVerdict("session_signed_out")
        let again = try await Self.flow(h).signInAgain(profile: profile, browser: FakeBrowser(FakeWindow(Self.signedIn))) {
            .signedIn
        }
        #expect(!again.outcome.isReady)
        #expect(again.undo == nil)
        #expect(try await h.api.profile(id: profile.id).status == .ready)  // the earlier sign-in is kept
        #expect(await Self.flow(h).rollBack(again) == .nothing)
    }

    @Test func aThrownErrorStillRollsTheNewProfileBack() async throws {
        let h = try WebsiteHarness()
        await #expect(throws: FakeWindow.Failure.self) {
            try await Self.flow(h).addWebsite(try WebsiteAddress(typed: "https://www.example.com"),
                                              browser: FakeBrowser(FakeWindow(nil))) { .signedIn }
        }
        #expect(h.server.profileCount() == 0)
    }
}
