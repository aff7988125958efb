import Foundation

/// A one-line excerpt with its matched words marked. `highlights` are
/// ranges of Character offsets into `text`; frontends choose how to mark
/// them (bold, colour, brackets). An elided part reads as "…".
public struct Excerpt: Sendable, Hashable, Codable {
    public var text: String
    public var highlights: [Range<Int>]

    public init(text: String, highlights: [Range<Int>]) {
        self.text = text
        self.highlights = highlights
    }

    /// The text with each highlight wrapped in `open`/`close` (e.g. "**").
    public func marked(open: String, close: String) -> String {
        var result = ""
        let characters = Array(text)
        var index = 0
        for range in highlights.sorted(by: { $0.lowerBound < $1.lowerBound }) where range.lowerBound >= index {
            result += String(characters[index..<range.lowerBound]) + open
                + String(characters[range]) + close
            index = range.upperBound
        }
        return result + String(characters[index...])
    }

    static let ellipsis: Character = "…"
    /// Below this width a middle elision keeps no head before the match's window.
    public static let narrowWidth = 24

    /// Builds the excerpt of `body` for `query`, at most `width` characters.
    /// Whitespace runs become single spaces. When the line is too long the
    /// middle is elided: the start stays, then "…", then the text around the
    /// first match (itself cut with "…" when it runs past the width); below
    /// `narrowWidth` no start is kept, only "…", the text around the match, "…".
    public static func make(body: String, query: SearchQuery, width: Int) -> Excerpt {
        let line = Array(body.split(whereSeparator: { $0.isWhitespace }).joined(separator: " "))
        let matches = matchRanges(in: line, query: query)
        let width = max(width, 8)
        guard line.count > width else { return Excerpt(text: String(line), highlights: matches) }

        // Classic middle elision when the first match sits in the kept head or tail.
        let headCount = (width - 1 + 1) / 2
        let tailCount = width - 1 - headCount
        let tailStart = line.count - tailCount
        let first = matches.first
        if first == nil || first!.upperBound <= headCount || first!.lowerBound >= tailStart {
            return assemble(line, pieces: [0..<headCount, tailStart..<line.count], matches: matches)
        }
        // Otherwise keep a short head and a window that opens a little before the first match;
        // a narrow line (a sidebar row) gives the head's room to the match: "…before match after…".
        let shortHead = width < Self.narrowWidth ? 0 : max(0, (width - 2) / 4)
        let windowLength = width - shortHead - 1
        let lead = min(12, windowLength / 3)
        var windowStart = max(shortHead, first!.lowerBound - lead)
        windowStart = min(windowStart, max(shortHead, line.count - windowLength))
        let windowEnd = min(line.count, windowStart + windowLength)
        if windowEnd < line.count {
            return assemble(line, pieces: [0..<shortHead, windowStart..<(windowEnd - 1)], matches: matches,
                            trailingEllipsis: true)
        }
        return assemble(line, pieces: [0..<shortHead, windowStart..<windowEnd], matches: matches)
    }

    /// Joins the pieces with "…" and carries over the matches that are wholly visible.
    private static func assemble(_ line: [Character], pieces: [Range<Int>], matches: [Range<Int>],
                                 trailingEllipsis: Bool = false) -> Excerpt {
        var text: [Character] = []
        var highlights: [Range<Int>] = []
        for (index, piece) in pieces.enumerated() {
            if index > 0 { text.append(ellipsis) }
            let offset = text.count - piece.lowerBound
            text.append(contentsOf: line[piece])
            for match in matches where piece.contains(match.lowerBound) && match.upperBound <= piece.upperBound {
                highlights.append((match.lowerBound + offset)..<(match.upperBound + offset))
            }
        }
        if trailingEllipsis { text.append(ellipsis) }
        return Excerpt(text: String(text), highlights: highlights)
    }

    /// Character ranges of the words the query matches (word-prefix, folded).
    static func matchRanges(in line: [Character], query: SearchQuery) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start: Int?
        var ascii = true
        func close(_ end: Int) {
            guard let s = start else { return }
            let word = line[s..<end]
            let matched = ascii ? query.matches(asciiWord: word)
                                : query.matches(foldedWord: SearchQuery.fold(String(word)))
            if matched { ranges.append(s..<end) }
            start = nil
        }
        for (index, character) in line.enumerated() {
            // ASCII letters and digits are decided without Unicode property lookups.
            let isWordCharacter: Bool
            if let byte = character.asciiValue {
                isWordCharacter = (byte >= 0x30 && byte <= 0x39) || ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A)
            } else {
                isWordCharacter = character.isLetter || character.isNumber
            }
            if isWordCharacter {
                if start == nil { start = index; ascii = true }
                if character.asciiValue == nil { ascii = false }
            } else {
                close(index)
            }
        }
        close(line.count)
        return ranges
    }
}
