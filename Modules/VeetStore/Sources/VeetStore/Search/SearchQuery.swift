import Foundation

/// Turns what a user typed into a safe FTS5 expression: every word becomes a
/// quoted prefix term (`plan` -> `"plan"*`), all of them required. Operators,
/// quotes and column filters typed by the user are treated as plain text.
public struct SearchQuery: Sendable, Hashable {
    /// The folded words, in order, at most `maxTerms`.
    public let terms: [String]
    public static let maxTerms = 16

    public init(_ text: String) {
        var words: [String] = []
        var current = ""
        for character in Self.fold(text) {
            if character.isLetter || character.isNumber {
                current.append(character)
            } else if !current.isEmpty {
                words.append(current)
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        var unique: [String] = []
        for word in words where !unique.contains(word) { unique.append(word) }
        terms = Array(unique.prefix(Self.maxTerms))
    }

    public var isEmpty: Bool { terms.isEmpty }

    /// The MATCH argument, or nil when nothing searchable was typed.
    public var ftsExpression: String? {
        guard !terms.isEmpty else { return nil }
        return terms.map { "\"\($0)\"*" }.joined(separator: " ")
    }

    /// True when `word` (already folded) is matched by one of the terms.
    func matches(foldedWord word: String) -> Bool {
        terms.contains { word.hasPrefix($0) }
    }

    /// The same test for a word of ASCII letters and digits, compared in place
    /// (lowercased byte by byte) instead of folding a new string per word.
    func matches(asciiWord word: ArraySlice<Character>) -> Bool {
        terms.contains { term in
            guard term.utf8.count <= word.count else { return false }
            var position = word.startIndex
            for byte in term.utf8 {
                guard let letter = word[position].asciiValue else { return false }
                let lower = letter >= 0x41 && letter <= 0x5A ? letter | 0x20 : letter
                if lower != byte { return false }
                position += 1
            }
            return true
        }
    }

    /// Case and diacritics folded, as the FTS tokenizer does (`remove_diacritics 2`).
    static func fold(_ text: String) -> String {
        // Most words are ASCII: lowercasing is all they need, without Foundation's folding.
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.lowercased() }
        return text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil).lowercased()
    }
}
