import Testing
@testable import VeetCurses

@Suite struct KeyHintsTests {
    @Test func aFooterBecomesItsActions() {
        let items = KeyHints.items(" ↑↓ choose  r reviewed  n not true  Enter read  / search  F7 chat  Esc close")
        #expect(items.map(\.hint) == ["r", "n", "Enter", "/", "F7", "Esc"])
        #expect(items.map(\.title) == ["reviewed", "not true", "read", "search", "chat", "close"])
        #expect(items.map(\.press) == [.char("r"), .char("n"), KeyPress(.enter), .char("/"),
                                       KeyPress(.function(7)), KeyPress(.escape)])
    }

    @Test func threeSpacesSeparateAsTwoDoAndOneSpaceStaysInsideATitle() {
        let items = KeyHints.items("↑↓ choose   a add   e end the chosen one   Esc close")
        #expect(items.map(\.title) == ["add", "end the chosen one", "close"])
    }

    @Test func pairsProgressWordsAndUnknownNamesAreLeftOut() {
        let items = KeyHints.items("Sending…  PgUp PgDn scroll  Alt-Enter/Enter new line  < > divider  Space select  Ctrl-G stop")
        #expect(items.map(\.hint) == ["<", "Space", "Ctrl-G"])
        #expect(items.map(\.press) == [.char("<"), .char(" "), .char("g", .control)])
    }

    @Test func keyNamesRoundTripWithHowHelpWritesThem() {
        for press in [KeyPress(.enter), KeyPress(.escape), KeyPress(.tab), .char(" "), .char("x"), .char("!"),
                      KeyPress(.function(9)), .char("p", .control)] {
            let name = press.description == "Escape" ? "Esc" : press.description
            #expect(KeyHints.press(named: name) == press, "\(name)")
        }
    }
}
