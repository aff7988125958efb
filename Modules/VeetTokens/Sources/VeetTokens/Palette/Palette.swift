/// A light and a dark value for every `ColorToken`.
public struct Palette: Sendable, Equatable {
    public let name: String
    private let light: [ColorToken: TokenColor]
    private let dark: [ColorToken: TokenColor]

    /// Both tables must cover every token; a gap is a programming error
    /// caught the first time the palette is built.
    public init(name: String, light: [ColorToken: TokenColor], dark: [ColorToken: TokenColor]) {
        precondition(ColorToken.allCases.allSatisfy { light[$0] != nil && dark[$0] != nil },
                     "palette \(name) lacks a token")
        precondition(light[.paper]?.isOpaque == true && dark[.paper]?.isOpaque == true,
                     "paper is the backdrop and must be opaque")
        self.name = name
        self.light = light
        self.dark = dark
    }

    /// The token as the design states it (possibly translucent).
    public func color(_ token: ColorToken, in appearance: Appearance) -> TokenColor {
        let table = appearance == .light ? light : dark
        guard let value = table[token] else { preconditionFailure("checked in init") }
        return value
    }

    /// The opaque colour of `token`: translucent values blended over this
    /// appearance's paper.
    public func resolved(_ token: ColorToken, in appearance: Appearance) -> RGB {
        color(token, in: appearance).resolved(over: color(.paper, in: appearance).base)
    }
}
