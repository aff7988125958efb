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
    /// OSC 8 opens a hyperlink as start, target, end.
    private static let hyperlinkStart = "\u{1B}]8;;"
    private static let hyperlinkEnd = "\u{1B}\\"
    static let hyperlinkClose = "\u{1B}]8;;\u{1B}\\"

    /// Bytes of the line being encoded, kept between lines so it is allocated once.
    private var bytes: [UInt8] = []

    mutating func encode(_ line: MarkdownLine) -> String {
        bytes.removeAll(keepingCapacity: true)
        var roles = MarkdownRoles.none
        var link: String?
        var isOpen = false
        for run in line.runs where !run.text.isEmpty {
            if style.hyperlinks, run.link != link {
                if link != nil { bytes.append(contentsOf: Self.hyperlinkClose.utf8) }
                if let target = run.link {
                    bytes.append(contentsOf: Self.hyperlinkStart.utf8)
                    bytes.append(contentsOf: target.utf8)
                    bytes.append(contentsOf: Self.hyperlinkEnd.utf8)
                }
                link = run.link
            }
            if style.attributes, run.roles != roles {
                if isOpen { bytes.append(contentsOf: Self.reset.utf8) }
                let sequence = sgr(run.roles)
                bytes.append(contentsOf: sequence.utf8)
                isOpen = !sequence.isEmpty
                roles = run.roles
            }
            bytes.append(contentsOf: run.text.utf8)
        }
        if isOpen { bytes.append(contentsOf: Self.reset.utf8) }
        if link != nil { bytes.append(contentsOf: Self.hyperlinkClose.utf8) }
        return String(decoding: bytes, as: UTF8.self)
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
