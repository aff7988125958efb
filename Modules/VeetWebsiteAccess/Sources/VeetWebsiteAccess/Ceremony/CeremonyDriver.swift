import Foundation
import VeetTransport

/// A ceremony that has just begun: its status and the link, held in memory.
public struct StartedCeremony: Sendable, Hashable {
    public var ceremony: Ceremony
    public var link: LaunchLink
    /// True when an open ceremony was cancelled first (the start-over rule).
    public var startedOver: Bool
}

/// A new website whose profile exists and whose first ceremony has begun.
public struct SiteSetup: Sendable, Hashable {
    public var profile: BrowserProfile
    public var started: StartedCeremony
}

/// What a rollback managed to undo; a failed step is named, never hidden.
public struct RollbackReport: Sendable, Hashable {
    public var cancelledCeremony = false
    public var revoked = false
    public var deleted = false
    public var failures: [String] = []

    public init(cancelledCeremony: Bool = false, revoked: Bool = false, deleted: Bool = false, failures: [String] = []) {
        self.cancelledCeremony = cancelledCeremony
        self.revoked = revoked
        self.deleted = deleted
        self.failures = failures
    }

    public var isClean: Bool { revoked && deleted && failures.isEmpty }
}

/// Refusals of the ceremony flow that are not server errors.
public enum CeremonyFlowError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The create answered with a profile that is already revoked (the
    /// server has no usable browser); the leftover was removed.
    case serverCannotHostBrowser(profileID: String)
    case profileCannotSignIn(ProfileStatus)

    public var description: String {
        switch self {
        case .serverCannotHostBrowser:
            "The server could not set up a browser for this website (no browser service is available). Nothing was kept; try again later."
        case .profileCannotSignIn(let status):
            "This profile is \(status.label) and cannot sign in. Add the website again instead."
        }
    }
}

/// The remote sign-in ceremony end to end: create, begin (with start over),
/// status, bounded polling and rollback. Holds no state; the link lives only
/// in the values it returns.
public struct CeremonyDriver: Sendable {
    public let api: WebsiteAccessAPI

    public init(api: WebsiteAccessAPI) {
        self.api = api
    }

    /// Creates the profile for `address` plus `additionalOrigins` and begins
    /// its first ceremony. If the ceremony cannot begin, the half-made
    /// profile is rolled back (revoke, delete) and the error rethrown.
    public func addWebsite(_ address: WebsiteAddress, additionalOrigins: [String] = [],
                           key: IdempotencyKey = IdempotencyKey()) async throws -> SiteSetup {
        let profile = try await createProfile(address, additionalOrigins: additionalOrigins, key: key)
        do {
            let started = try await begin(profileID: profile.id, loginURL: address.loginURL)
            return SiteSetup(profile: profile, started: started)
        } catch {
            _ = await rollback(profileID: profile.id, ceremonyID: nil)
            throw error
        }
    }

    /// Creates the profile for `address` plus `additionalOrigins`, without
    /// beginning a ceremony (the device sign-in begins one only once the
    /// owner is signed in). A profile answered already revoked is removed.
    public func createProfile(_ address: WebsiteAddress, additionalOrigins: [String] = [],
                              key: IdempotencyKey = IdempotencyKey()) async throws -> BrowserProfile {
        let origins = try OriginList.make(primary: address.origin, additional: additionalOrigins)
        let profile = try await api.createProfile(origins: origins, key: key)
        if profile.status == .revoked {
            _ = await rollback(profileID: profile.id, ceremonyID: nil)
            throw CeremonyFlowError.serverCannotHostBrowser(profileID: profile.id)
        }
        return profile
    }

