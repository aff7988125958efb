import VeetTokens

/// A `TextStyle` resolved for ncurses: colour numbers (-1 for the
/// terminal's default) and the attributes to set, substitutes included.
public struct CursesStyle: Sendable, Hashable {
    public var foreground: Int32
    public var background: Int32
    public var attributes: TextAttributes

    public init(foreground: Int32, background: Int32, attributes: TextAttributes) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }

    /// What the terminal can show, given what was asked for and how many
    /// colours its terminfo entry declares: 24-bit only through a "direct"
    /// entry (COLORS = 2^24), else the 256 or 16 palette.
    public static func effectiveCapability(requested: ColorCapability, terminfoColors colors: Int) -> ColorCapability {
        let available: ColorCapability
        switch colors {
        case 0x100_0000...: available = .trueColor
        case 256...: available = .ansi256
        case 8...: available = .ansi16
        default: available = .noColor
        }
        return min(requested, available)
    }

    /// Resolves `style` the way `TextStyle.sgrParameters` does: a colour
    /// the capability cannot show (none at all, or a neutral token at 16
    /// colours) is left to the default and the style's substitute added.
    public init(_ style: TextStyle, capability: ColorCapability, appearance: Appearance,
                palette: Palette = .a2, terminfoColors: Int) {
        var attributes = style.attributes
        func number(_ token: ColorToken?) -> Int32 {
            guard let token else { return -1 }
            let shown: Bool = switch capability {
            case .noColor: false
            case .ansi16: !token.isNeutral
            case .ansi256, .trueColor: true
            }
            guard shown else {
                attributes.formUnion(style.substitute)
                return -1
            }
            let color = TerminalColor(palette.resolved(token, in: appearance), capability: capability)
            return Self.colorNumber(color, terminfoColors: terminfoColors)
        }
        foreground = number(style.foreground)
        background = number(style.background)
        self.attributes = attributes
    }

    /// ncurses's number for a colour: palette indices as they are, RGB
    /// packed as 0xRRGGBB for a direct-colour terminfo entry.
    public static func colorNumber(_ color: TerminalColor, terminfoColors: Int) -> Int32 {
        switch color {
        case .none: -1
        case .ansi16(let index): terminfoColors >= 16 ? Int32(index) : Int32(index % 8)
        case .ansi256(let index): Int32(index)
        case .rgb(let rgb): Int32(rgb.red) << 16 | Int32(rgb.green) << 8 | Int32(rgb.blue)
        }
    }
}
