/// The palette as data, for `veet tokens --format json` and for tools
/// outside Swift. Token and type-role names are object keys; `order` keeps
/// the design table's order, which a keyed object cannot.
public struct PaletteDocument: Encodable, Sendable, Equatable {
    public struct Value: Encodable, Sendable, Equatable {
        /// CSS notation as the design states it: `#rrggbb` or `rgba(…)`.
        public var css: String
        /// The colour before any opacity.
        public var base: String
        public var alpha: Double
        /// The token the base comes from ("ink at 5 %"); absent for literals.
        public var baseToken: String?
        /// The opaque colour over this appearance's paper.
        public var resolved: String
    }

    public struct Token: Encodable, Sendable, Equatable {
        public var purpose: String
        public var light: Value
        public var dark: Value
    }

    public struct TypeStyle: Encodable, Sendable, Equatable {
        /// Terminal attributes: bold, faint, italic, underline, reverse.
        public var attributes: [String]
        public var foreground: String?
        public var background: String?
    }

    public var palette: String
    public var order: [String]
    public var tokens: [String: Token]
    public var typography: [String: TypeStyle]

    public init(_ palette: Palette = .a2) {
        func value(_ token: ColorToken, _ appearance: Appearance) -> Value {
            let color = palette.color(token, in: appearance)
            return Value(
                css: color.css, base: color.base.hex, alpha: color.alpha, baseToken: color.baseToken?.rawValue,
                resolved: palette.resolved(token, in: appearance).hex)
        }
        self.palette = palette.name
        order = ColorToken.allCases.map(\.rawValue)
        tokens = Dictionary(uniqueKeysWithValues: ColorToken.allCases.map { token in
            (token.rawValue, Token(purpose: token.purpose, light: value(token, .light), dark: value(token, .dark)))
        })
        typography = Dictionary(uniqueKeysWithValues: TypeRole.allCases.map { role in
            let style = role.style
            return (role.rawValue, TypeStyle(
                attributes: style.attributes.names, foreground: style.foreground?.rawValue,
                background: style.background?.rawValue))
        })
    }
}
