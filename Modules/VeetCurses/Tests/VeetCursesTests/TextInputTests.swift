import Testing
@testable import VeetCurses

@Suite struct TextInputTests {
    func type(_ text: String, into input: inout TextInput) {
        for character in text { _ = input.handle(.key(.char(character)), policy: .chat) }
    }

    @Test func enterSubmitsAltEnterAndCtrlJInsertNewlines() {
        var input = TextInput()
        type("hi", into: &input)
        #expect(input.handle(.key(KeyPress(.enter, .alt)), policy: .chat) == .edited)
        #expect(input.handle(.key(.char("j", .control)), policy: .chat) == .edited)
        type("there", into: &input)
        #expect(input.handle(.key(KeyPress(.enter)), policy: .chat) == .submit)
        #expect(input.text == "hi\n\nthere")
        #expect(input.handle(.key(KeyPress(.enter)), policy: .editor) == .edited)
        #expect(input.text == "hi\n\nthere\n")
    }

    @Test func pasteKeepsNewlines() {
        var input = TextInput(text: "a")
        #expect(input.handle(.paste("one\ntwo"), policy: .chat) == .edited)
        #expect(input.text == "aone\ntwo")
        #expect(input.cursor == 8)
    }

    @Test func editingAndWordMovement() {
        var input = TextInput(text: "hello brave world")
        _ = input.handle(.key(KeyPress(.left, .alt)), policy: .chat)
        #expect(input.cursor == 12)
        _ = input.handle(.key(KeyPress(.backspace, .alt)), policy: .chat)
        #expect(input.text == "hello world")
        _ = input.handle(.key(KeyPress(.home)), policy: .chat)
        _ = input.handle(.key(KeyPress(.delete)), policy: .chat)
        #expect(input.text == "ello world")
        _ = input.handle(.key(.char("k", .control)), policy: .chat)
        #expect(input.text == "")
        #expect(input.handle(.key(.char("x", .alt)), policy: .chat) == .ignored)
    }

    @Test func caretFollowsWrappedLinesAndVerticalMoves() {
        var input = TextInput(text: "alpha beta gamma delta")
        var grid = ScreenGrid(width: 12, height: 3)
        input.draw(in: &grid, rect: GridRect(row: 0, column: 0, width: 12, height: 3))
        #expect(grid.snapshot == "alpha beta\ngamma delta\n")
        #expect(grid.cursor == GridPoint(row: 1, column: 11))
        _ = input.handle(.key(KeyPress(.up)), policy: .chat)
        // The first line ends in the space where it wraps; the caret stops
        // before it rather than jump to the next line's start.
        #expect(input.caretPosition(width: 12) == GridPoint(row: 0, column: 10))
        #expect(input.cursor == 10)
        _ = input.handle(.key(KeyPress(.down)), policy: .chat)
        #expect(input.cursor == 22)
        #expect(input.handle(.key(KeyPress(.down)), policy: .chat) == .ignored)
    }

    @Test func caretAtAWideCharacterCountsTwoColumns() {
        let input = TextInput(text: "中文ab")
        #expect(input.caretPosition(width: 20) == GridPoint(row: 0, column: 6))
    }

    @Test func tallTextScrollsToKeepTheCaretVisible() {
        var input = TextInput(text: "1\n2\n3\n4\n5")
        var grid = ScreenGrid(width: 10, height: 2)
        input.draw(in: &grid, rect: GridRect(row: 0, column: 0, width: 10, height: 2))
        #expect(grid.snapshot == "4\n5")
        #expect(grid.cursor == GridPoint(row: 1, column: 1))
    }

    @Test func placeholderShowsWhenEmpty() {
        var input = TextInput()
        var grid = ScreenGrid(width: 20, height: 1)
        input.draw(in: &grid, rect: GridRect(row: 0, column: 0, width: 20, height: 1), placeholder: "Message…")
        #expect(grid.text(0) == "Message…")
        #expect(grid.cursor == GridPoint(row: 0, column: 0))
    }
}
