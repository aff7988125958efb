import Foundation
import VeetStore

/// The one READY profile chosen for new conversations on a connection. It
/// is a local preference: cleared when the connection's server changes or
/// the connection is forgotten, and sent only when a conversation is created.
public struct ChosenProfile: Sendable {
    static let key = "website.chosen_profile_id"
    public let preferences: ConnectionPreferences

    public init(store: LocalStore) {
        preferences = store.preferences
    }

    public func profileID() throws -> String? {
        try preferences.value(for: Self.key)
    }

    /// Chooses `profile`; only a READY profile can be chosen.
    public func choose(_ profile: BrowserProfile) throws {
        guard profile.status == .ready else { throw ChoiceError.notReady(profile.status) }
        try preferences.set(profile.id, for: Self.key)
    }

    public func clear() throws {
        try preferences.set(nil, for: Self.key)
    }

    /// The id to send with a new conversation: the choice, if that profile is
    /// still listed as ready; a choice that is gone or no longer ready is
    /// cleared so it is not offered again.
    public func idForNewSession(among profiles: [BrowserProfile]) throws -> String? {
        guard let id = try profileID() else { return nil }
        if profiles.contains(where: { $0.id == id && $0.status == .ready }) { return id }
        if !profiles.contains(where: { $0.id == id && $0.status != .revoked }) { try clear() }
        return nil
    }

    /// The check a conversation's creation makes of the profile chosen when
    /// its first message was typed (the message may wait in the outbox for a
    /// while): the id while that profile is still listed as ready, else none
    /// (a choice that is gone is cleared, as `idForNewSession` does). A failed
    /// read of the profiles sends none.
    public func checkForNewSession(api: WebsiteAccessAPI) -> @Sendable (String) async -> String? {
        let chosen = self
        return { id in
            guard let profiles = try? await api.allProfiles() else { return nil }
            if profiles.contains(where: { $0.id == id && $0.status == .ready }) { return id }
            if (try? chosen.profileID()) == id, !profiles.contains(where: { $0.id == id && $0.status != .revoked }) {
                try? chosen.clear()
            }
            return nil
        }
    }

    public enum ChoiceError: Error, Sendable, Hashable, CustomStringConvertible {
        case notReady(ProfileStatus)

        public var description: String {
            switch self {
            case .notReady(let status):
                "Only a ready profile can be used for new conversations (this one is \(status.label)). Sign in first."
            }
        }
    }
}
