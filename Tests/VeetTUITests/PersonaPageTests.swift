import Foundation
import Testing
import VeetCurses
import VeetSettings
import VeetTokens
@testable import veet_tui
import VeetSettingsScreens

/// The Persona page (VeetSettingsScreens, over the Settings screen) as the shell paints it: its goldens
/// (80x24 and 160x48, light and dark) for the list, the conflict and the editor. Its rules as values:
/// Modules/VeetSettings/Tests/VeetSettingsFacesTests.
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
        var screen = SettingsScreenTests.screen()
        screen.persona = page
        return SettingsScreenTests.paint(screen, width: width, height: height)
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
