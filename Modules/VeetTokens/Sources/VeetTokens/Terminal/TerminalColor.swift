/// A colour as one terminal can show it.
public enum TerminalColor: Sendable, Hashable {
    /// No colour: the terminal's default.
    case none
    /// One of the 16 basic colours: 0–7 normal, 8–15 bright.
    case ansi16(UInt8)
    /// An xterm 256-colour index (16–255 when chosen by `nearest256`).
    case ansi256(UInt8)
    case rgb(RGB)

    /// `color` as close as `capability` allows.
    public init(_ color: RGB, capability: ColorCapability) {
        switch capability {
        case .noColor: self = .none
        case .ansi16: self = .ansi16(XtermColors.nearest16(to: color))
        case .ansi256: self = .ansi256(XtermColors.nearest256(to: color))
        case .trueColor: self = .rgb(color)
        }
    }

    /// SGR parameters that set this as the text colour; nil for `.none`.
    public var foregroundParameters: String? { parameters(base: 30, brightBase: 90, extended: 38) }

    /// SGR parameters that set this as the cell background; nil for `.none`.
    public var backgroundParameters: String? { parameters(base: 40, brightBase: 100, extended: 48) }

    private func parameters(base: Int, brightBase: Int, extended: Int) -> String? {
        switch self {
        case .none: nil
        case .ansi16(let index): index < 8 ? "\(base + Int(index))" : "\(brightBase + Int(index) - 8)"
        case .ansi256(let index): "\(extended);5;\(index)"
        case .rgb(let color): "\(extended);2;\(color.red);\(color.green);\(color.blue)"
        }
    }
}

/// Building complete escape sequences.
public enum SGR {
    public static let reset = "\u{1B}[0m"

    /// `ESC [ p1;p2… m`, or "" when there is nothing to set.
    public static func sequence(_ parameters: [String]) -> String {
        parameters.isEmpty ? "" : "\u{1B}[" + parameters.joined(separator: ";") + "m"
    }
}
