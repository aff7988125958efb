/// A cell position: row from the top, column from the left, both from 0.
public struct GridPoint: Sendable, Hashable {
    public var row: Int
    public var column: Int

    public init(row: Int, column: Int) {
        self.row = row
        self.column = column
    }
}

/// A rectangle of cells.
public struct GridRect: Sendable, Hashable {
    public var row: Int
    public var column: Int
    public var width: Int
    public var height: Int

    public init(row: Int, column: Int, width: Int, height: Int) {
        self.row = row
        self.column = column
        self.width = max(0, width)
        self.height = max(0, height)
    }

    public var bottom: Int { row + height }
    public var right: Int { column + width }
    public var isEmpty: Bool { width == 0 || height == 0 }

    /// Shrunk by `amount` on every side (never below empty).
    public func inset(by amount: Int) -> GridRect {
        GridRect(row: row + amount, column: column + amount, width: width - 2 * amount, height: height - 2 * amount)
    }

    /// A `width` x `height` rectangle centred in this one (clamped to fit).
    public func centered(width: Int, height: Int) -> GridRect {
        let width = min(width, self.width)
        let height = min(height, self.height)
        return GridRect(row: row + (self.height - height) / 2, column: column + (self.width - width) / 2,
                        width: width, height: height)
    }

    /// The same rectangle trimmed to `other`.
    public func intersection(_ other: GridRect) -> GridRect {
        let top = max(row, other.row)
        let left = max(column, other.column)
        return GridRect(row: top, column: left, width: min(right, other.right) - left, height: min(bottom, other.bottom) - top)
    }
}
