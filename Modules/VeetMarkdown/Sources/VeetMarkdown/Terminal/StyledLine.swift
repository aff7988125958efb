import VeetTerminal

/// A set of roles applied to one run of text.
struct RoleSet: OptionSet, Hashable {
    let rawValue: UInt16

    init(rawValue: UInt16) { self.rawValue = rawValue }
    init(_ role: MarkdownRole) { rawValue = 1 << UInt16(role.rawValue) }

    static let none = RoleSet([])

    func adding(_ role: MarkdownRole) -> RoleSet { union(RoleSet(role)) }
}

/// A stretch of text with one look (spaces included), or a hard line break.
struct StyledRun {
    enum Kind { case text, lineBreak }

    var text: String
    var width: Int
    var kind: Kind
    var roles: RoleSet
    /// The OSC 8 target, already checked (https or mailto, printable ASCII).
    var link: String?

    init(_ text: String, roles: RoleSet = .none, link: String? = nil, kind: Kind = .text) {
        self.text = text
        self.width = DisplayWidth.of(text)
        self.kind = kind
        self.roles = roles
        self.link = link
    }

    init(text: String, width: Int, kind: Kind, roles: RoleSet, link: String?) {
        self.text = text
        self.width = width
        self.kind = kind
        self.roles = roles
        self.link = link
    }

    /// Padding: `count` spaces, treated as one unbreakable piece.
    static func spaces(_ count: Int) -> StyledRun {
        StyledRun(text: String(repeating: " ", count: count), width: count, kind: .text, roles: .none, link: nil)
    }

    static let lineBreak = StyledRun(text: "", width: 0, kind: .lineBreak, roles: .none, link: nil)
}

/// One output line before encoding, remembering whether it belongs to a code block.
struct StyledLine {
    var runs: [StyledRun]
    var startsCodeBlock = false
    var inCodeBlock = false

    init(_ runs: [StyledRun] = [], startsCodeBlock: Bool = false, inCodeBlock: Bool = false) {
        self.runs = runs
        self.startsCodeBlock = startsCodeBlock
        self.inCodeBlock = inCodeBlock
    }

    var width: Int { runs.reduce(0) { $0 + $1.width } }

    /// `prefix` in front (an empty line gets the prefix without its trailing spaces).
    func prefixed(by prefix: [StyledRun]) -> StyledLine {
        var copy = self
        copy.prefix(with: prefix)
        return copy
    }

    /// In-place form of `prefixed(by:)`.
    mutating func prefix(with prefix: [StyledRun]) {
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
        } else {
            runs.insert(contentsOf: prefix, at: 0)
        }
    }
}

/// Turns styled lines into strings with SGR and OSC 8 sequences as the style
/// allows. Every line is self-contained: whatever it opens, it closes.
struct LineEncoder {
    let style: TerminalStyle
    /// Indexed by `RoleSet.rawValue`: an array lookup is cheaper than hashing per run.
    private var sgrCache: [String?] = []

    init(style: TerminalStyle) {
        self.style = style
    }

    static let reset = "\u{1B}[0m"
    static func hyperlinkOpen(_ target: String) -> String { "\u{1B}]8;;\(target)\u{1B}\\" }
    static let hyperlinkClose = "\u{1B}]8;;\u{1B}\\"

    mutating func encode(_ line: StyledLine) -> String {
        var output = ""
        // Text bytes plus room for a few escape sequences: one allocation for most lines.
        var capacity = 16
        for run in line.runs { capacity += run.text.utf8.count + 12 }
        if style.hyperlinks { capacity += 64 }
        output.reserveCapacity(capacity)
        var roles = RoleSet.none
        var link: String?
        var isOpen = false
        for run in line.runs where !run.text.isEmpty {
            if style.hyperlinks, run.link != link {
                if link != nil { output += Self.hyperlinkClose }
                if let target = run.link { output += Self.hyperlinkOpen(target) }
                link = run.link
            }
            if style.attributes, run.roles != roles {
                if isOpen { output += Self.reset }
                let sequence = sgr(run.roles)
                output += sequence
                isOpen = !sequence.isEmpty
                roles = run.roles
            }
            output += run.text
        }
        if isOpen { output += Self.reset }
        if link != nil { output += Self.hyperlinkClose }
        return output
    }

    private mutating func sgr(_ roles: RoleSet) -> String {
        let slot = Int(roles.rawValue)
        if slot < sgrCache.count, let cached = sgrCache[slot] { return cached }
        let parameters = MarkdownRole.allCases
            .filter { roles.contains(RoleSet($0)) }
            .map { style.palette[$0] }
            .filter { !$0.isEmpty }
        let sequence = parameters.isEmpty ? "" : "\u{1B}[" + parameters.joined(separator: ";") + "m"
        if slot >= sgrCache.count { sgrCache += Array(repeating: nil, count: slot + 1 - sgrCache.count) }
        sgrCache[slot] = sequence
        return sequence
    }
}
