import Foundation
import Testing
import VeetChat
import VeetTransport
import VeetWire

/// A long answer streams in linear time through `applyReportingChanges`, as
/// through `apply`: reporting must not hold a second reference to the growing
/// preview (each delta would then copy the whole answer so far).
@Suite struct StreamingCostTests {
    static func longAnswer(deltas: Int) -> [RunEventFrame] {
        let started = RunEventFrame.decode(SSEEvent(event: "run.started",
                                                    data: #"{"attempt":1,"lease_epoch":1,"run_id":"r"}"#, id: "1"))
        let delta = RunEventFrame.decode(SSEEvent(event: "message.delta", data: """
            {"item_index":0,"step_number":1,"text":"\(String(repeating: "x", count: 40))","run_id":"r"}
            """))
        return [started] + Array(repeating: delta, count: deltas)
    }

    @Test func reportingChangesCostsAboutWhatApplyingCosts() {
        let frames = Self.longAnswer(deltas: 20_000)
        let clock = ContinuousClock()
        func best(_ work: () -> Void) -> Duration { (0..<3).map { _ in clock.measure(work) }.min()! }
        let applying = best {
            var transcript = Transcript(followingRun: "r")
            transcript.apply(frames)
        }
        let reporting = best {
            var transcript = Transcript(followingRun: "r")
            for frame in frames { _ = transcript.applyReportingChanges(frame) }
        }
        // Quadratic copying makes this ~50x on 800 KB; reporting's own work is
        // 2-3x idle and was 7.5x with the machine's two cores shared by five
        // builds, so the bound only tells linear from quadratic.
        #expect(reporting < applying * 20, "apply \(applying), applyReportingChanges \(reporting)")
    }
}
