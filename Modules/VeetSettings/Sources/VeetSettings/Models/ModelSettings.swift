import Foundation
import VeetTransport

/// A model policy and the effort sent with it (`chat`, `memory` and a write's
/// body, docs/wire/settings.md §3). `reasoningEffort` nil means "send no effort".
public struct ModelChoice: Codable, Sendable, Hashable {
    public var modelPolicy: String
    public var reasoningEffort: ReasoningEffort?

    public init(modelPolicy: String, reasoningEffort: ReasoningEffort?) {
        self.modelPolicy = modelPolicy
        self.reasoningEffort = reasoningEffort
    }

    enum CodingKeys: String, CodingKey {
        case modelPolicy = "model_policy", reasoningEffort = "reasoning_effort"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        modelPolicy = try c.decodeIfPresent(String.self, forKey: .modelPolicy) ?? ""
        reasoningEffort = try c.decodeIfPresent(ReasoningEffort.self, forKey: .reasoningEffort)
    }

    /// The effort is always written, `null` included: the pair is compared exactly.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(modelPolicy, forKey: .modelPolicy)
        try c.encode(reasoningEffort, forKey: .reasoningEffort)
    }

    /// "fast" or "frontier / High".
    public var text: String {
        guard let reasoningEffort else { return modelPolicy }
        return "\(modelPolicy) / \(reasoningEffort.label)"
    }
}

/// One model a chat may use, with the efforts it accepts.
public struct ChatModelOption: Codable, Sendable, Hashable {
    public var modelPolicy: String
    public var displayName: String
    public var provider: String?
    public var model: String?
    /// Empty: the model takes no effort, and the choice's effort must be nil.
    public var reasoningEfforts: [ReasoningEffort]
    /// As the server sent it; use `defaultEffort`, which applies the client rule.
    public var defaultReasoningEffort: ReasoningEffort?

    public init(modelPolicy: String, displayName: String? = nil, reasoningEfforts: [ReasoningEffort] = [],
                defaultReasoningEffort: ReasoningEffort? = nil) {
        self.modelPolicy = modelPolicy
        self.displayName = displayName ?? modelPolicy
        self.reasoningEfforts = reasoningEfforts
        self.defaultReasoningEffort = defaultReasoningEffort
    }

    enum CodingKeys: String, CodingKey {
        case provider, model
        case modelPolicy = "model_policy", displayName = "display_name"
        case reasoningEfforts = "reasoning_efforts", defaultReasoningEffort = "default_reasoning_effort"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        modelPolicy = try c.decode(String.self, forKey: .modelPolicy)
        displayName = try c.decodeIfPresent(String.self, forKey: .displayName) ?? modelPolicy
        provider = try c.decodeIfPresent(String.self, forKey: .provider)
        model = try c.decodeIfPresent(String.self, forKey: .model)
        reasoningEfforts = try c.decodeIfPresent([ReasoningEffort].self, forKey: .reasoningEfforts) ?? []
        defaultReasoningEffort = try c.decodeIfPresent(ReasoningEffort.self, forKey: .defaultReasoningEffort)
    }

    /// The effort to preselect (docs/wire/settings.md §3.1's client rule): the server's
    /// default when it is one this model accepts, else the first accepted one,
    /// else none. A default outside the list is never used.
    public var defaultEffort: ReasoningEffort? {
        if let defaultReasoningEffort, reasoningEfforts.contains(defaultReasoningEffort) { return defaultReasoningEffort }
        return reasoningEfforts.first
    }
}

/// One evaluated (model, effort) pair for memory formation: only these pairs may be chosen.
public struct MemoryModelOption: Codable, Sendable, Hashable {
    public var modelPolicy: String
    public var displayName: String
    public var provider: String?
    public var model: String?
    public var reasoningEffort: ReasoningEffort?

    public init(modelPolicy: String, displayName: String? = nil, reasoningEffort: ReasoningEffort? = nil) {
        self.modelPolicy = modelPolicy
        self.displayName = displayName ?? modelPolicy
        self.reasoningEffort = reasoningEffort
    }

    enum CodingKeys: String, CodingKey {
        case provider, model
        case modelPolicy = "model_policy", displayName = "display_name", reasoningEffort = "reasoning_effort"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        modelPolicy = try c.decode(String.self, forKey: .modelPolicy)
        displayName = try c.decodeIfPresent(String.self, forKey: .displayName) ?? modelPolicy
        provider = try c.decodeIfPresent(String.self, forKey: .provider)
        model = try c.decodeIfPresent(String.self, forKey: .model)
        reasoningEffort = try c.decodeIfPresent(ReasoningEffort.self, forKey: .reasoningEffort)
    }

    public var choice: ModelChoice { ModelChoice(modelPolicy: modelPolicy, reasoningEffort: reasoningEffort) }
}

/// The owner's model settings, a whole document with a version (docs/wire/settings.md §3.1).
/// `chat` and `memory` are the effective choices: a saved choice that is no
/// longer offered shows as the server's default.
public struct ModelSettings: Codable, Sendable, Hashable {
    /// 0 while the owner never saved.
    public var version: Int
    public var chat: ModelChoice
    public var memory: ModelChoice
    public var chatOptions: [ChatModelOption]
    public var memoryOptions: [MemoryModelOption]

    /// When a chat choice takes effect, in the words every app shows beside it.
    public static let whenChatChoiceApplies =
        "The chat model applies to new chats; the reasoning effort applies from the next message "
        + "(a chat keeps its model, and gets the effort only if that model accepts it)."

    public init(version: Int, chat: ModelChoice, memory: ModelChoice, chatOptions: [ChatModelOption],
                memoryOptions: [MemoryModelOption]) {
        self.version = version
        self.chat = chat
        self.memory = memory
        self.chatOptions = chatOptions
        self.memoryOptions = memoryOptions
    }

    enum CodingKeys: String, CodingKey {
        case version, chat, memory
        case chatOptions = "chat_options", memoryOptions = "memory_options"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        version = try c.decodeIfPresent(Int.self, forKey: .version) ?? 0
        chat = try c.decode(ModelChoice.self, forKey: .chat)
        memory = try c.decode(ModelChoice.self, forKey: .memory)
        chatOptions = (try c.decodeIfPresent([Skippable<ChatModelOption>].self, forKey: .chatOptions) ?? [])
            .compactMap(\.value)
        memoryOptions = (try c.decodeIfPresent([Skippable<MemoryModelOption>].self, forKey: .memoryOptions) ?? [])
            .compactMap(\.value)
    }

    public func chatOption(_ policy: String) -> ChatModelOption? {
        chatOptions.first { $0.modelPolicy == policy }
    }
}

/// The body of `PUT /v1/settings/models`: all three fields, nothing else.
struct ModelSettingsWrite: Encodable {
    var expectedVersion: Int
    var chat: ModelChoice
    var memory: ModelChoice
    enum CodingKeys: String, CodingKey {
        case chat, memory
        case expectedVersion = "expected_version"
    }
}
