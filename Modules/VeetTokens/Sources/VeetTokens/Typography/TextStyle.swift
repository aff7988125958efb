/// A way to draw text: attributes plus colour roles. It names tokens, not
/// colours, so one style serves both appearances and every terminal.
public struct TextStyle: Sendable, Hashable {
    public var attributes: TextAttributes
    public var foreground: ColorToken?
    public var background: ColorToken?
    /// Added when a colour this style relies on cannot be shown, so the
    /// style stays distinguishable (e.g. faint for faint ink at 16 colours).
    public var substitute: TextAttributes

    public init(
        attributes: TextAttributes = [], foreground: ColorToken? = nil, background: ColorToken? = nil,
        substitute: TextAttributes = []
    ) {
        self.attributes = attributes
        self.foreground = foreground
        self.background = background
        self.substitute = substitute
    }

    /// The SGR parameters for this style, joined with `;` ("" for none).
    ///
    /// A colour is left out, and `substitute` added, when the terminal has
    /// no colour, or when it has only the 16 basic colours and the token is
    /// neutral (a grey or page tone): themes disagree too much about those
    /// for a match to mean anything.
    public func sgrParameters(
        capability: ColorCapability, appearance: Appearance, palette: Palette = .a2
    ) -> String {
        var attributes = attributes
        var colours: [String] = []
        func paint(_ token: ColorToken?, background: Bool) {
            guard let token else { return }
            guard Self.canShow(token, capability: capability) else {
                attributes.formUnion(substitute)
                return
            }
            let color = TerminalColor(palette.resolved(token, in: appearance), capability: capability)
            if let parameters = background ? color.backgroundParameters : color.foregroundParameters {
                colours.append(parameters)
            }
        }
        paint(foreground, background: false)
        paint(background, background: true)
        return (attributes.sgrParameters + colours).joined(separator: ";")
    }

    /// `text` wrapped in this style's sequence and a reset; unchanged when
    /// the style renders to nothing.
    public func apply(
        _ text: String, capability: ColorCapability, appearance: Appearance, palette: Palette = .a2
    ) -> String {
        let parameters = sgrParameters(capability: capability, appearance: appearance, palette: palette)
        guard !parameters.isEmpty, !text.isEmpty else { return text }
        return "\u{1B}[\(parameters)m" + text + SGR.reset
    }

    static func canShow(_ token: ColorToken, capability: ColorCapability) -> Bool {
        switch capability {
        case .noColor: false
        case .ansi16: !token.isNeutral
        case .ansi256, .trueColor: true
        }
    }
}
