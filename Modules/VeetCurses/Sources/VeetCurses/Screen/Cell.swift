import VeetTokens

/// One terminal cell: a grapheme cluster and how to draw it. A two-column
/// grapheme occupies its cell and a `continuation` cell to the right.
public struct Cell: Sendable, Hashable {
    /// The text drawn here: one grapheme cluster, "" for a continuation.
    public var grapheme: String
    /// 1 for an ordinary cell, 2 for the first half of a wide grapheme,
    /// 0 for the second half.
    public var width: UInt8
    public var style: TextStyle

    public init(grapheme: String, width: UInt8, style: TextStyle) {
        self.grapheme = grapheme
        self.width = width
        self.style = style
    }

    /// A space in `style`: what an empty cell holds.
    public static func blank(_ style: TextStyle = TextStyle()) -> Cell {
        Cell(grapheme: " ", width: 1, style: style)
    }

    /// The right half of a wide grapheme.
    public static func continuation(_ style: TextStyle) -> Cell {
        Cell(grapheme: "", width: 0, style: style)
    }

    public var isContinuation: Bool { width == 0 }
}

/// A run of text in one style; widgets and row providers hand these to
/// the grid.
public struct StyledRun: Sendable, Hashable {
    public var text: String
    public var style: TextStyle

    public init(_ text: String, style: TextStyle = TextStyle()) {
        self.text = text
        self.style = style
    }
}

/// One line of styled runs.
public typealias StyledLine = [StyledRun]
