import VeetTerminal

/// The roles one run of text plays at once (a link inside a heading plays both).
public struct MarkdownRoles: OptionSet, Hashable, Sendable {
    public let rawValue: UInt16

    public init(rawValue: UInt16) { self.rawValue = rawValue }
    public init(_ role: MarkdownRole) { rawValue = 1 << UInt16(role.rawValue) }

    public static let none = MarkdownRoles([])

    public func contains(_ role: MarkdownRole) -> Bool { contains(MarkdownRoles(role)) }

    func adding(_ role: MarkdownRole) -> MarkdownRoles { union(MarkdownRoles(role)) }
}

/// A stretch of laid-out text with one look (spaces included); inside the
/// layout also a hard line break, which never reaches a finished line.
public struct MarkdownRun: Sendable, Equatable {
    enum Kind { case text, lineBreak }

    public internal(set) var text: String
    /// Terminal columns of `text`.
    public internal(set) var width: Int
    var kind: Kind
    public internal(set) var roles: MarkdownRoles
    /// The OSC 8 target when the style allows hyperlinks, already checked
    /// (https or mailto, printable ASCII).
    public internal(set) var link: String?

    init(_ text: String, roles: MarkdownRoles = .none, link: String? = nil, kind: Kind = .text) {
        self.text = text
        self.width = DisplayWidth.of(text)
        self.kind = kind
        self.roles = roles
        self.link = link
    }

    init(text: String, width: Int, kind: Kind, roles: MarkdownRoles, link: String?) {
        self.text = text
        self.width = width
        self.kind = kind
        self.roles = roles
        self.link = link
    }

    /// Padding: `count` spaces, treated as one unbreakable piece.
    static func spaces(_ count: Int) -> MarkdownRun {
        MarkdownRun(text: String(repeating: " ", count: count), width: count, kind: .text, roles: .none, link: nil)
    }

    static let lineBreak = MarkdownRun(text: "", width: 0, kind: .lineBreak, roles: .none, link: nil)
}

/// One laid-out line: its runs in order, no escape sequence, no newline.
/// It remembers whether it belongs to a code block or a table, and how much
/// of its left side stays put when the block scrolls sideways.
public struct MarkdownLine: Sendable, Equatable {
    public internal(set) var runs: [MarkdownRun]
    var startsCodeBlock = false
    var inCodeBlock = false
    var startsTable = false
    var inTable = false
    /// Columns of list and quote indentation in front of the block.
    var prefixWidth = 0
    /// Columns of the block's own left frame that never scroll (a code block's bar).
    var framePinned = 0
    /// A frame line (a code block's top or bottom) that never scrolls at all.
    var pinsWholeLine = false

    init(_ runs: [MarkdownRun] = [], startsCodeBlock: Bool = false, inCodeBlock: Bool = false) {
        self.runs = runs
        self.startsCodeBlock = startsCodeBlock
        self.inCodeBlock = inCodeBlock
    }

    /// Columns at the left that stay in place when the line scrolls sideways.
    var pinnedWidth: Int { prefixWidth + framePinned }

    /// Terminal columns of the whole line.
    public var width: Int { runs.reduce(0) { $0 + $1.width } }

    /// `prefix` in front (an empty line gets the prefix without its trailing spaces).
    func prefixed(by prefix: [MarkdownRun]) -> MarkdownLine {
        var copy = self
        copy.prefix(with: prefix)
        return copy
    }

    /// In-place form of `prefixed(by:)`.
    mutating func prefix(with prefix: [MarkdownRun]) {
        if runs.isEmpty {
            var trimmed = prefix
            while let last = trimmed.last, last.text.allSatisfy({ $0 == " " }) {
                trimmed.removeLast()
            }
            if var last = trimmed.last, last.text.last == " " {
                while last.text.last == " " { last.text.removeLast() }
                last.width = DisplayWidth.of(last.text)
                trimmed[trimmed.count - 1] = last
            }
            runs = trimmed
            prefixWidth += trimmed.reduce(0) { $0 + $1.width }
        } else {
            runs.insert(contentsOf: prefix, at: 0)
            prefixWidth += prefix.reduce(0) { $0 + $1.width }
        }
    }
}
