import Testing
@testable import VeetCurses

@Suite struct DisplayWidthTests {
    @Test(arguments: [
        ("a", 1), ("é", 1), ("e\u{301}", 1), ("中", 2), ("한", 2), ("ｱ", 1), ("Ａ", 2), ("、", 2),
        ("😀", 2), ("👍🏽", 2), ("❤️", 2), ("❤", 1), ("☺︎", 1), ("👨‍👩‍👧‍👦", 2), ("🏳️‍🌈", 2),
        ("🇫🇷", 2), ("#️⃣", 2), ("\u{7}", 0), ("\u{301}", 0), ("\u{200B}", 0), ("⌚", 2), ("→", 1),
    ])
    func graphemeWidths(text: String, expected: Int) {
        #expect(text.count == 1)
        #expect(DisplayWidth.of(Character(text)) == expected)
    }

    @Test func stringWidthAddsClusters() {
        #expect(DisplayWidth.of("ab中文😀") == 8)
        #expect(DisplayWidth.of("") == 0)
    }

    @Test(arguments: [DisplayWidth.zeroWidthRanges, DisplayWidth.wideRanges])
    func tablesAreSortedAndDisjoint(ranges: [ClosedRange<UInt32>]) {
        for (left, right) in zip(ranges, ranges.dropFirst()) {
            #expect(left.upperBound < right.lowerBound, "\(left) overlaps or precedes \(right)")
        }
    }

    @Test func wrapBreaksAtSpacesByColumns() {
        #expect(TextFitting.wrap("hello big world", width: 9) == ["hello big", "world"])
        #expect(TextFitting.wrap("中文中文中文", width: 5) == ["中文", "中文", "中文"])
        #expect(TextFitting.wrap("abcdefgh", width: 3) == ["abc", "def", "gh"])
        #expect(TextFitting.wrap("one\n\ntwo", width: 10) == ["one", "", "two"])
    }

    @Test func truncateKeepsWidthAndAddsEllipsis() {
        #expect(TextFitting.truncate("hello world", width: 8) == "hello w…")
        #expect(TextFitting.truncate("中文中文", width: 6) == "中文…")
        #expect(TextFitting.truncate("short", width: 8) == "short")
        #expect(TextFitting.pad("ab", width: 4) == "ab  ")
    }
}
