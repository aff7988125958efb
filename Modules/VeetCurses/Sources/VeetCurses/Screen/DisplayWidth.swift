/// How many terminal columns text occupies. Terminals lay out grapheme
/// clusters (what a reader sees as one character) in one or two columns;
/// this decides which, from a small table of Unicode ranges kept here
/// rather than trusting the C library's `wcwidth`, which lags behind emoji.
public enum DisplayWidth {
    /// Columns of one grapheme cluster: 0 (a control character, or marks
    /// with nothing to sit on), 1 or 2.
    public static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if first.value == 0x09 { return 1 }
        if isControl(first.value) { return 0 }
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
        let firstWidth = scalarWidth(first.value)
        // Marks with no base of their own: the grid joins them to the cell
        // before, as a terminal would.
        if firstWidth == 0 { return 0 }
        if hasTextPresentation && !hasJoiner && isEmojiRange(first.value) { return 1 }
        if hasEmojiPresentation || (hasJoiner && isEmojiRange(first.value)) { return 2 }
        return firstWidth
    }

    /// Columns of a whole string, cluster by cluster.
    public static func of(_ text: some StringProtocol) -> Int {
        text.reduce(0) { $0 + of($1) }
    }

    /// Columns of a lone scalar: 0, 1 or 2.
    public static func scalarWidth(_ value: UInt32) -> Int {
        if isControl(value) || isZeroWidth(value) { return 0 }
        return isWide(value) ? 2 : 1
    }

    static func isControl(_ value: UInt32) -> Bool {
        value < 0x20 || (0x7F..<0xA0).contains(value)
    }

    static func isZeroWidth(_ value: UInt32) -> Bool {
        contains(zeroWidthRanges, value)
    }

    static func isWide(_ value: UInt32) -> Bool {
        contains(wideRanges, value)
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

    /// Marks, joiners, variation selectors and format characters, sorted.
    static let zeroWidthRanges: [ClosedRange<UInt32>] = [
        0x0300...0x036F, 0x0483...0x0489, 0x0591...0x05BD, 0x05BF...0x05BF, 0x05C1...0x05C2,
        0x05C4...0x05C5, 0x05C7...0x05C7, 0x0610...0x061A, 0x064B...0x065F, 0x0670...0x0670,
        0x06D6...0x06DC, 0x06DF...0x06E4, 0x06E7...0x06E8, 0x06EA...0x06ED, 0x0711...0x0711,
        0x0730...0x074A, 0x07A6...0x07B0, 0x0900...0x0902, 0x093A...0x093A, 0x093C...0x093C,
        0x0941...0x0948, 0x094D...0x094D, 0x0951...0x0957, 0x0E31...0x0E31, 0x0E34...0x0E3A,
        0x0E47...0x0E4E, 0x1160...0x11FF, 0x1AB0...0x1AFF, 0x1DC0...0x1DFF, 0x200B...0x200F,
        0x2028...0x202E, 0x2060...0x2064, 0x20D0...0x20FF, 0x302A...0x302D, 0x3099...0x309A,
        0xFE00...0xFE0F, 0xFE20...0xFE2F, 0xFEFF...0xFEFF, 0x1F3FB...0x1F3FF, 0xE0000...0xE007F,
        0xE0100...0xE01EF,
    ]

    /// East Asian wide and fullwidth blocks, and emoji shown as pictures by
    /// default, sorted. Simplified: whole emoji blocks count as wide.
    static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0...0x23F0,
        0x23F3...0x23F3, 0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F...0x267F,
        0x2693...0x2693, 0x26A1...0x26A1, 0x26AA...0x26AB, 0x26BD...0x26BE, 0x26C4...0x26C5,
        0x26CE...0x26CE, 0x26D4...0x26D4, 0x26EA...0x26EA, 0x26F2...0x26F3, 0x26F5...0x26F5,
        0x26FA...0x26FA, 0x26FD...0x26FD, 0x2705...0x2705, 0x270A...0x270B, 0x2728...0x2728,
        0x274C...0x274C, 0x274E...0x274E, 0x2753...0x2755, 0x2757...0x2757, 0x2795...0x2797,
        0x27B0...0x27B0, 0x27BF...0x27BF, 0x2B1B...0x2B1C, 0x2B50...0x2B50, 0x2B55...0x2B55,
        0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
        0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F,
        0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4, 0x17000...0x18AFF, 0x1B000...0x1B2FF,
        0x1F004...0x1F004, 0x1F0CF...0x1F0CF, 0x1F18E...0x1F18E, 0x1F191...0x1F19A, 0x1F200...0x1F202,
        0x1F210...0x1F23B, 0x1F240...0x1F248, 0x1F250...0x1F251, 0x1F260...0x1F265, 0x1F300...0x1F3FA,
        0x1F400...0x1F64F, 0x1F680...0x1F6FF, 0x1F7E0...0x1F7EB, 0x1F7F0...0x1F7F0, 0x1F90C...0x1F93A,
        0x1F93C...0x1F945, 0x1F947...0x1F9FF, 0x1FA70...0x1FAFF, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]
}
