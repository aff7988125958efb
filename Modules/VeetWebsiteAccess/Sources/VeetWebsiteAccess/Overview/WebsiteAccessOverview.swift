import Foundation
import VeetTransport

/// What the Website Access screen (or `veet sites list`) shows when it
/// opens: every profile with its status, the one chosen for new
/// conversations, and — for each profile that is not ready — its newest open
/// sign-in, refreshed now as the contract asks (docs/wire/website-access.md §4.2).
public struct WebsiteAccessOverview: Sendable, Hashable {
    public struct Row: Sendable, Hashable, Identifiable {
        public var profile: BrowserProfile
        /// The newest sign-in still open (only read for profiles that are not ready).
        public var openCeremony: Ceremony?
        public var isChosen: Bool
        public var id: String { profile.id }

        public init(profile: BrowserProfile, openCeremony: Ceremony? = nil, isChosen: Bool = false) {
            self.profile = profile
            self.openCeremony = openCeremony
            self.isChosen = isChosen
        }

        /// Sign in again is offered unless revoked or still being set up.
        public var canSignIn: Bool { profile.status.canSignIn }
        /// Only a ready profile can be chosen for new conversations.
        public var canBeChosen: Bool { profile.status == .ready && !isChosen }
        /// What the row says under the name: the live sign-in's next step, else the profile's status.
        public var statusLine: String { openCeremony.map(\.status.nextStep) ?? profile.status.label }
    }

    public var rows: [Row]

    /// Reads the profiles (every page) and, for each one that is not ready or
    /// revoked, the newest open ceremony. A ceremony list that fails leaves
    /// that row without a live sign-in rather than failing the screen.
    public static func load(api: WebsiteAccessAPI, chosenProfileID: String?) async throws -> WebsiteAccessOverview {
        let profiles = try await api.allProfiles()
        var rows: [Row] = []
        for profile in profiles {
            var open: Ceremony?
            if profile.status != .ready && profile.status != .revoked,
               let ceremonies = try? await api.ceremonies(profileID: profile.id) {
                open = newestOpen(ceremonies)
            }
            rows.append(Row(profile: profile, openCeremony: open, isChosen: profile.id == chosenProfileID))
        }
        return WebsiteAccessOverview(rows: rows)
    }

    public init(rows: [Row]) {
        self.rows = rows
    }

    /// The newest open ceremony, by expiry (ceremonies carry no creation time).
    public static func newestOpen(_ ceremonies: [Ceremony]) -> Ceremony? {
        ceremonies.filter(\.status.isOpen).max { ($0.expiresAt?.date ?? .distantPast) < ($1.expiresAt?.date ?? .distantPast) }
    }
}

extension TaskGrant {
    /// The task permission a conversation's composer line shows: the newest
    /// grant of `sessionID` still active at `now` (by the client's own
    /// arithmetic, so it disappears at its expiry without another read).
    public static func current(among grants: [TaskGrant], sessionID: String, now: Date) -> TaskGrant? {
        grants.filter { $0.sessionID == sessionID && $0.isActive(now: now) }
            .max { $0.createdAt < $1.createdAt }
    }
}

extension CeremonyDriver {
    /// Before the app switches server or token: cancel every live ceremony
    /// with the old credential, best effort; the caller then drops the links.
    /// Returns the ids that could not be cancelled.
    public func cancelBeforeSwitching(_ ceremonies: [Ceremony]) async -> [String] {
        var failed: [String] = []
        for ceremony in ceremonies where ceremony.status.isOpen {
            do { _ = try await api.cancelCeremony(id: ceremony.id) } catch { failed.append(ceremony.id) }
        }
        return failed
    }
}
