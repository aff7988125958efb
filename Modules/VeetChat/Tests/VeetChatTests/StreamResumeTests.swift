import Foundation
import Testing
import VeetChat
import VeetFixture
import VeetTransport

/// A stream cut mid-run resumes with Last-Event-ID: no persisted event is
/// lost or repeated, whatever the cut point.
@Suite(.serialized) struct StreamResumeTests {
    @Test func cutStreamsResumeWithoutLossOrRepeats() async throws {
        var generator = SeededGenerator(seed: 0x5EED)
        for _ in 0..<12 {
            let cutAfter = Int.random(in: 1...12, using: &generator)
            let live = try LiveFixture()
            defer { live.stop() }
            live.server.holdRuns(true)
            let session = try await live.api.createSession()
            let submitted = try await live.api.submit(
                sessionID: session.id, content: [.text("Please approve an external write")], key: IdempotencyKey())
            live.server.updateFaults { $0.cutStreamsAfterFrames = cutAfter }
            live.server.holdRuns(false)
            var sequences: [Int64] = []
            var reconnects = 0
            var approved = false
            for try await output in live.api.events(runID: submitted.runID).events() {
                switch output {
                case .frame(let frame):
                    if let sequence = frame.sequence { sequences.append(sequence) }
                    if case .approvalRequested(let requested) = frame.event, !approved {
                        approved = true
                        _ = try await live.api.resolve(approvalID: requested.approvalID, decision: .approveOnce)
                    }
                case .reconnecting: reconnects += 1
                default: break
                }
            }
            let persisted = live.server.eventTypes(ofRun: submitted.runID)
            #expect(Set(sequences).count == sequences.count, "a persisted frame was repeated (cut after \(cutAfter))")
            #expect(sequences == sequences.sorted())
            #expect(reconnects > 0, "the fault should have cut the stream (cut after \(cutAfter))")
            // Everything up to the terminal event arrived (memory.formation.requested may follow it).
            let terminalIndex = try #require(persisted.firstIndex { ["run.completed", "run.failed", "run.cancelled"].contains($0) })
            #expect(sequences.count == terminalIndex + 1, "cut after \(cutAfter): got \(sequences.count) of \(terminalIndex + 1)")
        }
    }

    @Test func overflowReconnectsFromTheLastSequence() async throws {
        let live = try LiveFixture()
        defer { live.stop() }
        live.server.holdRuns(true)
        let session = try await live.api.createSession()
        let submitted = try await live.api.submit(sessionID: session.id, content: [.text("What is 6 * 7?")], key: IdempotencyKey())
        live.server.updateFaults { $0.overflowAfterFrames = 3; $0.overflowLimit = 2 }
        live.server.holdRuns(false)
        var sequences: [Int64] = []
        var overflows = 0
        for try await output in live.api.events(runID: submitted.runID).events() {
            if case .frame(let frame) = output, let sequence = frame.sequence { sequences.append(sequence) }
            if case .interrupted(.overflow) = output { overflows += 1 }
        }
        #expect(overflows == 2)
        #expect(Set(sequences).count == sequences.count)
        #expect(sequences.count >= 10)
    }
}

/// A small deterministic generator so random cut points repeat run to run.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
