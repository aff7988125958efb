/// How many terminal columns text occupies. Terminals lay out grapheme
/// clusters (what a reader sees as one character) in one or two columns;
/// this decides which, from the cluster's first scalar (tables taken once
/// from the C library, DisplayWidthTables.swift) and the few sequences that
/// change it: presentation selectors, joined emoji, flags. It does not call
/// `wcwidth` at run time, whose answer depends on the locale and lags behind
/// emoji on older systems.
public enum DisplayWidth {
    /// Columns of a whole string, cluster by cluster. Control characters take
    /// none, a tab one (where it really lands is the caller's business).
    public static func of(_ text: some StringProtocol) -> Int {
        // Most text is ASCII, where a byte is a cluster: no grapheme breaking needed.
        var columns = 0
        for byte in text.utf8 {
            if byte >= 0x80 { return singleScalarClusters(text) ?? text.reduce(0) { $0 + of($1) } }
            if (byte >= 0x20 && byte != 0x7F) || byte == 0x09 { columns += 1 }
        }
        return columns
    }

    /// Columns of text whose every scalar is a cluster of its own (none of
    /// them joins, extends or combines with a neighbour: box drawing,
    /// bullets, Latin, kana, CJK, most emoji without modifiers), counted
    /// scalar by scalar without grapheme breaking; nil for anything else.
    static func singleScalarClusters(_ text: some StringProtocol) -> Int? {
        var columns = 0
        for scalar in text.unicodeScalars {
            let value = scalar.value
            switch value {
            case 0..<0x80: if (value >= 0x20 && value != 0x7F) || value == 0x09 { columns += 1 }
            case 0xA0..<0x300, 0x2010..<0x20D0, 0x2100..<0x2C00, 0x3040..<0x3097, 0x30A0..<0x3100, 0x4E00..<0xA000,
                 0xAC00..<0xD7A4, 0xFF01..<0xFF61, 0x1F300..<0x1F3FB, 0x1F400..<0x1F650, 0x1F680..<0x1F700,
                 0x1F900..<0x1FA00:
                columns += scalarWidth(value)
            default: return nil
            }
        }
        return columns
    }

    /// Columns of one grapheme cluster: 0 (a control character, or marks
    /// with nothing to sit on), 1 or 2.
    public static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if first.value == 0x09 { return 1 }
        let firstWidth = scalarWidth(first.value)
        // Marks with no base of their own: a terminal puts them on the cell before.
        if firstWidth == 0 { return 0 }
        if scalars.index(after: scalars.startIndex) == scalars.endIndex { return firstWidth }
        var hasEmojiPresentation = false
        var hasTextPresentation = false
        var hasJoiner = false
        var regionalIndicators = 0
        for scalar in scalars {
            switch scalar.value {
            case 0xFE0F: hasEmojiPresentation = true
            case 0xFE0E: hasTextPresentation = true
            case 0x200D: hasJoiner = true
            case 0x1F1E6...0x1F1FF: regionalIndicators += 1
            default: break
            }
        }
        if regionalIndicators >= 2 { return 2 }
        if hasTextPresentation && !hasJoiner && isEmojiRange(first.value) { return 1 }
        if hasEmojiPresentation || (hasJoiner && isEmojiRange(first.value)) { return 2 }
        return firstWidth
    }

    /// Columns of a lone scalar: 0, 1 or 2.
    public static func scalarWidth(_ value: UInt32) -> Int {
        if value < 0x300 { return isControl(value) ? 0 : 1 }
        if contains(zeroWidthRanges, value) { return 0 }
        return contains(wideRanges, value) ? 2 : 1
    }

    static func isControl(_ value: UInt32) -> Bool {
        value < 0x20 || (0x7F..<0xA0).contains(value)
    }

    /// Blocks whose symbols turn into emoji: a joiner or VS16 after them
    /// makes a two-column picture, VS15 asks for the one-column glyph.
    static func isEmojiRange(_ value: UInt32) -> Bool {
        (0x2190...0x2BFF).contains(value) || (0x1F000...0x1FAFF).contains(value) || value == 0x00A9
            || value == 0x00AE || value == 0x203C || value == 0x2049 || value == 0x2122
    }

    private static func contains(_ ranges: [ClosedRange<UInt32>], _ value: UInt32) -> Bool {
        var low = 0
        var high = ranges.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let range = ranges[middle]
            if value < range.lowerBound {
                high = middle - 1
            } else if value > range.upperBound {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
    }
}
