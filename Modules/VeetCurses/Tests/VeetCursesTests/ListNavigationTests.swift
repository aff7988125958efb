import Testing
import VeetCurses

@Suite struct ListNavigationTests {
    @Test func movesClampToTheListAndOtherKeysAreNotMoves() {
        #expect(ListNavigation.index(after: KeyPress(.down), from: 2, count: 3) == 2)
        #expect(ListNavigation.index(after: KeyPress(.down), from: 0, count: 3) == 1)
        #expect(ListNavigation.index(after: KeyPress(.up), from: 0, count: 3) == 0)
        #expect(ListNavigation.index(after: KeyPress(.end), from: 0, count: 3) == 2)
        #expect(ListNavigation.index(after: KeyPress(.home), from: 2, count: 3) == 0)
        #expect(ListNavigation.index(after: KeyPress(.end), from: 0, count: 0) == 0)
        #expect(!ListNavigation.moves(.char("g")) && ListNavigation.index(after: .char("g"), from: 1, count: 3) == 1)
        #expect(!ListNavigation.moves(KeyPress(.up, .shift)))
        #expect(ListNavigation.moves(KeyPress(.up)) && ListNavigation.moves(KeyPress(.end)))
    }
}
