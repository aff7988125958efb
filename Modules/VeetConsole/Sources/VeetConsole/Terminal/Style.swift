import VeetTokens

/// The semantic roles text can play in the CLI. These names are the stable
/// interface; what they look like comes from the VeetTokens palette
/// (`textStyle`), resolved for the terminal's colour capability and
/// appearance.
public enum StyleRole: String, Sendable, CaseIterable {
    case emphasis
    case dim
    case accent
    case warning
    case error
    case success
    case code

    /// The role in design terms: attributes plus colour tokens.
    public var textStyle: TextStyle {
        switch self {
        case .emphasis: TypeRole.display.style  // bold
        case .dim: TextStyle(foreground: .inkFaint, substitute: .faint)
        case .accent: TextStyle(foreground: .tealText, substitute: .underline)
        case .warning: TextStyle(foreground: .amberText, substitute: .bold)
        case .error: TextStyle(attributes: .bold, foreground: .red)
        case .success: TextStyle(attributes: .bold, foreground: .teal)
        case .code: TypeRole.code.style  // italic on the field well
        }
    }

    /// The SGR parameters that render this role on a terminal that can show
    /// `capability`, in `appearance`.
    public func sgrParameters(capability: ColorCapability, appearance: Appearance) -> String {
        textStyle.sgrParameters(capability: capability, appearance: appearance)
    }

    /// The SGR parameters at `Style`'s defaults: 16 colours, dark.
    public var sgrParameters: String {
        sgrParameters(capability: Style.defaultCapability, appearance: Style.defaultAppearance)
    }
}

/// Applies roles as ANSI SGR sequences, or leaves text untouched when colour
/// is not allowed. Get one from `Terminal.style(for:)`, or from
/// `Terminal.style(for:environment:appearance:)` for the terminal's full
/// colour range.
public struct Style: Sendable, Equatable {
    public var isEnabled: Bool
    /// The colours the terminal shows; at `.noColor` only attributes are used.
    public var capability: ColorCapability
    /// Which half of the palette roles are drawn from.
    public var appearance: Appearance

    /// Safe everywhere colour is allowed at all: the 16 basic colours, whose
    /// look the user's theme already fits to its background.
    public static let defaultCapability = ColorCapability.ansi16
    /// The fallback when nothing says what the background is.
    public static let defaultAppearance = Appearance.dark

    public static let plain = Style(isEnabled: false)
    static let reset = "\u{1B}[0m"

    public init(
        isEnabled: Bool, capability: ColorCapability = Style.defaultCapability,
        appearance: Appearance = Style.defaultAppearance
    ) {
        self.isEnabled = isEnabled
        self.capability = capability
        self.appearance = appearance
    }

    /// `text` in `role`. Styled text may be nested: an inner reset re-opens
    /// the outer role.
    public func apply(_ role: StyleRole, _ text: String) -> String {
        guard isEnabled, !text.isEmpty else { return text }
        let parameters = role.sgrParameters(capability: capability, appearance: appearance)
        guard !parameters.isEmpty else { return text }
        let open = "\u{1B}[\(parameters)m"
        let body = text.replacingAll(Self.reset, with: Self.reset + open)
        return open + body + Self.reset
    }

    public func emphasis(_ text: String) -> String { apply(.emphasis, text) }
    public func dim(_ text: String) -> String { apply(.dim, text) }
    public func accent(_ text: String) -> String { apply(.accent, text) }
    public func warning(_ text: String) -> String { apply(.warning, text) }
    public func error(_ text: String) -> String { apply(.error, text) }
    public func success(_ text: String) -> String { apply(.success, text) }
    public func code(_ text: String) -> String { apply(.code, text) }

    /// `text` without any SGR sequences, e.g. to measure its width.
    public static func stripped(_ text: String) -> String {
        var result = ""
        var inSequence = false
        var iterator = text.unicodeScalars.makeIterator()
        while let scalar = iterator.next() {
            if inSequence {
                if scalar == "m" { inSequence = false }
            } else if scalar == "\u{1B}" {
                if let next = iterator.next(), next != "[" {
                    result.unicodeScalars.append(scalar)
                    result.unicodeScalars.append(next)
                } else {
                    inSequence = true
                }
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

extension String {
    /// Replaces every occurrence without Foundation.
    func replacingAll(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty, contains(target) else { return self }
        return split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
