import Testing
import VeetConsole

@Suite struct ServerTextTests {
    @Test(arguments: [
        ("Trip to Lisbon", "Trip to Lisbon"),
        ("two\nlines", "two lines"),
        ("  padded \t title  ", "padded title"),
        ("\u{1B}]0;owned\u{07}title", "]0;owned title"),
        ("red \u{1B}[31mtext", "red [31mtext"),
        ("c1 \u{9B}2J here", "c1 2J here"),
        ("", ""),
    ])
    func controlCharactersNeverReachTheTerminal(raw: String, shown: String) {
        #expect(ServerText.line(raw) == shown)
    }

    @Test func aLongTitleIsCutWithAnEllipsis() {
        let long = String(repeating: "a", count: 4 << 20)
        let shown = ServerText.line(long, limit: 10)
        #expect(shown == "aaaaaaaaaa…")
        #expect(ServerText.line("abc def", limit: 3) == "abc…")
        #expect(ServerText.line("abc", limit: 3) == "abc")
    }
}
