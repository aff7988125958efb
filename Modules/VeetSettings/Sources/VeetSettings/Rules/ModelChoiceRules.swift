import VeetTransport

/// Why a choice cannot be saved (docs/wire/settings.md §3.2), found before any request.
public enum ChoiceRefusal: Error, Sendable, Hashable, CustomStringConvertible {
    case chatModelNotOffered(String)
    case effortNotAccepted(policy: String, effort: ReasoningEffort, accepted: [ReasoningEffort])
    /// A model that accepts efforts needs one of them; "none" is only for a model that takes none.
    case effortRequired(policy: String, accepted: [ReasoningEffort])
    case memoryPairNotOffered(ModelChoice, offered: [ModelChoice])

    public var description: String {
        switch self {
        case .chatModelNotOffered(let policy):
            "The chat model \"\(policy)\" is not offered by this server."
        case .effortNotAccepted(let policy, let effort, let accepted):
            "The chat model \"\(policy)\" does not accept the effort \"\(effort.rawValue)\""
                + (accepted.isEmpty ? " (it takes no effort)." : "; it accepts \(Self.list(accepted)).")
        case .effortRequired(let policy, let accepted):
            "The chat model \"\(policy)\" needs an effort: \(Self.list(accepted))."
        case .memoryPairNotOffered(let choice, let offered):
            "The memory model \"\(choice.modelPolicy)\" with effort \"\(choice.reasoningEffort?.rawValue ?? "none")\" "
                + "is not one of the evaluated pairs: "
                + offered.map { "\($0.modelPolicy)/\($0.reasoningEffort?.rawValue ?? "none")" }.joined(separator: ", ") + "."
        }
    }

    private static func list(_ efforts: [ReasoningEffort]) -> String {
        efforts.map(\.rawValue).joined(separator: ", ")
    }
}

/// What the owner asked to change; nil keeps that part as the server has it.
/// An effort of `.some(nil)` asks for "no effort".
public struct ModelSettingsRequest: Sendable, Hashable {
    public var chatPolicy: String?
    public var chatEffort: ReasoningEffort??
    public var memoryPolicy: String?
    public var memoryEffort: ReasoningEffort??

    public init(chatPolicy: String? = nil, chatEffort: ReasoningEffort?? = nil, memoryPolicy: String? = nil,
                memoryEffort: ReasoningEffort?? = nil) {
        self.chatPolicy = chatPolicy
        self.chatEffort = chatEffort
        self.memoryPolicy = memoryPolicy
        self.memoryEffort = memoryEffort
    }

    public var isEmpty: Bool { chatPolicy == nil && chatEffort == nil && memoryPolicy == nil && memoryEffort == nil }

    /// An effort as typed: `none` (or `default`) is "send no effort"; anything
    /// else is the server's spelling, kept even when this client does not know it.
    public static func effort(typed: String) -> ReasoningEffort? {
        let word = typed.lowercased()
        return ["none", "default", "null"].contains(word) ? nil : ReasoningEffort(raw: word)
    }
}

/// The allowed combinations (docs/wire/settings.md §3.2), as plain values.
public enum ModelChoiceRules {
    /// Nil when the server offers this chat choice.
    public static func chatRefusal(_ choice: ModelChoice, in settings: ModelSettings) -> ChoiceRefusal? {
        guard let option = settings.chatOption(choice.modelPolicy) else { return .chatModelNotOffered(choice.modelPolicy) }
        guard let effort = choice.reasoningEffort else {
            return option.reasoningEfforts.isEmpty ? nil
                : .effortRequired(policy: option.modelPolicy, accepted: option.reasoningEfforts)
        }
        return option.reasoningEfforts.contains(effort) ? nil
            : .effortNotAccepted(policy: option.modelPolicy, effort: effort, accepted: option.reasoningEfforts)
    }

    /// Nil when the pair equals one offered memory pair exactly (`null` included).
    public static func memoryRefusal(_ choice: ModelChoice, in settings: ModelSettings) -> ChoiceRefusal? {
        let offered = settings.memoryOptions.map(\.choice)
        return offered.contains(choice) ? nil : .memoryPairNotOffered(choice, offered: offered)
    }

