import Testing
@testable import VeetCurses

@Suite struct TextFittingTests {
    @Test func wrapBreaksAtSpacesByColumns() {
        #expect(TextFitting.wrap("hello big world", width: 9) == ["hello big", "world"])
        #expect(TextFitting.wrap("中文中文中文", width: 5) == ["中文", "中文", "中文"])
        #expect(TextFitting.wrap("abcdefgh", width: 3) == ["abc", "def", "gh"])
        #expect(TextFitting.wrap("one\n\ntwo", width: 10) == ["one", "", "two"])
    }

    @Test func wrapWordsBreaksOnlyBetweenWords() {
        #expect(TextFitting.wrapWords("one two three four", width: 9) == ["one two", "three", "four"])
        #expect(TextFitting.wrapWords("a verylongword b", width: 5) == ["a", "verylongword", "b"])
        #expect(TextFitting.wrapWords("", width: 5).isEmpty)
    }

    @Test func truncateKeepsWidthAndAddsEllipsis() {
        #expect(TextFitting.truncate("hello world", width: 8) == "hello w…")
        #expect(TextFitting.truncate("中文中文", width: 6) == "中文…")
        #expect(TextFitting.truncate("short", width: 8) == "short")
        #expect(TextFitting.pad("ab", width: 4) == "ab  ")
    }
}
