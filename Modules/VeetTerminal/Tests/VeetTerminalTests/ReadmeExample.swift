import VeetTerminal

/// `text` cut to fit `columns` terminal columns, never splitting a wide character.
func fitted(_ text: String, columns: Int) -> String {
    var used = 0
    var kept = ""
    for character in text {
        let width = DisplayWidth.of(character)
        if used + width > columns { break }
        used += width
        kept.append(character)
    }
    return kept
}

// The README's example, run.
import Testing

@Suite struct ReadmeExampleTests {
    @Test func theExampleCountsColumnsNotCharacters() {
        #expect(fitted("日本語のテキスト", columns: 5) == "日本")
        #expect(fitted("plain", columns: 3) == "pla")
        #expect(DisplayWidth.of(fitted("e\u{301}tude", columns: 2)) == 2)
    }
}
