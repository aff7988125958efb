import Testing
@testable import veet_tui
import VeetChat

/// Seed 000: a decision stays pending until the server confirms it; while it
/// travels the card shows it and offers no key; one not taken says why and
/// is actionable again.
@Suite struct ApprovalProgressScreenTests {
    @Test(arguments: [(ApprovalAnswer.approveOnce, "Approving…"), (.deny(reason: nil), "Denying…"),
                      (.approveForTask, "Allowing…")])
    func aDecisionOnItsWayShowsItselfAndNoKeys(answer: ApprovalAnswer, words: String) {
        var state = ScreenGoldenTests.withApproval()
        state.approval?.sending = answer
        let (_, grid) = ScreenGoldenTests.settledGrid(state)
        #expect(grid.snapshot.contains(words))
        #expect(!grid.snapshot.contains("a approve once"), "no key while it travels:\n\(grid.snapshot)")
    }

    @Test func aDecisionNotTakenSaysWhyAndOffersTheKeysAgain() {
        var state = ScreenGoldenTests.withApproval()
        state.approval?.problem = "The server did not answer."
        let (_, grid) = ScreenGoldenTests.settledGrid(state)
        #expect(grid.snapshot.contains("Not decided: The server did not answer. Choose again."))
        #expect(grid.snapshot.contains("a approve once"))
    }
}
