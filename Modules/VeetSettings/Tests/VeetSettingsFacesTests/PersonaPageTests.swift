import Foundation
import Testing
import VeetCurses
import VeetSettings
import VeetSettingsScreens
import VeetTokens

/// The Persona page as a value: the draft within the library's limits, reordering, a
/// conflict keeping both sides, at most five nominations, and a part the server lacks
/// said in its place while the rest keeps working. (Its goldens: Tests/VeetTUITests.)
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

    static func painted(_ page: PersonaPage, width: Int = 160, height: Int = 48) -> ScreenGrid {
        var grid = ScreenGrid(width: width, height: height)
        page.draw(in: &grid)
        return grid
    }

    /// The Settings screen with the page open over it, driven as the shell drives it.
    static func driver(_ page: PersonaPage = page()) -> ScreenDriver<SettingsScreen> {
        var screen = SettingsScreen(connectionName: "home", address: "https://veet.example.com", credentialsPath: "/tmp/c")
        screen.persona = page
        return ScreenDriver(screen)
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
        let grid = Self.painted(page)
        let lines = grid.snapshot.split(separator: "\n", omittingEmptySubsequences: false)
        var filledRows = Set<Int>()
        for row in 0..<grid.height {
            for column in 0..<grid.width where grid[row, column].style.background == .tealFill { filledRows.insert(row) }
        }
        #expect(filledRows.count == 1 && filledRows.first.map { lines[$0].contains(" Affirm ") } == true)
    }

    @Test func theHistoryListsEachVersionWithItsEntries() {
        var page = Self.page()
        page.history = [Self.document, PersonaDocument(version: 3, entries: [PersonaEntry(text: "Call me Samuel.")], source: .userEdit)]
        let text = Self.painted(page).snapshot
        #expect(text.contains("History") && text.contains("Version 4") && text.contains("Version 3") && text.contains("Call me Samuel."))
        #expect(!text.contains("From memory"), "the history replaces the entries and suggestions while shown")
    }

    /// An older persona: no nominations sub-resource. The page keeps its entries and edits and says,
    /// where the suggestions would be, that they are not offered here.
    @Test func aServerWithoutNominationsSaysSoWhereTheyWouldBe() {
        var access = PersonaAccess()
        access.persona = .offered
        access.nominations = .notOffered
        var driver = Self.driver(PersonaPage())
        driver.answer(.persona(.loaded(PersonaOverview(document: Self.document, openNominations: [], access: access))))
        let text = driver.painted(width: 160, height: 48)
        #expect(text.contains("This server does not offer nominations from memory; your persona still works."))
        #expect(text.contains("Call me Sam.") && text.contains(" Save "), "the entries and their controls stay")
        // A reload that did not learn otherwise keeps saying so; editing still works.
        driver.answer(.persona(.loaded(PersonaOverview(document: Self.document, openNominations: [], access: {
            var known = PersonaAccess(); known.persona = .offered; return known
        }()))))
        #expect(driver.painted(width: 160, height: 48).contains("does not offer nominations from memory"))
        driver.press(.char("a"))
        driver.type("Be brief.")
        driver.press(KeyPress(.enter))
        #expect(driver.press(.char("s")) == [.savePersona(Self.document.entries + [PersonaEntry(text: "Be brief.", source: .userEdit)],
                                                          expectedVersion: 4)])
    }

    /// Offered nominations show no such line (the notice cannot be there by default).
    @Test func offeredNominationsShowNoNotice() {
        var access = PersonaAccess()
        access.persona = .offered
        access.nominations = .offered
        var driver = Self.driver(PersonaPage())
        driver.answer(.persona(.loaded(PersonaOverview(document: Self.document, openNominations: Self.nominations(1), access: access))))
        let text = driver.painted(width: 160, height: 48)
        #expect(!text.contains("does not offer") && text.contains("Suggested statement number 1."))
    }

    /// A persona without history: `h` says so instead of asking again, and its key leaves the line.
    @Test func aServerWithoutHistorySaysSoAndHidesItsKey() {
        var driver = Self.driver()
        #expect(driver.press(.char("h")) == [.loadPersonaHistory])
        #expect(driver.painted(width: 160, height: 48).contains("h history"))
        driver.answer(.persona(.notOffered(.history)))
        #expect(driver.screen.persona?.message == "This server does not offer the persona's history; your persona still works.")
        #expect(driver.press(.char("h")) == [], "not asked again")
        #expect(driver.screen.persona?.message.contains("does not offer the persona's history") == true)
        #expect(!driver.painted(width: 160, height: 48).contains("h history"))
    }

    /// Esc with an unsaved draft: back to the cards, the draft handed to the shell to keep, and back on return.
    @Test func anUnsavedDraftIsKeptAcrossTheWayOut() {
        var driver = Self.driver()
        driver.press(.char("d"))  // removes the first entry
        driver.press(KeyPress(.escape))
        #expect(driver.screen.persona == nil && driver.screen.keptPersona?.dirty == true)
        #expect(driver.screen.message == "Your persona edit is not saved yet; it is kept until you return.")
        guard case .keepPersona(let kept?)? = driver.routes.last else { Issue.record("the draft was not handed to the shell"); return }
        #expect(kept.draft.count == 2)
        var reopened = ScreenDriver(SettingsScreen(connectionName: nil, address: "a", credentialsPath: "c", keptPersona: kept))
        reopened.screen.card = .persona
        #expect(reopened.press(KeyPress(.enter)) == [.loadPersona])
        #expect(reopened.screen.persona?.draft.count == 2)
    }
}
