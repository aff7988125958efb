import Foundation
import Testing
@testable import veet_tui
import VeetChat
import VeetChatScreens
import VeetCurses
import VeetStore
import VeetTransport
import VeetWire

/// The TUI painter as a pure function of its state: states built as values,
/// settled for a size, painted to a grid and compared with golden text
/// (`Screens/NAME.txt`; `VEET_UPDATE_SNAPSHOTS=1` rewrites them). No terminal,
/// no tmux, no server: the tmux goldens of EndToEndTests stay the end-to-end check.
@Suite struct ScreenGoldenTests {
    static let now = Date(timeIntervalSince1970: 1_796_036_400)  // 2026-12-01T09:00:00Z
    static let width = 100, height = 24

    static func stamp(minutesAgo: Int) -> Timestamp {
        Timestamp(Date(timeInterval: TimeInterval(-60 * minutesAgo), since: now).formatted(.iso8601))
    }

    static func sessions() -> [CachedSession] {
        let titles = ["Please approve a write", "Checklist: hiring plan", "Checklist: team offsite",
                      "Saving plan for the groceries", "Lisbon trip in March", "Reading list"]
        return titles.enumerated().map { index, title in
            CachedSession(id: "s\(index)", title: title, createdAt: stamp(minutesAgo: 600),
                          updatedAt: stamp(minutesAgo: [1, 52, 75, 130, 1500, 4000][index]),
                          activeRunID: index == 0 ? "r0" : nil)
        }
    }

    static func base() -> ScreenState {
        var state = ScreenState()
        state.connectionLabel = "127.0.0.1"
        state.sessions = sessions()
        return state
    }

    static func withTranscript() -> ScreenState {
        var state = base()
        state.conversation.sessionID = "s3"
        state.conversation.transcript.restore([
            SessionMessageView(sequence: 1, role: .user, content: [.text("How do I keep groceries under 450 EUR in December?")]),
            SessionMessageView(sequence: 2, role: .assistant, content: [.text(
                "## A plan\n\nKeep **three** lists and check them *weekly*:\n\n- staples first\n- `fresh` produce\n- one treat")]),
            SessionMessageView(sequence: 3, role: .user, content: [.text("And the holidays?")]),
            SessionMessageView(sequence: 4, role: .assistant, content: [.text("That leaves about 40 EUR for them.")]),
        ])
        return state
    }

    /// The fixture's `demo.external_write` arguments (Scenario.approval).
    static let writeArguments: JSONValue = .object([
        "content": .string("hello from the scripted model"), "destination": .string("demo://notes"),
    ])

    /// A server-cut 900-character note, a hidden token and more arguments than the dock lists.
    static let longWriteArguments: JSONValue = .object([
        "content": .string(String(String(repeating: "Quarterly planning notes, line by line. ", count: 23).prefix(512))
            + ApprovalArgumentCheck.truncationMarker),
        "destination": .string("demo://notes"), "api_token": .string("[REDACTED]"),
        "format": .string("markdown\nwith a second line"), "append": .bool(true),
    ])

    static func withApproval(arguments: JSONValue = writeArguments) -> ScreenState {
        var state = base()
        state.conversation.sessionID = "s0"
        state.conversation.transcript.restore([SessionMessageView(sequence: 1, role: .user, content: [.text("Please approve a write")])])
        let approval = ApprovalView(id: "a0", runID: "r0", sessionID: "s0", status: .pending, toolName: "demo.external_write",
                                    actionSummary: "Run demo.external_write with validated arguments.",
                                    arguments: arguments, risk: .high, createdAt: stamp(minutesAgo: 1))
        state.conversation.transcript.attach(approval)
        state.conversation.approval = DockedApproval(approval: approval, ticket: 1, work: 1)
        state.conversation.work = RunningWork(id: 1, sessionID: "s0", runID: "r0")
        state.focus = .approval
        state.pendingApprovals = [approval]
        return state
    }

    static func settledGrid(_ state: ScreenState, width: Int = width, height: Int = height) -> (ScreenState, ScreenGrid) {
        var state = state
        ScreenLayout.settle(&state, width: width, height: height, now: now)
        return (state, ScreenPainter.paint(state, width: width, height: height, now: now))
    }

    @Test(arguments: ["empty", "transcript", "approval-docked"])
    func aStatePaintsItsGoldenScreen(name: String) {
        let state = switch name {
        case "transcript": Self.withTranscript()
        case "approval-docked": Self.withApproval()
        default: Self.base()
        }
        let (_, grid) = Self.settledGrid(state)
        GoldenScreen.check(grid.snapshot, named: "\(name)-\(Self.width)x\(Self.height)")
    }

    /// The dock lists a few arguments, cut with a marker, secrets hidden; `v`
    /// shows them all whole, scrolled inside the dock (80x24 and wide).
    @Test(arguments: [(80, 24), (160, 48)])
    func theApprovalDockShowsItsArgumentsAndExpandsThem(size: (width: Int, height: Int)) {
        var state = Self.withApproval(arguments: Self.longWriteArguments)
        let (_, collapsed) = Self.settledGrid(state, width: size.width, height: size.height)
        GoldenScreen.check(collapsed.snapshot, named: "approval-arguments-\(size.width)x\(size.height)")
        #expect(collapsed.snapshot.contains("api_token: [REDACTED]"))
        #expect(collapsed.snapshot.contains("+2 more arguments"))
        #expect(collapsed.snapshot.contains("v all arguments"))

        state.conversation.approval?.argumentsExpanded = true
        let (expandedState, expanded) = Self.settledGrid(state, width: size.width, height: size.height)
        GoldenScreen.check(expanded.snapshot, named: "approval-arguments-expanded-\(size.width)x\(size.height)")
        #expect(expanded.snapshot.contains("v fewer"))
        // Scrolling is offered only where the arguments overflow the dock (80x24), not where all show (160x48).
        #expect(expanded.snapshot.contains("↑↓ scroll") == (size.width == 80), "\(expanded.snapshot)")

        // Scrolling past the end stops at the last line: the settle step keeps the offset inside.
        state = expandedState
        state.conversation.approval?.argumentScroll = 1_000
        let (scrolledState, scrolled) = Self.settledGrid(state, width: size.width, height: size.height)
        #expect(scrolled.snapshot.contains("[TRUNCATED]"))
        #expect(scrolled.snapshot.contains("format: markdown"))
        #expect((scrolledState.conversation.approval?.argumentScroll ?? 1_000) < 1_000)
        let (_, again) = Self.settledGrid(scrolledState, width: size.width, height: size.height)
        #expect(again == scrolled)
    }

