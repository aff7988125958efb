import Foundation

/// One thing wrong with a persona before it is sent (docs/wire/settings.md §4).
public enum PersonaProblem: Sendable, Hashable, CustomStringConvertible {
    case tooManyEntries(count: Int)
    /// `index` counts from 1, as the owner reads the list.
    case emptyEntry(index: Int)
    case entryTooLong(index: Int, length: Int)

    public var description: String {
        switch self {
        case .tooManyEntries(let count):
            "The persona has \(count) entries; at most \(PersonaRules.maxEntries) are allowed."
        case .emptyEntry(let index): "Entry \(index) is empty."
        case .entryTooLong(let index, let length):
            "Entry \(index) has \(length) characters; at most \(PersonaRules.maxEntryLength) are allowed."
        }
    }
}

/// A persona the rules refuse; nothing was sent.
public struct PersonaRefused: Error, Sendable, Hashable, CustomStringConvertible {
    public var problems: [PersonaProblem]
    public var description: String {
        "The persona was not saved: " + problems.map(\.description).joined(separator: " ")
    }
}

/// The persona's limits and the editing rules, as plain values.
public enum PersonaRules {
    public static let maxEntries = 30
    public static let maxEntryLength = 500
    /// The server shows at most this many open nominations.
    public static let maxOpenNominations = 5

    /// A length as the server counts it: Unicode code points, not grapheme clusters.
    public static func length(_ text: String) -> Int { text.unicodeScalars.count }

    /// Every problem, in list order; empty when the persona may be sent.
    public static func problems(_ entries: [PersonaEntry]) -> [PersonaProblem] {
        var problems: [PersonaProblem] = []
        if entries.count > maxEntries { problems.append(.tooManyEntries(count: entries.count)) }
        for (offset, entry) in entries.enumerated() {
            let length = length(entry.text)
            if entry.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                problems.append(.emptyEntry(index: offset + 1))
            } else if length > maxEntryLength {
                problems.append(.entryTooLong(index: offset + 1, length: length))
            }
        }
        return problems
    }

    /// The open nominations to show: `nominated` ones, oldest first, at most five.
    public static func openNominations(_ nominations: [PersonaNomination]) -> [PersonaNomination] {
        let open = nominations.filter { $0.state == .nominated }
        let ordered = open.sorted { ($0.nominatedAt?.date ?? .distantPast) < ($1.nominatedAt?.date ?? .distantPast) }
        return Array(ordered.prefix(maxOpenNominations))
    }

    /// Edited texts back as entries: a text that was already there keeps its
    /// provenance (an affirmed entry stays affirmed, with its belief); new text
    /// is the owner's own.
    public static func entries(texts: [String], editing previous: [PersonaEntry]) -> [PersonaEntry] {
        var unused = previous
        return texts.map { text in
            if let match = unused.firstIndex(where: { $0.text == text }) { return unused.remove(at: match) }
            return PersonaEntry(text: text, source: .userEdit)
        }
    }
}

/// A persona save refused because it changed elsewhere (`409`). Both sides are
/// kept: `mine` is what the owner wrote, `theirs` the server's document read
/// right after; nothing of either is lost.
public struct PersonaConflict: Error, Sendable, Hashable, CustomStringConvertible {
    public var mine: [PersonaEntry]
    public var theirs: PersonaDocument

    public init(mine: [PersonaEntry], theirs: PersonaDocument) {
        self.mine = mine
        self.theirs = theirs
    }

    public var description: String {
        "The persona changed elsewhere (now version \(theirs.version)); your edit was not saved and is kept."
    }

    /// The server's entries, then each of the owner's that the server does not
    /// have, in the owner's order: a starting point that drops nothing.
    public var combined: [PersonaEntry] {
        let theirTexts = Set(theirs.entries.map(\.text))
        return theirs.entries + mine.filter { !theirTexts.contains($0.text) }
    }

    /// The owner's entries the server does not have, and the server's the owner did not write.
    public var onlyMine: [PersonaEntry] { mine.filter { entry in !theirs.entries.contains { $0.text == entry.text } } }
    public var onlyTheirs: [PersonaEntry] { theirs.entries.filter { entry in !mine.contains { $0.text == entry.text } } }
}
