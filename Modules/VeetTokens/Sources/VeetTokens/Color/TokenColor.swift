/// A token's value in one appearance, kept the way the design states it:
/// either an opaque colour, or a colour at some opacity over the paper
/// (e.g. "ink at 5 %"). The opaque equivalent a terminal needs is
/// `resolved(over:)`.
public struct TokenColor: Sendable, Hashable {
    /// The colour itself (for a translucent token, before blending).
    public var base: RGB
    /// 1 for an opaque token; otherwise the opacity over the paper.
    public var alpha: Double
    /// The token the base colour comes from when the design says
    /// "ink at 5 %" or "teal at 10 %"; nil for a literal colour.
    public var baseToken: ColorToken?

    public init(base: RGB, alpha: Double = 1, baseToken: ColorToken? = nil) {
        self.base = base
        self.alpha = alpha
        self.baseToken = baseToken
    }

    public var isOpaque: Bool { alpha >= 1 }

    /// The opaque colour seen when this value is painted over `paper`.
    public func resolved(over paper: RGB) -> RGB {
        isOpaque ? base : base.composited(alpha: alpha, over: paper)
    }

    /// CSS notation: `#rrggbb` when opaque, else `rgba(r, g, b, a)`.
    public var css: String {
        if isOpaque { return base.hex }
        return "rgba(\(base.red), \(base.green), \(base.blue), \(Self.format(alpha)))"
    }

    /// The opacity in percent without a trailing `.0`: "5", "55", "100".
    public var percentText: String { Self.format(alpha * 100) }

    /// How the design table words it: `#0e8b78`, `ink at 5 %`,
    /// `rgba(201, 128, 26, 0.55)`.
    public var designNotation: String {
        if isOpaque { return base.hex }
        if let baseToken { return "\(baseToken.rawValue) at \(percentText) %" }
        return css
    }

    /// A number without a trailing `.0`, at most four decimals.
    static func format(_ value: Double) -> String {
        let rounded = (value * 10_000).rounded() / 10_000
        if rounded == rounded.rounded() { return String(Int(rounded)) }
        return String(rounded)
    }
}
