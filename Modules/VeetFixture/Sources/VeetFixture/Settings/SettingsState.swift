import Foundation

/// The owner's model settings and persona (docs/wire/settings.md §3, §4), seeded on first use.
final class SettingsState {
    struct ChatOption {
        var policy: String
        var name: String
        var efforts: [String]
        /// Sent as is, even outside `efforts` (the client must then take the first listed).
        var defaultEffort: String?
    }

    struct MemoryOption {
        var policy: String
        var name: String
        var effort: String?
    }

    struct Choice: Equatable {
        var policy: String
        var effort: String?
    }

    struct Entry: Equatable {
        var text: String
        var source: String
        var beliefID: String?
        var sensitivity: String
    }

    struct Persona {
        var version: Int
        var entries: [Entry]
        var source: String
        var createdAt: Instant
    }

    struct Nomination {
        var id: String
        var beliefID: String
        var statement: String
        var beliefType: String
        var confidence: Double
        var corroboration: Int
        var state: String
        var nominatedAt: Instant
        var resolvedAt: Instant?
        var affirmedVersion: Int?
    }

    /// The closed effort set a write is checked against (docs/wire/settings.md §3.1).
    static let knownEfforts: Set<String> = ["low", "medium", "high", "xhigh", "max"]
    static let maxEntries = 30
    static let maxEntryLength = 500

    var chatOptions: [ChatOption] = [
        ChatOption(policy: "frontier", name: "Frontier", efforts: ["low", "medium", "high", "xhigh"], defaultEffort: "high"),
        ChatOption(policy: "fast", name: "Fast", efforts: [], defaultEffort: nil),
        // An inconsistent default on purpose: the client takes "low", the first listed.
        ChatOption(policy: "balanced", name: "Balanced", efforts: ["low", "medium"], defaultEffort: "high"),
    ]
    var memoryOptions: [MemoryOption] = [
        MemoryOption(policy: "memory_default", name: "Standard", effort: nil),
        MemoryOption(policy: "memory_deep", name: "Deep", effort: "medium"),
        MemoryOption(policy: "memory_deep", name: "Deep", effort: "high"),
    ]
    var modelsVersion = 0
    var chat = Choice(policy: "frontier", effort: "high")
    var memory = Choice(policy: "memory_default", effort: nil)

    private(set) var seeded = false
    var persona = Persona(version: 0, entries: [], source: "user_edit", createdAt: Instant(microseconds: 0))
    /// Every written version, newest first (the current one included).
    var history: [Persona] = []
    var nominations: [Nomination] = []

    func seedIfNeeded(now: Instant) {
        guard !seeded else { return }
        seeded = true
        let first = Persona(version: 1, entries: [Entry(text: "Call me Sam.", source: "user_edit", beliefID: nil,
                                                        sensitivity: "internal")],
                            source: "user_edit", createdAt: now.adding(seconds: -7200))
        var second = first
        second.version = 2
        second.entries.append(Entry(text: "Prefers concise answers.", source: "affirmation",
                                    beliefID: Identifier.make(), sensitivity: "internal"))
        second.source = "affirmation"
        second.createdAt = now.adding(seconds: -3600)
        persona = second
        history = [second, first]
        let statements = [("Works from Lisbon most weeks.", "fact"), ("Likes answers with a short summary first.", "preference"),
                          ("Has a standing Monday planning call.", "fact")]
        nominations = statements.enumerated().map { index, item in
            Nomination(id: Identifier.make(), beliefID: Identifier.make(), statement: item.0, beliefType: item.1,
                       confidence: 0.8, corroboration: 3, state: "nominated",
                       nominatedAt: now.adding(seconds: Double(index - 600)))
        }
        nominations.append(Nomination(id: Identifier.make(), beliefID: Identifier.make(), statement: "Dislikes emoji.",
                                      beliefType: "preference", confidence: 0.6, corroboration: 1, state: "declined",
                                      nominatedAt: now.adding(seconds: -900), resolvedAt: now.adding(seconds: -800)))
    }

    // MARK: Model settings

    /// The effective choice: a saved chat model no longer offered shows the first option with its default.
    var effectiveChat: Choice {
        if let option = chatOptions.first(where: { $0.policy == chat.policy }),
           chat.effort.map(option.efforts.contains) ?? option.efforts.isEmpty {
            return chat
        }
        guard let first = chatOptions.first else { return chat }
        let effort = first.defaultEffort.flatMap { first.efforts.contains($0) ? $0 : nil } ?? first.efforts.first
        return Choice(policy: first.policy, effort: effort)
    }

    var effectiveMemory: Choice {
        if memoryOptions.contains(where: { $0.policy == memory.policy && $0.effort == memory.effort }) { return memory }
        return memoryOptions.first.map { Choice(policy: $0.policy, effort: $0.effort) } ?? memory
    }

    func offers(chat choice: Choice) -> Bool {
        guard let option = chatOptions.first(where: { $0.policy == choice.policy }) else { return false }
        guard let effort = choice.effort else { return option.efforts.isEmpty }
        return option.efforts.contains(effort)
    }

    func offers(memory choice: Choice) -> Bool {
        memoryOptions.contains { $0.policy == choice.policy && $0.effort == choice.effort }
    }

    var modelsView: JSON {
        func choice(_ c: Choice) -> JSON { ["model_policy": .string(c.policy), "reasoning_effort": .string(c.effort)] }
        return [
            "version": .int(modelsVersion),
            "chat": choice(effectiveChat),
            "memory": choice(effectiveMemory),
            "chat_options": .array(chatOptions.map { option in
                ["model_policy": .string(option.policy), "display_name": .string(option.name), "provider": "fixture",
                 "model": .string("fixture-\(option.policy)"),
                 "reasoning_efforts": .array(option.efforts.map { JSON.string($0) }),
                 "default_reasoning_effort": .string(option.defaultEffort)]
            }),
            "memory_options": .array(memoryOptions.map { option in
                ["model_policy": .string(option.policy), "display_name": .string(option.name), "provider": "fixture",
                 "model": .string("fixture-\(option.policy)"), "reasoning_effort": .string(option.effort)]
            }),
        ]
    }

    // MARK: Persona

    func write(_ entries: [Entry], source: String, now: Instant) -> Persona {
        persona = Persona(version: persona.version + 1, entries: entries, source: source, createdAt: now)
        history.insert(persona, at: 0)
        return persona
    }

    func view(_ document: Persona) -> JSON {
        [
            "version": .int(document.version),
            "entries": .array(document.entries.map { entry in
                ["text": .string(entry.text), "source": .string(entry.source), "source_belief_id": .string(entry.beliefID),
                 "sensitivity": .string(entry.sensitivity)]
            }),
            "source": .string(document.source),
            "created_at": document.version == 0 ? .null : .string(document.createdAt.zulu),
        ]
    }

    func view(_ nomination: Nomination) -> JSON {
        [
            "id": .string(nomination.id), "belief_id": .string(nomination.beliefID),
            "statement": .string(nomination.statement), "belief_type": .string(nomination.beliefType),
            "authority": "inferred", "confidence": .double(nomination.confidence),
            "corroboration_count": .int(nomination.corroboration), "sensitivity": "internal",
            "state": .string(nomination.state), "nominated_at": .string(nomination.nominatedAt.zulu),
            "resolved_at": .string(nomination.resolvedAt?.zulu),
            "affirmed_version": nomination.affirmedVersion.map { JSON.int($0) } ?? .null,
        ]
    }
}
