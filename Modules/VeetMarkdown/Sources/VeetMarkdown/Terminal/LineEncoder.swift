/// Turns laid-out lines into strings with SGR and OSC 8 sequences as the
/// style allows: the one place roles become escape codes (through the
/// palette). Every line is self-contained: whatever it opens, it closes.
struct LineEncoder {
    let style: TerminalStyle
    /// Indexed by `MarkdownRoles.rawValue`: an array lookup is cheaper than hashing per run.
    private var sgrCache: [String?] = []

    init(style: TerminalStyle) {
        self.style = style
    }

    static let reset = "\u{1B}[0m"
    static func hyperlinkOpen(_ target: String) -> String { "\u{1B}]8;;\(target)\u{1B}\\" }
    static let hyperlinkClose = "\u{1B}]8;;\u{1B}\\"

    mutating func encode(_ line: MarkdownLine) -> String {
        var output = ""
        // Text bytes plus room for a few escape sequences: one allocation for most lines.
        var capacity = 16
        for run in line.runs { capacity += run.text.utf8.count + 12 }
        if style.hyperlinks { capacity += 64 }
        output.reserveCapacity(capacity)
        var roles = MarkdownRoles.none
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

    private mutating func sgr(_ roles: MarkdownRoles) -> String {
        let slot = Int(roles.rawValue)
        if slot < sgrCache.count, let cached = sgrCache[slot] { return cached }
        let parameters = MarkdownRole.allCases
            .filter { roles.contains(MarkdownRoles($0)) }
            .map { style.palette[$0] }
            .filter { !$0.isEmpty }
        let sequence = parameters.isEmpty ? "" : "\u{1B}[" + parameters.joined(separator: ";") + "m"
        if slot >= sgrCache.count { sgrCache += Array(repeating: nil, count: slot + 1 - sgrCache.count) }
        sgrCache[slot] = sequence
        return sequence
    }
}
