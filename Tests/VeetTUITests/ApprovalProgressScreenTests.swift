import Testing
@testable import veet_tui
import VeetChat
import VeetChatScreens
import VeetCurses
import VeetWire

/// docs/tui.md: a decision stays pending until the server confirms it; while it
/// travels the card shows it and offers no key; one not taken says why and
/// is actionable again.
@Suite struct ApprovalProgressScreenTests {
    @Test(arguments: [(ApprovalAnswer.approveOnce, "Approving…"), (.deny(reason: nil), "Denying…"),
                      (.approveForTask, "Allowing…")])
    func aDecisionOnItsWayShowsItselfAndNoKeys(answer: ApprovalAnswer, words: String) {
        var state = ScreenGoldenTests.withApproval()
        state.conversation.approval?.sending = answer
        let (_, grid) = ScreenGoldenTests.settledGrid(state)
        #expect(grid.snapshot.contains(words))
        #expect(!grid.snapshot.contains("a approve once"), "no key while it travels:\n\(grid.snapshot)")
    }

    @Test func aDecisionNotTakenSaysWhyAndOffersTheKeysAgain() {
        var state = ScreenGoldenTests.withApproval()
        state.conversation.approval?.problem = "The server did not answer."
        let (_, grid) = ScreenGoldenTests.settledGrid(state)
        #expect(grid.snapshot.contains("Not decided: The server did not answer. Choose again."))
        #expect(grid.snapshot.contains("a approve once"))
    }
}

/// docs/tui.md: a decision made on another device closes the dock and the
/// transcript keeps one line for it; a message that met another run is back
/// in the composer, said in the status bar (80x24 and 160x48).
@Suite struct ApprovalElsewhereScreenTests {
    static func settledElsewhere() -> ScreenState {
        var state = ScreenGoldenTests.withApproval()
        state.conversation.approval = nil
        state.focus = .composer
        state.pendingApprovals = []
        state.conversation.transcript.attach(ApprovalView(id: "a0", runID: "r0", sessionID: "s0", status: .approved,
                                             toolName: "demo.external_write",
                                             actionSummary: "Run demo.external_write with validated arguments.",
                                             arguments: ScreenGoldenTests.writeArguments, risk: .high,
                                             createdAt: ScreenGoldenTests.stamp(minutesAgo: 1), decision: .approveOnce))
        state.conversation.transcript.noteDecisionPlace(.elsewhere, approvalID: "a0")
        state.notice = "Approved on another device"
        return state
    }

    @Test(arguments: [(80, 24), (160, 48)])
    func anotherDevicesDecisionLeavesOneLineAndNoDock(size: (width: Int, height: Int)) {
        let (_, grid) = ScreenGoldenTests.settledGrid(Self.settledElsewhere(), width: size.width, height: size.height)
        GoldenScreen.check(grid.snapshot, named: "approval-settled-elsewhere-\(size.width)x\(size.height)")
        #expect(grid.snapshot.contains("Approved once · demo.external_write · on another device"), "\(grid.snapshot)")
        #expect(!grid.snapshot.contains("a approve once"))
        #expect(!grid.snapshot.contains("Waiting for your approval"))
    }

    @Test(arguments: [(80, 24), (160, 48)])
    func aMessageNotSentIsBackInTheComposer(size: (width: Int, height: Int)) {
        var state = ScreenGoldenTests.withTranscript()
        state.conversation.composer = TextInput(text: "my own words")
        state.notice = HandBack.notSentNotice
        let (_, grid) = ScreenGoldenTests.settledGrid(state, width: size.width, height: size.height)
        GoldenScreen.check(grid.snapshot, named: "message-not-sent-\(size.width)x\(size.height)")
        #expect(grid.snapshot.contains("› my own words"), "\(grid.snapshot)")
        #expect(grid.snapshot.contains("Not sent: a reply was already running"), "\(grid.snapshot)")
    }
}