    /// The efforts a chat model offers, for a picker: "none" only when it takes none.
    public static func efforts(for option: ChatModelOption) -> [ReasoningEffort?] {
        option.reasoningEfforts.isEmpty ? [nil] : option.reasoningEfforts.map { $0 }
    }

    /// The chat and memory choices the request makes of `settings`, checked.
    /// A new chat model without an effort takes that model's default effort;
    /// the same model keeps its effort while the model still accepts it. A
    /// memory model without an effort takes its first evaluated pair (the
    /// current one, when that model is kept).
    public static func resolve(_ request: ModelSettingsRequest, against settings: ModelSettings) throws(ChoiceRefusal)
        -> (chat: ModelChoice, memory: ModelChoice) {
        let chat = try resolveChat(request, settings)
        let memory = try resolveMemory(request, settings)
        return (chat, memory)
    }

    private static func resolveChat(_ request: ModelSettingsRequest, _ settings: ModelSettings) throws(ChoiceRefusal)
        -> ModelChoice {
        let policy = request.chatPolicy ?? settings.chat.modelPolicy
        guard let option = settings.chatOption(policy) else { throw .chatModelNotOffered(policy) }
        let effort: ReasoningEffort?
        if let asked = request.chatEffort {
            effort = asked
        } else if policy == settings.chat.modelPolicy,
                  chatRefusal(settings.chat, in: settings) == nil {
            effort = settings.chat.reasoningEffort
        } else {
            effort = option.defaultEffort
        }
        let choice = ModelChoice(modelPolicy: policy, reasoningEffort: effort)
        if let refusal = chatRefusal(choice, in: settings) { throw refusal }
        return choice
    }

    private static func resolveMemory(_ request: ModelSettingsRequest, _ settings: ModelSettings)
        throws(ChoiceRefusal) -> ModelChoice {
        let policy = request.memoryPolicy ?? settings.memory.modelPolicy
        let choice: ModelChoice
        if let asked = request.memoryEffort {
            choice = ModelChoice(modelPolicy: policy, reasoningEffort: asked)
        } else if policy == settings.memory.modelPolicy {
            choice = settings.memory
        } else {
            choice = settings.memoryOptions.first { $0.modelPolicy == policy }?.choice
                ?? ModelChoice(modelPolicy: policy, reasoningEffort: nil)
        }
        if let refusal = memoryRefusal(choice, in: settings) { throw refusal }
        return choice
    }

    /// What differs between two readings, one line each, for "it changed meanwhile".
    public static func changes(from old: ModelSettings, to new: ModelSettings) -> [String] {
        var lines: [String] = []
        if old.chat != new.chat { lines.append("chat: \(old.chat.text) → \(new.chat.text)") }
        if old.memory != new.memory { lines.append("memory: \(old.memory.text) → \(new.memory.text)") }
        let oldChat = Set(old.chatOptions.map(\.modelPolicy)), newChat = Set(new.chatOptions.map(\.modelPolicy))
        for policy in new.chatOptions.map(\.modelPolicy) where !oldChat.contains(policy) {
            lines.append("chat model offered now: \(policy)")
        }
        for policy in old.chatOptions.map(\.modelPolicy) where !newChat.contains(policy) {
            lines.append("chat model no longer offered: \(policy)")
        }
        for option in new.chatOptions {
            if let before = old.chatOption(option.modelPolicy), before.reasoningEfforts != option.reasoningEfforts {
                lines.append("\(option.modelPolicy) efforts: "
                    + "\(before.reasoningEfforts.map(\.rawValue)) → \(option.reasoningEfforts.map(\.rawValue))")
            }
        }
        let oldPairs = old.memoryOptions.map(\.choice), newPairs = new.memoryOptions.map(\.choice)
        for pair in newPairs where !oldPairs.contains(pair) { lines.append("memory pair offered now: \(pair.text)") }
        for pair in oldPairs where !newPairs.contains(pair) { lines.append("memory pair no longer offered: \(pair.text)") }
        if lines.isEmpty && old.version != new.version {
            lines.append("saved again elsewhere (version \(old.version) → \(new.version)), with the same choices")
        }
        return lines
    }
}
