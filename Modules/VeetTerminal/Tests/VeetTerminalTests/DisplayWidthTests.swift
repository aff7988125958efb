import Testing
@testable import VeetTerminal

/// Where the two former measures (VeetCurses' and VeetMarkdown's) disagreed,
/// the expected answer is what glibc's wcwidth says for a lone scalar and
/// what a terminal that lays out grapheme clusters shows for a sequence.
@Suite struct DisplayWidthTests {
    @Test(arguments: [
        ("a", 1), ("é", 1), ("e\u{301}", 1), ("中", 2), ("한", 2), ("ｱ", 1), ("Ａ", 2), ("、", 2),
        ("😀", 2), ("👍🏽", 2), ("❤️", 2), ("❤", 1), ("☺︎", 1), ("👨‍👩‍👧‍👦", 2), ("🏳️‍🌈", 2),
        ("🇫🇷", 2), ("#️⃣", 2), ("\u{7}", 0), ("\u{301}", 0), ("\u{200B}", 0), ("⌚", 2), ("→", 1),
        ("\t", 1), ("\r\n", 0),
    ])
    func graphemeWidths(text: String, expected: Int) {
        #expect(text.count == 1)
        #expect(DisplayWidth.of(Character(text)) == expected)
    }

    /// VeetMarkdown's scalar-by-scalar sum got these wrong.
    @Test(arguments: [
        ("\u{1112}\u{1161}\u{11AB}", 2),  // 한 from conjoining jamo: one syllable, not 2 + 1 + 1
        ("⌚\u{FE0E}", 1),  // text presentation asked for
        ("🇯", 1),  // a lone regional indicator is a letter, not a flag
        ("\u{0ACD}", 0),  // a Gujarati virama with nothing to sit on
        ("\u{2066}", 0),  // a bidi isolate is a format character
        ("\u{18B00}", 2),  // Khitan small script is wide
        ("\u{1F7F0}", 2),  // heavy equals sign, an emoji
    ])
    func sequencesTheScalarSumMismeasured(text: String, expected: Int) {
        #expect(DisplayWidth.of(Character(text)) == expected)
    }

    /// VeetCurses' table counted whole emoji blocks as wide and marks from few scripts.
    @Test(arguments: [
        ("\u{1F321}", 1),  // 🌡 has text presentation by default
        ("\u{1F321}\u{FE0F}", 2),  // unless VS16 asks for the picture
        ("\u{1F3FD}", 2),  // a skin tone alone shows as a swatch
        ("\u{1F441}", 1),  // 👁, text presentation by default
        ("\u{D7B0}", 0),  // a Hangul jungseong from Jamo Extended-B
        ("\u{0C3E}", 0),  // a Telugu vowel sign with nothing to sit on
    ])
    func scalarsTheBlockTableMismeasured(text: String, expected: Int) {
        #expect(DisplayWidth.of(Character(text)) == expected)
    }

    @Test func stringWidthAddsClusters() {
        #expect(DisplayWidth.of("ab中文😀") == 8)
        #expect(DisplayWidth.of("") == 0)
        #expect(DisplayWidth.of("日本") == 4)
        #expect(DisplayWidth.of("한국") == 4)
        #expect(DisplayWidth.of("👍 👍🏽 👨‍👩‍👧 🇯🇵") == 11)
        #expect(DisplayWidth.of("ｆｕｌｌ") == 8)
        #expect(DisplayWidth.of("zero\u{200B}width") == 9)
        #expect(DisplayWidth.of("a\u{2066}b\u{2069}") == 2)
    }

    @Test func asciiControlCharactersTakeNoColumnButATabTakesOne() {
        #expect(DisplayWidth.of("a\u{7}b\u{1B}c") == 3)
        #expect(DisplayWidth.of("a\tb") == 3)
        #expect(DisplayWidth.of("\u{7F}") == 0)
    }

    @Test func emojiNewerThanTheTableStillMeasureTwo() {
        #expect(DisplayWidth.scalarWidth(0x1FAF8) == 2)  // unassigned when the table was made
        #expect(DisplayWidth.scalarWidth(0x2A6E0) == 2)  // plane 2, wide by default
    }

    @Test(arguments: [DisplayWidth.zeroWidthRanges, DisplayWidth.wideRanges])
    func tablesAreSortedAndDisjoint(ranges: [ClosedRange<UInt32>]) {
        for (left, right) in zip(ranges, ranges.dropFirst()) {
            #expect(left.upperBound < right.lowerBound, "\(left) overlaps or precedes \(right)")
        }
    }

    @Test func noScalarIsBothZeroAndWide() {
        for zero in DisplayWidth.zeroWidthRanges {
            #expect(!DisplayWidth.wideRanges.contains { $0.overlaps(zero) }, "\(zero)")
        }
    }

    /// The scalar-by-scalar count for box drawing, bullets, CJK and simple
    /// emoji agrees with counting grapheme clusters, for every scalar it
    /// takes and next to every other; anything that joins falls back.
    @Test func theSingleScalarCountAgreesWithClusters() {
        let samples: [UInt32] = [0x41, 0x09, 0xA0, 0xAD, 0xE9, 0x2022, 0x2060, 0x2192, 0x2500, 0x256D, 0x25C6, 0x2764,
                                 0x3042, 0x30AB, 0x4E2D, 0xAC00, 0xFF21, 0x1F300, 0x1F44D, 0x1F680, 0x1F9D1]
        let scalars = samples.compactMap(Unicode.Scalar.init)
        for first in scalars {
            for second in scalars {
                var text = ""
                text.unicodeScalars.append(contentsOf: [first, second, first])
                #expect(DisplayWidth.singleScalarClusters(text) == text.reduce(0) { $0 + DisplayWidth.of($1) },
                        "\(first.value) \(second.value)")
            }
        }
        for joined in ["e\u{301}", "❤️", "👍🏽", "🇫🇷", "👨‍👩‍👧", "ｶﾞ", "か\u{3099}"] {
            #expect(DisplayWidth.singleScalarClusters("│ " + joined) == nil, "\(joined)")
        }
    }
}
