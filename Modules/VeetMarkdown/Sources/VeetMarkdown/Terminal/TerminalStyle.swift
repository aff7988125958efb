/// The semantic roles Markdown text plays on a terminal. The layout speaks
/// only in roles (`MarkdownRun.roles`); `MarkdownPalette` is the one place
/// they become SGR codes, and a front end that draws runs itself maps them
/// to its own styles instead.
public enum MarkdownRole: Int, Sendable, CaseIterable {
    case heading, emphasis, strong, strikethrough, code, link, quote, dim
}

/// The SGR parameters for each role.
public struct MarkdownPalette: Sendable, Equatable {
    private var parameters: [String]

    public init(_ parameters: [MarkdownRole: String]) {
        self.parameters = MarkdownRole.allCases.map { parameters[$0] ?? "" }
    }

    public subscript(role: MarkdownRole) -> String {
        get { parameters[role.rawValue] }
        set { parameters[role.rawValue] = newValue }
    }

    public static let standard = MarkdownPalette([
        .heading: "1;36",  // bold cyan
        .emphasis: "3",  // italic
        .strong: "1",  // bold
        .strikethrough: "9",  // crossed out
        .code: "33",  // yellow
        .link: "4;34",  // underlined blue
        .quote: "2",  // faint bar
        .dim: "2",  // faint labels, rules, borders
    ])
}

/// The frame and marker characters.
public struct MarkdownGlyphs: Sendable, Equatable {
    public var bullets: [String]
    public var quoteBar: String
    public var rule: String
    public var taskOpen: String
    public var taskDone: String
    public var codeTop: String
    public var codeSide: String
    public var codeBottom: String
    /// Table borders: horizontal, vertical, then corners and joints in the
    /// order top-left, top-joint, top-right, mid-left, cross, mid-right,
    /// bottom-left, bottom-joint, bottom-right.
    public var tableHorizontal: String
    public var tableVertical: String
    public var tableJoints: [String]
    /// Under a block scrolled sideways: more to the left, more to the right.
    public var moreLeft = "◂"
    public var moreRight = "▸"

    public static let unicode = MarkdownGlyphs(
        bullets: ["•", "◦", "▪"], quoteBar: "│", rule: "─", taskOpen: "[ ]", taskDone: "[x]",
        codeTop: "╭─", codeSide: "│", codeBottom: "╰─", tableHorizontal: "─", tableVertical: "│",
        tableJoints: ["┌", "┬", "┐", "├", "┼", "┤", "└", "┴", "┘"])

    public static let ascii = MarkdownGlyphs(
        bullets: ["-", "*", "+"], quoteBar: "|", rule: "-", taskOpen: "[ ]", taskDone: "[x]",
        codeTop: "+-", codeSide: "|", codeBottom: "+-", tableHorizontal: "-", tableVertical: "|",
        tableJoints: ["+", "+", "+", "+", "+", "+", "+", "+", "+"], moreLeft: "<", moreRight: ">")
}

/// What the terminal may receive. Without attributes the layout alone must
/// stay readable: emphasis shows as `_x_`, strong as `**x**`, code as `` `x` ``.
public struct TerminalStyle: Sendable, Equatable {
    /// SGR attributes (bold, colour...) allowed: roles will be shown, so the
    /// layout leaves out the `_x_` markers. A front end that draws the runs of
    /// `TerminalRenderer.layout` itself sets this when it shows roles.
    public var attributes: Bool
    /// OSC 8 hyperlinks allowed (for https and mailto links only).
    public var hyperlinks: Bool
    public var palette: MarkdownPalette
    public var glyphs: MarkdownGlyphs

    public init(attributes: Bool, hyperlinks: Bool, palette: MarkdownPalette = .standard,
                glyphs: MarkdownGlyphs = .unicode) {
        self.attributes = attributes
        self.hyperlinks = hyperlinks
        self.palette = palette
        self.glyphs = glyphs
    }

    /// No escape sequences at all.
    public static let plain = TerminalStyle(attributes: false, hyperlinks: false)
    /// SGR attributes and OSC 8 hyperlinks.
    public static let rich = TerminalStyle(attributes: true, hyperlinks: true)
}
