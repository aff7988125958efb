import Testing
@testable import VeetCurses

/// Focus reporting (DECSET 1004): `CSI I` / `CSI O` through the input path.
@Suite struct FocusReportTests {
    @Test func focusInAndOutAreEventsNotKeys() {
        var decoder = KeyDecoder()
        #expect(decoder.feed(Array("\u{1B}[I\u{1B}[Oa".utf8)) == [.focus(true), .focus(false), .key(.char("a"))])
        var split = KeyDecoder()
        #expect(split.feed(Array("\u{1B}[".utf8)).isEmpty)
        #expect(split.feed(Array("O".utf8)) == [.focus(false)])
        // ESC O alone is SS3 (F1 is ESC O P), not a focus report.
        var ss3 = KeyDecoder()
        #expect(ss3.feed(Array("\u{1B}OP".utf8)) == [.key(KeyPress(.function(1)))])
    }

    @Test func theModeIsTurnedOnAndOffWithTheRest() {
        #expect(TerminalModes.enable(mouse: false, bracketedPaste: false, focusEvents: true) == "\u{1B}[?1004h")
        #expect(!TerminalModes.enable(mouse: true, bracketedPaste: true).contains("1004"))
        #expect(TerminalModes.disableAll.contains("\u{1B}[?1004l"))
    }
}
