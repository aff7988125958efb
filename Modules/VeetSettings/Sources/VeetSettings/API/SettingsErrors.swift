import VeetTransport

/// A model-settings save refused because the document changed elsewhere (`409`).
/// `current` is the settings read right after; `changes` says what differs
/// from what the owner saw. Nothing was saved: the owner chooses again.
public struct ModelSettingsConflict: Error, Sendable, Hashable, CustomStringConvertible {
    public var current: ModelSettings
    public var changes: [String]
    public var underlying: APIError

    public var description: String {
        "The model settings changed elsewhere (now version \(current.version)); nothing was saved. "
            + (changes.isEmpty ? "" : "What changed: " + changes.joined(separator: "; ") + ". ")
            + "Choose again."
    }
}

/// The server refused the choice (`400`): it is not offered any more. The
/// settings were reloaded (`current`, nil when the reload failed too) and are
/// what the controls go back to; the save is not retried.
public struct ChoiceNotOffered: Error, Sendable, Hashable, CustomStringConvertible {
    public var refusedChat: ModelChoice
    public var refusedMemory: ModelChoice
    public var current: ModelSettings?
    public var underlying: APIError

    public var description: String {
        let what = "chat \(refusedChat.text), memory \(refusedMemory.text)"
        return current == nil
            ? "That choice (\(what)) is not offered any more; nothing was saved, and reloading the settings failed."
            : "That choice (\(what)) is not offered any more, reloaded; nothing was saved."
    }
}

/// This server has no such resource (docs/wire/settings.md §1: `404`/`405`): the controls are hidden.
public struct SettingsUnavailable: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Resource: String, Sendable, Hashable {
        case models = "model settings", persona
        /// Only the persona's history is missing; the persona itself may be there.
        case personaHistory = "the persona's history"
        /// Only the nominations are missing (a persona from before them).
        case nominations = "nominations from memory"
    }
    public var resource: Resource
    public var description: String { "This server does not offer \(resource.rawValue)." }
}
