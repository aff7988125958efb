import Foundation
import Testing
import VeetCurses
import VeetSettings
import VeetTokens
@testable import veet_tui

/// The Persona page: the draft within the library's limits, reordering, a
/// conflict keeping both sides, at most five nominations, and its goldens
/// (80x24 and 160x48, light and dark) for the list, the conflict and the editor.
@Suite struct PersonaPageTests {
    static let document = PersonaDocument(version: 4, entries: [
        PersonaEntry(text: "Call me Sam."),
        PersonaEntry(text: "Prefers concise answers.", source: .affirmation, sourceBeliefID: "b1"),
        PersonaEntry(text: "Works in Lisbon; meetings are in Europe/Lisbon time."),
    ])

    static func nominations(_ count: Int) -> [PersonaNomination] {
        (1...count).map { index in
            var nomination = PersonaNomination(id: "n\(index)", statement: "Suggested statement number \(index).", beliefID: "b\(index)")
            nomination.beliefType = "preference"
            nomination.authority = "inferred"
            nomination.corroborationCount = index + 1
            return nomination
        }
    }

    static func page() -> PersonaPage {
        var page = PersonaPage()
        page.show(document, nominations: nominations(2))
        return page
    }

    static func paint(_ page: PersonaPage, width: Int, height: Int) -> ScreenGrid {
        var state = ScreenGoldenTests.base()
        state.personaPage = page
        return ScreenGoldenTests.settledGrid(state, width: width, height: height).1
    }

    @Test func editsStayWithinTheLimitsAndNothingTypedIsLost() {
        var page = Self.page()
        #expect(!page.dirty)
        page.startAdding()
        page.editing?.input.insert("   ")
        page.commitEdit()
        #expect(page.editing != nil && page.message.contains("needs some text"), "an empty entry is refused, the field stays")
        page.editing?.input.insert(String(repeating: "x", count: 501))
        page.commitEdit()
        #expect(page.editing?.input.text.count == 504 && page.message.contains("at most 500"), "too long: refused, the text kept")
        page.editing = (page.draft.count, TextInput(text: "Answer in English."))
        page.commitEdit()
        #expect(page.draft.last?.text == "Answer in English." && page.dirty)
        // The 30th entry is the last one.
        while page.draft.count < PersonaRules.maxEntries { page.draft.append(PersonaEntry(text: "entry \(page.draft.count)")) }
        page.startAdding()
        #expect(page.editing == nil && page.message.contains("At most 30"))
    }

    @Test func reorderAndEditKeepProvenanceOnlyWhenTheTextIsUnchanged() {
        var page = Self.page()
        page.selection = 1
        page.moveSelected(by: -1)
        #expect(page.draft.map(\.text).first == "Prefers concise answers." && page.selection == 0)
        #expect(page.draft[0].source == .affirmation, "moved, not changed: still affirmed from memory")
        page.startEditing()
        page.commitEdit()
        #expect(page.draft[0].source == .affirmation)
        page.startEditing()
        page.editing?.input.insert(" Always.")
        page.commitEdit()
        #expect(page.draft[0].source == .userEdit && page.draft[0].text.hasSuffix("Always."))
        page.selection = 2
        page.removeSelected()
        #expect(page.draft.count == 2)
        page.discardChanges()
        #expect(page.draft == Self.document.entries && !page.dirty)
    }

    @Test func aConflictKeepsBothSidesUntilTheOwnerChooses() {
        var page = Self.page()
        page.draft.append(PersonaEntry(text: "Mine: no meetings on Fridays."))
        let theirs = PersonaDocument(version: 5, entries: Self.document.entries + [PersonaEntry(text: "Theirs: from the phone.")])
        page.show(PersonaConflict(mine: page.draft, theirs: theirs))
        #expect(page.draft.contains { $0.text.hasPrefix("Mine") }, "the owner's edit is kept")
        page.resolve(.keepBoth)
        #expect(page.draft.map(\.text).suffix(2) == ["Theirs: from the phone.", "Mine: no meetings on Fridays."])
        #expect(page.baseVersion == 5 && page.conflict == nil && page.dirty)
    }

    @Test func atMostFiveNominationsAreShown() {
        var page = PersonaPage()
        page.show(Self.document, nominations: Self.nominations(7))
        #expect(page.nominations.count == 5)
        page.selection = page.draft.count
        #expect(page.selectedNomination?.id == "n1")
    }

    /// Affirm is the one filled capsule on a chosen nomination, in an amber-edged card.
    @Test func aChosenNominationFillsAffirmOnly() {
        var page = Self.page()
        page.selection = page.draft.count
        let grid = Self.paint(page, width: 160, height: 48)
        let lines = grid.snapshot.split(separator: "\n", omittingEmptySubsequences: false)
        var filledRows = Set<Int>()
        for row in 0..<grid.height {
            for column in 0..<grid.width where grid[row, column].style.background == .tealFill { filledRows.insert(row) }
        }
        #expect(filledRows.count == 1 && filledRows.first.map { lines[$0].contains(" Affirm ") } == true)
        var amberEdges = 0
        for row in 0..<grid.height where (0..<grid.width).contains(where: { grid[row, $0].style.foreground == .amberLine }) { amberEdges += 1 }
        #expect(amberEdges >= 6, "each nomination sits behind an amber edge")
    }

    @Test func theHistoryListsEachVersionWithItsEntries() {
        var page = Self.page()
        page.history = [Self.document, PersonaDocument(version: 3, entries: [PersonaEntry(text: "Call me Samuel.")], source: .userEdit)]
        let text = Self.paint(page, width: 160, height: 48).snapshot
        #expect(text.contains("History") && text.contains("Version 4") && text.contains("Version 3") && text.contains("Call me Samuel."))
        #expect(!text.contains("From memory"), "the history replaces the entries and suggestions while shown")
    }

    static func conflicted() -> PersonaPage {
        var page = Self.page()
        page.draft.append(PersonaEntry(text: "Mine: no meetings on Fridays."))
        page.show(PersonaConflict(mine: page.draft,
                                  theirs: PersonaDocument(version: 5, entries: Self.document.entries + [PersonaEntry(text: "Theirs: from the phone.")])))
        return page
    }

    static func editing() -> PersonaPage {
        var page = Self.page()
        page.selection = 2
        page.startEditing()
        return page
    }

    @Test(arguments: [("persona", 80, 24), ("persona", 160, 48), ("persona-conflict", 80, 24), ("persona-conflict", 160, 48),
                      ("persona-editing", 80, 24), ("persona-editing", 160, 48)])
    func thePersonaPagePaintsItsGoldensInLightAndDark(name: String, width: Int, height: Int) {
        let page = switch name {
        case "persona-conflict": Self.conflicted()
        case "persona-editing": Self.editing()
        default: Self.page()
        }
        let grid = Self.paint(page, width: width, height: height)
        let golden = "\(name)-\(width)x\(height)"
        GoldenScreen.check(grid.snapshot, named: golden)
        GoldenScreen.check(SettingsScreenTests.colours(grid, .light), named: golden + "-light")
        GoldenScreen.check(SettingsScreenTests.colours(grid, .dark), named: golden + "-dark")
        #expect(grid.snapshot.contains("Persona"))
    }
}