    /// Begins a ceremony. When the answer is lost, or the server says one is
    /// already open (409), the newest open ceremony is cancelled once and the
    /// begin is tried once more; a second failure is thrown.
    public func begin(profileID: String, loginURL: String, mode: CeremonyMode = .remote) async throws -> StartedCeremony {
        do {
            let (ceremony, link) = try await api.beginCeremony(profileID: profileID, loginURL: loginURL, mode: mode)
            return StartedCeremony(ceremony: ceremony, link: link, startedOver: false)
        } catch let error as APIError where error.status == 409 {
            guard try await cancelNewestOpen(profileID: profileID) else { throw error }
        } catch is TransportError {
            _ = try await cancelNewestOpen(profileID: profileID)
        }
        let (ceremony, link) = try await api.beginCeremony(profileID: profileID, loginURL: loginURL, mode: mode)
        return StartedCeremony(ceremony: ceremony, link: link, startedOver: true)
    }

    /// Sign in again to an existing profile, from its first origin's root
    /// unless a login address is given.
    public func signInAgain(profile: BrowserProfile, loginURL: String? = nil) async throws -> StartedCeremony {
        guard profile.status.canSignIn else { throw CeremonyFlowError.profileCannotSignIn(profile.status) }
        let target = loginURL ?? (profile.allowedOrigins.first.map { $0 + "/" } ?? "")
        return try await begin(profileID: profile.id, loginURL: target)
    }

    /// Start over: cancel this ceremony (if still open) and begin a fresh one.
    public func startOver(_ ceremony: Ceremony, loginURL: String) async throws -> StartedCeremony {
        if ceremony.status.isOpen { _ = try? await api.cancelCeremony(id: ceremony.id) }
        return try await begin(profileID: ceremony.profileID, loginURL: loginURL)
    }

    /// Reads the ceremony until it ends or `maxChecks` reads were made,
    /// calling `onChange` whenever the status changes. Returns the last read.
    public func waitForOutcome(ceremonyID: String, interval: Duration = .seconds(2), maxChecks: Int = 160,
                               sleeper: HTTPRequestSender.Sleeper = HTTPRequestSender.taskSleeper,
                               onChange: @Sendable (Ceremony) async -> Void = { _ in }) async throws -> Ceremony {
        var last: Ceremony?
        for check in 0..<max(1, maxChecks) {
            if check > 0 { try await sleeper(interval) }
            try Task.checkCancellation()
            let current = try await api.ceremony(id: ceremonyID)
            if current != last { await onChange(current) }
            last = current
            if current.status.isTerminal { return current }
        }
        return last!  // the loop ran at least once
    }

    /// Undoes a setup: cancels the ceremony (when known), revokes and deletes
    /// the profile, so a retry starts clean. Best effort, step by step.
    /// Cancels every open sign-in of this connection's profiles, so no
    /// single-use link stays open when the owner switches to or forgets
    /// another connection. Best effort: a failed read or cancel is skipped;
    /// returns the ids cancelled.
    public func cancelOpenSignIns() async -> [String] {
        guard let overview = try? await WebsiteAccessOverview.load(api: api, chosenProfileID: nil) else { return [] }
        var cancelled: [String] = []
        for ceremony in overview.rows.compactMap(\.openCeremony) where ceremony.status.isOpen {
            if (try? await api.cancelCeremony(id: ceremony.id)) != nil { cancelled.append(ceremony.id) }
        }
        return cancelled
    }

    public func rollback(profileID: String, ceremonyID: String?) async -> RollbackReport {
        var report = RollbackReport()
        if let ceremonyID {
            do {
                _ = try await api.cancelCeremony(id: ceremonyID)
                report.cancelledCeremony = true
            } catch {
                report.failures.append("cancel sign-in: \(error)")
            }
        }
        do {
            _ = try await api.revokeProfile(id: profileID)
            report.revoked = true
        } catch let error as APIError where error.isNotFound {
            report.revoked = true
        } catch {
            report.failures.append("revoke: \(error)")
        }
        do {
            try await api.deleteProfile(id: profileID)
            report.deleted = true
        } catch {
            report.failures.append("delete: \(error)")
        }
        return report
    }

    /// Cancels the newest open ceremony of the profile; false when none is open.
    private func cancelNewestOpen(profileID: String) async throws -> Bool {
        guard let newest = WebsiteAccessOverview.newestOpen(try await api.ceremonies(profileID: profileID)) else {
            return false
        }
        _ = try await api.cancelCeremony(id: newest.id)
        return true
    }
}
