/// The user's choice from `--color=always|never|auto`.
public enum ColorMode: String, Sendable, CaseIterable {
    /// Colour when the stream is a terminal and the environment allows it.
    case auto
    /// Colour even into pipes and files, and despite NO_COLOR or TERM=dumb.
    case always
    /// Never colour.
    case never
}

/// Whether to colour a stream. Kept apart from `Terminal` so the rule can be
/// tested without a terminal.
public enum ColorPolicy {
    /// In `.auto` mode: no colour when NO_COLOR is set to anything non-empty
    /// (https://no-color.org), when TERM is `dumb`, or when the stream is not
    /// a terminal. An explicit `.always` or `.never` overrides all of these.
    public static func allowsColor(mode: ColorMode, isTerminal: Bool, environment: [String: String]) -> Bool {
        switch mode {
        case .always:
            return true
        case .never:
            return false
        case .auto:
            if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
            if environment["TERM"] == "dumb" { return false }
            return isTerminal
        }
    }
}
