/// How many colours a terminal can show, from least to most.
public enum ColorCapability: String, Sendable, CaseIterable, Comparable, Codable {
    /// Attributes (bold, faint, italic, underline, reverse) but no colour.
    case noColor
    /// The 16 basic ANSI colours (SGR 30–37, 90–97), whose exact look the
    /// user's theme decides.
    case ansi16
    /// The xterm 256-colour palette (SGR 38;5;n).
    case ansi256
    /// 24-bit colour (SGR 38;2;r;g;b).
    case trueColor

    /// Reads the conventional variables, first match wins:
    /// 1. `NO_COLOR` set and not empty (no-color.org), or `TERM=dumb`: `noColor`;
    /// 2. `COLORTERM` is `truecolor` or `24bit`: `trueColor`;
    /// 3. `TERM` contains `256color`: `ansi256`;
    /// 4. otherwise `ansi16`.
    /// Whether to style at all (a pipe, `--color`) is decided elsewhere.
    public static func detect(environment: [String: String]) -> ColorCapability {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .noColor }
        let term = environment["TERM"] ?? ""
        if term == "dumb" { return .noColor }
        let colorTerm = (environment["COLORTERM"] ?? "").lowercased()
        if colorTerm == "truecolor" || colorTerm == "24bit" { return .trueColor }
        if term.contains("256color") { return .ansi256 }
        return .ansi16
    }

    public static func < (lhs: ColorCapability, rhs: ColorCapability) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
