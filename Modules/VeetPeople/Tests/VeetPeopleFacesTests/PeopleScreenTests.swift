import Foundation
import Testing
import VeetCurses
import VeetPeople
@testable import VeetPeopleScreens

/// The People screen as a value: its groups and how the selection follows a change.
@Suite struct PeopleScreenTests {
    let maya = Person(id: "m", displayName: "Maya Chen", pinned: true)
    let jules = Person(id: "j", displayName: "Jules Moreau", pinned: true)
    let patel = Person(id: "p", displayName: "Dr. Patel", state: .provisional)
    let sam = Person(id: "s", displayName: "Sam Okafor")

    func screen() -> PeopleScreen {
        var screen = PeopleScreen()
        screen.show(pinned: [maya, jules], review: [patel], everyone: [maya, jules, patel, sam])
        return screen
    }

    @Test func pinnedAndNeedsReviewComeFirst() {
        let rows = screen().rows
        #expect(rows == [.heading("Pinned"), .person(maya), .person(jules), .heading("Needs review"), .person(patel),
                         .heading("People"), .person(sam)])
        #expect(screen().people.map(\.id) == ["m", "j", "p", "s"])
    }

    @Test func theSelectionStaysOnThePersonWhoChanged() {
        var screen = screen()
        var unpinned = maya
        unpinned.pinned = false
        screen.show(unpinned)
        #expect(screen.selectedPerson?.id == "m")
        #expect(screen.pinned.map(\.id) == ["j"])
        var pinnedAgain = unpinned
        pinnedAgain.pinned = true
        screen.show(pinnedAgain)
        #expect(screen.selectedPerson?.id == "m")
        #expect(screen.pinned.map(\.id) == ["m", "j"])  // back in the directory's order
    }

    @Test func aProvisionalPersonIsMarkedInWords() {
        var grid = ScreenGrid(width: 100, height: 24)
        screen().paint(in: &grid, now: Date())
        let row = grid.snapshot.split(separator: "\n").first { $0.contains("Dr. Patel") }
        #expect(row?.contains("Dr. Patel (provisional)") == true, "\(row ?? "")")
    }

    @Test func aForgottenPersonLeavesTheList() {
        var screen = screen()
        screen.selected = 3
        screen.remove("s")
        #expect(screen.selectedPerson?.id == "p")
        #expect(!screen.rows.contains(.heading("People")))
    }
}
