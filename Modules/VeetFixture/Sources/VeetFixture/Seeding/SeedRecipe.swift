import Foundation

/// SplitMix64: a tiny deterministic generator, so a seeded session's words depend only on its index.
struct SeedRandom {
    private var state: UInt64

    init(_ seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 &+ 0x2545_F491_4F6C_DD1D }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }

    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
}

/// What a seeded session is, decided by its index alone.
enum SeedKind: Equatable {
    case chat
    /// A People audit session (`metadata.purpose == "people-management"`), no messages.
    case peopleAudit
    /// A People history-import session (`metadata.purpose == "people-import"`), no messages.
    case peopleImport
    /// The session of one occurrence of schedule `schedule` (an index into `SeedVocabulary.schedules`).
    case scheduled(schedule: Int)

    static func of(index: Int) -> SeedKind {
        switch index % 200 {
        case 5: return .peopleAudit
        case 11: return .peopleImport
        default: break
        }
        if index % 40 == 3 { return .scheduled(schedule: (index / 40) % SeedVocabulary.schedules.count) }
        return .chat
    }
}

/// Everything needed to regenerate one seeded session on demand. Only this small
/// value is kept per session: transcripts and run logs are rebuilt when read, so
/// 100,000 seeded sessions cost little memory.
struct SeedRecipe {
    let index: Int
    /// Question/answer pairs (runs) in a chat session.
    let chatTurns: Int
    let kind: SeedKind

    init(index: Int, messagesPerSession: Int) {
        self.index = index
        self.chatTurns = max(1, (messagesPerSession + 1) / 2)
        self.kind = SeedKind.of(index: index)
    }

    var turns: Int {
        switch kind {
        case .chat: chatTurns
        case .scheduled: 1
        case .peopleAudit, .peopleImport: 0
        }
    }

    /// Every fifth chat session searched the web in its first turn.
    var searchesTheWeb: Bool { kind == .chat && index % 5 == 1 }

    // MARK: Identifiers (the index is readable from them, so runs need no lookup table)

    private static func uuid(_ prefix: String, _ middle: Int, _ index: Int) -> String {
        prefix + "-" + hex(middle, width: 4) + "-4000-8000-" + hex(index, width: 12)
    }

    private static func hex(_ value: Int, width: Int) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    static func sessionID(index: Int) -> String { uuid("5eed5e55", 0, index) }

    var sessionID: String { Self.sessionID(index: index) }

    func runID(turn: Int) -> String { Self.uuid("5eedc0de", turn, index) }

    /// `(index, turn)` of a seeded run id.
    static func runPosition(of id: String) -> (index: Int, turn: Int)? {
        guard id.count == 36, id.hasPrefix("5eedc0de-") else { return nil }
        let parts = id.split(separator: "-")
        guard parts.count == 5, let turn = Int(parts[1], radix: 16), let index = Int(parts[4], radix: 16) else {
            return nil
        }
        return (index, turn)
    }

    static func scheduleID(_ schedule: Int) -> String { uuid("5eed5c4e", 0, schedule) }

    var occurrenceID: String { Self.uuid("5eed0cc0", 0, index) }

    // MARK: Words

    struct Words {
        var topic: SeedTopic
        var slots: [(String, String)]
        var variant: Int

        func fill(_ template: String) -> String {
            var text = template
            for (slot, value) in slots where text.contains(slot) {
                text = text.replacingOccurrences(of: slot, with: value)
            }
            return text
        }
    }

    var words: Words {
        var random = SeedRandom(UInt64(index))
        let topic = random.pick(SeedVocabulary.topics)
        let slots = [
            ("{place}", random.pick(SeedVocabulary.places)), ("{thing}", random.pick(topic.things)),
            ("{month}", random.pick(SeedVocabulary.months)), ("{n}", String(2 + random.below(5))),
            ("{year}", String(2022 + random.below(5))), ("{person}", random.pick(SeedVocabulary.people)),
        ]
        return Words(topic: topic, slots: slots, variant: random.below(1000))
    }

    var title: String? {
        switch kind {
        case .chat:
            let words = words
            return words.fill(words.topic.titles[words.variant % words.topic.titles.count])
        case .scheduled(let schedule): return SeedVocabulary.schedules[schedule].title
        case .peopleAudit: return nil
        case .peopleImport: return "People history import"
        }
    }

    func metadata(nominalFireAt: Instant) -> JSON {
        switch kind {
        case .chat:
            return ["client": "veet-seed"]
        case .peopleAudit:
            return ["purpose": "people-management"]
        case .peopleImport:
            return ["purpose": "people-import"]
        case .scheduled(let schedule):
            return [
                "schedule_id": .string(Self.scheduleID(schedule)), "schedule_revision": 1,
                "schedule_occurrence_id": .string(occurrenceID), "nominal_fire_at": .string(nominalFireAt.offset),
            ]
        }
    }

    /// The user's message and the answer of `turn`.
    func exchange(turn: Int) -> (question: String, answer: String) {
        if case .scheduled(let schedule) = kind {
            let words = words
            return (
                SeedVocabulary.schedules[schedule].instruction,
                words.fill("Here is your update: nothing urgent, {n} meetings, and a reminder to call {person}.")
            )
        }
        let words = words
        let topic = words.topic
        let position = words.variant + turn
        var question = words.fill(topic.questions[position % topic.questions.count])
        if turn > 0 { question = words.fill(topic.followUps[position % topic.followUps.count]) + " " + question }
        return (question, words.fill(topic.answers[position % topic.answers.count]))
    }

    /// The web search of the first turn: query and the answer text it returned.
    var webSearch: (query: String, answer: String)? {
        guard searchesTheWeb else { return nil }
        let words = words
        let topic = words.topic
        return (
            words.fill(topic.searchQueries[words.variant % topic.searchQueries.count]),
            words.fill(topic.searchAnswers[words.variant % topic.searchAnswers.count])
        )
    }
}