    @Test func aDecidedApprovalOpensToWhatWasApproved() {
        var state = Self.withApproval()
        state.conversation.approval = nil
        state.focus = .transcript
        state.conversation.transcriptView.expandedBundleIDs = ["approval:a0"]
        let (_, grid) = Self.settledGrid(state, width: 80)
        #expect(grid.snapshot.contains("content: hello from the scripted model"))
        #expect(grid.snapshot.contains("destination: demo://notes"))
        state.conversation.transcriptView.expandedBundleIDs = []
        let (_, closed) = Self.settledGrid(state, width: 80)
        #expect(!closed.snapshot.contains("destination: demo://notes"))
    }

    @Test func paintingASettledStateChangesNothingSoItPaintsTheSameAgain() {
        var state = Self.withTranscript()
        state.focus = .transcript
        state.conversation.transcriptView.selectedRow = "user:1"
        state.conversation.transcriptView.revealSelection = true
        let (settled, first) = Self.settledGrid(state, height: 12)
        // Painting does not settle: the unsettled state paints no transcript rows, the settled one does.
        #expect(ScreenPainter.paint(state, width: Self.width, height: 12, now: Self.now) != first)
        // Settling again for the same size is a no-op: the reveal was done once, the scroll stays.
        let (_, again) = Self.settledGrid(settled, height: 12)
        #expect(again == first)
        #expect(!settled.conversation.transcriptView.revealSelection)
        #expect(first.snapshot.contains("▸ "), "the cursor's row is marked")
    }

    @Test func theSettleStepScrollsTheCursorsRowIntoView() {
        var state = Self.withTranscript()
        state.focus = .transcript
        state.conversation.transcriptView.selectedRow = "user:1"
        state.conversation.transcriptView.revealSelection = true
        let (_, revealed) = Self.settledGrid(state, height: 12)
        state.conversation.transcriptView.revealSelection = false
        let (_, following) = Self.settledGrid(state, height: 12)
        #expect(revealed.snapshot.contains("How do I keep groceries"))
        #expect(!following.snapshot.contains("How do I keep groceries"), "without the reveal the transcript follows its end")
    }

    @Test func theOfflineStatusShowsOnlyWhileNoNoticeIs() {
        var state = Self.base()
        state.refreshProblem = "Server unreachable · retrying"
        let (_, offline) = Self.settledGrid(state, width: 80)
        #expect(offline.snapshot.contains("Server unreachable · retrying"))
        state.notice = "Not sent · kept in the outbox as #12"
        let (_, noticed) = Self.settledGrid(state, width: 80)
        #expect(noticed.snapshot.contains("Not sent · kept in the outbox as #12"), "whole, at 80 columns")
        #expect(!noticed.snapshot.contains("Server unreachable"))
    }

    @Test func aFailedMessageShowsItsStateUnderItAndAConfirmedOneNothing() {
        var state = Self.withTranscript()
        let id = state.conversation.transcript.addOptimisticUserMessage([.text("Is it sent?")], clientKey: "k1")
        state.conversation.sendStates = [id: .notSent(entryID: 3, reason: nil, canRetry: true)]
        let (_, failed) = Self.settledGrid(state)
        #expect(failed.snapshot.contains("Is it sent?"))
        #expect(failed.snapshot.contains("Not sent · Enter to try again, x to discard"))
        state.conversation.sendStates = [id: .delivered]
        let (_, confirmed) = Self.settledGrid(state)
        #expect(confirmed.snapshot.contains("Is it sent?"))
        #expect(!confirmed.snapshot.contains("Not sent"))
    }

    @Test func reconcilesCoalesceIntoOneInFlightAndOneMore() {
        let gate = ReconcileGate()
        #expect(gate.enter())
        #expect(!gate.enter())
        #expect(!gate.enter())
        // Two calls meanwhile make one more run, not two.
        #expect(gate.leave())
        #expect(!gate.leave())
        #expect(gate.enter())
        #expect(!gate.leave())
    }
}

/// Golden text screens beside this file.
enum GoldenScreen {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Screens")

    static func check(_ screen: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let url = directory.appendingPathComponent(name + ".txt")
        if ProcessInfo.processInfo.environment["VEET_UPDATE_SNAPSHOTS"] == "1" {
            try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try? Data(screen.utf8).write(to: url)
            return
        }
        guard let golden = try? String(contentsOf: url, encoding: .utf8) else {
            Issue.record("no golden \(url.lastPathComponent) (VEET_UPDATE_SNAPSHOTS=1 records it); got:\n\(screen)",
                         sourceLocation: sourceLocation)
            return
        }
        #expect(screen == golden, "screen \(name) differs from its golden:\n\(screen)", sourceLocation: sourceLocation)
    }
}
