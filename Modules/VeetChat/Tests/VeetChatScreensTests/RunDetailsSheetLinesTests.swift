import Foundation
import Testing
import VeetChatScreens
import VeetWire

/// The run details sheet's words as a value (the picture: VeetTUITests' RunDetailsSheetTests).
@Suite struct RunDetailsSheetLinesTests {
    static func run(failed: Bool) throws -> RunView {
        let failure = failed
            ? #","failure":{"reason":"model_error","message":"The model provider timed out","step_number":3}"# : ""
        let json = """
            {"id":"0198d6a4-4444-7000-8000-000000000001","session_id":"s3","status":"\(failed ? "FAILED" : "COMPLETED")",
             "step_count":3,"model_call_count":2,"tool_call_count":1,
             "usage":{"input_tokens":1840,"output_tokens":312,"cost_usd":"0.0042"},
             "limits":{"max_steps":20,"max_cost_usd":"0.50"},
             "created_at":"2026-12-01T08:58:00Z","updated_at":"2026-12-01T08:59:00Z"\(failure)}
            """
        return try JSONDecoder().decode(RunView.self, from: Data(json.utf8))
    }

    @Test func aFailedRunSaysWhyAndAtWhichStep() throws {
        let lines = RunDetailsSheet(runID: "r", run: try Self.run(failed: true), message: "").lines
        #expect(lines.contains("Failed: The model provider timed out (model_error, step 3)"), "\(lines)")
    }

    @Test func aRunSaysItsStepsCallsTokensAndCostAgainstItsLimits() throws {
        let lines = RunDetailsSheet(runID: "r", run: try Self.run(failed: false), message: "").lines
        #expect(lines.contains("Steps: 3 of at most 20"))
        #expect(lines.contains("Model calls: 2    Tool calls: 1"))
        #expect(lines.contains("Cost: $0.0042 of at most $0.50"))
    }

    @Test func beforeTheAnswerItSaysItIsReading() {
        #expect(RunDetailsSheet(runID: "r1").lines == ["Reading the run..."])
    }
}
