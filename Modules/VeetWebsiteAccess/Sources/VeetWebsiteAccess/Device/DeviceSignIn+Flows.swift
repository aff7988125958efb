import Foundation
import VeetTransport

/// Where a device sign-in left a profile, for the app to word.
public struct DeviceSetup: Sendable, Hashable {
    public var profile: BrowserProfile
    public var outcome: DeviceSignInOutcome
    /// What was undone: a new website's profile is rolled back when its
    /// sign-in ended unready and no remote ceremony is offered; nil when
    /// nothing was undone (ready, signing in again, or kept for the remote offer).
    public var undo: SignInUndo?
    /// The profile was made for this sign-in (a website being added).
    public var isNew: Bool

    /// Refused for what the browser held: offer the remote ceremony on the same profile.
    public var offersRemote: Bool { outcome.offersRemote }

    public init(profile: BrowserProfile, outcome: DeviceSignInOutcome, undo: SignInUndo?, isNew: Bool) {
        self.profile = profile
        self.outcome = outcome
        self.undo = undo
        self.isNew = isNew
    }
}

extension DeviceSignIn {
    /// Adds a website signed in on this device: creates the profile, opens the
    /// window on the typed address, waits for the owner, hands over. A profile
    /// that never reached ready is rolled back (as the remote path does),
    /// except when the remote ceremony is offered: then it is kept for
    /// `remoteInstead`, or for `rollBack` when the owner declines.
    public func addWebsite(_ address: WebsiteAddress, additionalOrigins: [String] = [], browser: any SignInBrowser,
                           key: IdempotencyKey = IdempotencyKey(),
                           waitForOwner: @Sendable () async -> OwnerAnswer) async throws -> DeviceSetup {
        let profile = try await driver.createProfile(address, additionalOrigins: additionalOrigins, key: key)
        let outcome: DeviceSignInOutcome
        do {
            outcome = try await signIn(profile: profile, loginURL: address.loginURL, browser: browser,
                                       waitForOwner: waitForOwner)
        } catch {
            _ = await driver.rollback(profileID: profile.id, ceremonyID: nil)
            throw error
        }
        var setup = DeviceSetup(profile: profile, outcome: outcome, undo: nil, isNew: true)
        if !outcome.isReady && !outcome.offersRemote { setup.undo = await rollBack(setup) }
        return setup
    }

    /// Signs in again to an existing profile on this device, from `loginURL`
    /// or the first origin's root. Nothing is undone: the earlier sign-in is
    /// kept whatever happens (the service cancels an unready ceremony itself).
    public func signInAgain(profile: BrowserProfile, loginURL: String? = nil, browser: any SignInBrowser,
                            waitForOwner: @Sendable () async -> OwnerAnswer) async throws -> DeviceSetup {
        guard profile.status.canSignIn else { throw CeremonyFlowError.profileCannotSignIn(profile.status) }
        let target = loginURL ?? (profile.allowedOrigins.first.map { $0 + "/" } ?? "")
        let outcome = try await signIn(profile: profile, loginURL: target, browser: browser, waitForOwner: waitForOwner)
        return DeviceSetup(profile: profile, outcome: outcome, undo: nil, isNew: false)
    }

    /// The owner declined the remote offer: a new website's profile goes.
    public func rollBack(_ setup: DeviceSetup) async -> SignInUndo {
        guard setup.isNew else { return .nothing }
        let report = await driver.rollback(profileID: setup.profile.id, ceremonyID: setup.outcome.ceremony?.id)
        return report.deleted ? .removedProfile(report) : .leftBehind(profileID: setup.profile.id, report)
    }

    /// The owner took the remote offer: a remote ceremony on the same
    /// profile, and the attempt to follow (a new profile is still rolled back
    /// by `CeremonyDriver.undo` if that sign-in fails too).
    public func remoteInstead(_ setup: DeviceSetup, loginURL: String) async throws -> (StartedCeremony, SignInAttempt) {
        do {
            let started = try await driver.begin(profileID: setup.profile.id, loginURL: loginURL)
            return (started, SignInAttempt(ceremonyID: started.ceremony.id, newProfileID: setup.isNew ? setup.profile.id : nil))
        } catch {
            if setup.isNew { _ = await rollBack(setup) }
            throw error
        }
    }
}
