import Foundation
import Testing
@testable import veet_tui
import VeetCurses
import VeetWire
import VeetChatScreens

/// `i` on an answer: its run's details over the chat (issue 20 item 7), as
/// `veet run show` gives them.
@Suite struct RunDetailsSheetTests {
    static func state(failed: Bool = false) -> ScreenState {
        var state = ScreenGoldenTests.withTranscript()
        let failure = failed
            ? #","failure":{"reason":"model_error","message":"The model provider timed out","step_number":3}"# : ""
        let run = FeatureScreenStates.decode(RunView.self, """
            {"id":"0198d6a4-4444-7000-8000-000000000001","session_id":"s3","status":"\(failed ? "FAILED" : "COMPLETED")",
             "step_count":3,"model_call_count":2,"tool_call_count":1,
             "usage":{"input_tokens":1840,"output_tokens":312,"cost_usd":"0.0042"},
             "limits":{"max_steps":20,"max_cost_usd":"0.50"},
             "created_at":"2026-12-01T08:58:00Z","updated_at":"2026-12-01T08:59:00Z"\(failure)}
            """)
        var sheet = RunDetailsSheet(runID: run.id)
        sheet.run = run
        sheet.message = ""
        state.conversation.runDetails = sheet
        return state
    }

    @Test(arguments: [(80, 24), (160, 48)])
    func theSheetShowsStepsCallsTokensAndCost(size: (width: Int, height: Int)) {
        let (_, grid) = ScreenGoldenTests.settledGrid(Self.state(), width: size.width, height: size.height)
        GoldenScreen.check(grid.snapshot, named: "run-details-\(size.width)x\(size.height)")
        #expect(grid.snapshot.contains("Run details"))
        #expect(grid.snapshot.contains("Status: COMPLETED"))
        #expect(grid.snapshot.contains("Steps: 3 of at most 20"))
        #expect(grid.snapshot.contains("Model calls: 2    Tool calls: 1"))
        #expect(grid.snapshot.contains("Tokens: 1840 in, 312 out"))
        #expect(grid.snapshot.contains("Cost: $0.0042 of at most $0.50"))
    }
}
