import FaultProxyCore
import Foundation
import Synchronization
import Testing
import VeetChat
import VeetFixture
import VeetStore
import VeetTransport
import VeetWire

/// Promises that only hold under failure, proved through `FaultProxy`
/// between the client libraries and an in-process fixture.
@Suite(.serialized) struct ProxyFaultTests {
    static let iterations: UInt64 = 30

    /// Applied, answer lost (docs/reliability.md): the server applies a send and the answer is lost (dropped or cut
    /// part-way), several times in a row; the submission's own retries (same key)
    /// still make one run, before the outbox would need the echo.
    @Test func aSendIsAppliedExactlyOnceHoweverTheAnswerIsLost() async throws {
        let (server, serverURL) = try Hardening.startFixture()
        defer { server.stop() }
        let direct = try Hardening.api(serverURL)
        for seed in 1...Self.iterations {
            var random = SeededGenerator(seed: seed)
            let faults = (0..<Int.random(in: 1...4, using: &random)).map { _ -> ProxyFault in
                Bool.random(using: &random) ? .dropAnswer : .cutAnswerBody(afterBytes: Int.random(in: 0..<40, using: &random))
            }
            let plan = Mutex(faults)
            let proxy = try FaultProxy(upstream: serverURL) { line in
                guard line.hasPrefix("POST "), line.contains("/messages") else { return .passThrough }
                return plan.withLock { $0.isEmpty ? .passThrough : $0.removeFirst() }
            }
            defer { proxy.stop() }
            let session = try await direct.createSession().id
            let result = try await Hardening.send("hello \(seed)", api: try Hardening.api(proxy.url), sessionID: session)
            let submits = proxy.requestLines.filter { $0.hasPrefix("POST ") && $0.contains("/messages") }
            #expect(submits.count == faults.count + 1, "seed \(seed): every lost answer was retried")
            #expect(server.runCount(inSession: session) == 1, "seed \(seed): faults \(faults)")
            #expect(result.status == .completed, "seed \(seed)")
            #expect(result.runID == server.runIDs(inSession: session).first)
        }
    }

    /// Dropped answers with one store for every seed (saved before sending,
    /// confirmed by the answer or the echo): one run each, and nothing left in
    /// the outbox.
    @Test func anOutboxSendIsAppliedExactlyOnceHoweverTheAnswerIsLost() async throws {
        let (server, serverURL) = try Hardening.startFixture()
        defer { server.stop() }
        let paths = try SecretHygieneTests.temporaryPaths()
        defer { try? FileManager.default.removeItem(at: paths.configDirectory.deletingLastPathComponent()) }
        let store = try LocalStore.open(paths: paths, connection: "main")
        let direct = try Hardening.api(serverURL)
        for seed in UInt64(1)...10 {
            var random = SeededGenerator(seed: 500 + seed)
            let drops = Int.random(in: 1...3, using: &random)
            let plan = Mutex(drops)
            let proxy = try FaultProxy(upstream: serverURL) { line in
                guard line.hasPrefix("POST "), line.contains("/messages") else { return .passThrough }
                return plan.withLock { left in
                    guard left > 0 else { return .passThrough }
                    left -= 1
                    return .dropAnswer
                }
            }
            defer { proxy.stop() }
            let session = try await direct.createSession().id
            let result = try await TurnRunner(api: try Hardening.api(proxy.url)).send(
                content: [.text("outbox \(seed)")], sessionID: session, outbox: store, interaction: UnattendedInteraction())
            #expect(server.runCount(inSession: session) == 1, "seed \(500 + seed): \(drops) answers dropped")
            #expect(result.status == .completed, "seed \(500 + seed)")
            #expect(try store.outbox(sessionID: session).isEmpty, "seed \(500 + seed): the entry was confirmed")
        }
    }

    /// A finished run replayed through connections cut at random byte offsets
    /// (inside the head, inside a frame, between frames): the resumed stream
    /// delivers every persisted event exactly once, in order.
    @Test func aResumedStreamLosesAndRepeatsNothing() async throws {
        let (server, serverURL) = try Hardening.startFixture()
        defer { server.stop() }
        let direct = try Hardening.api(serverURL)
        let turn = try await Hardening.send("please do some research", api: direct)
        let expected = Self.typesThroughTerminal(server.eventTypes(ofRun: turn.runID))
        #expect(expected.count > 5)

        let measuring = try FaultProxy(upstream: serverURL) { _ in .passThrough }
        let whole = try await persistedFrames(of: try Hardening.api(measuring.url).events(runID: turn.runID))
        measuring.stop()
        #expect(whole.map(\.type) == expected)

        for seed in 1...Self.iterations {
            var random = SeededGenerator(seed: 1_000 + seed)
            // Cuts land anywhere in the body of a full replay (a few pass its end and cut
            // nothing), or in the first 240 bytes: before the status line ends or inside the head.
            let cuts = (0..<Int.random(in: 1...5, using: &random)).map { _ in Self.randomCut(bodyBytes: 6_000, &random) }
            let plan = Mutex(cuts)
            let proxy = try FaultProxy(upstream: serverURL) { line in
                guard line.contains("/events") else { return .passThrough }
                return plan.withLock { $0.isEmpty ? .passThrough : $0.removeFirst() }
            }
            defer { proxy.stop() }
            let frames = try await persistedFrames(of: try Hardening.api(proxy.url).events(runID: turn.runID))
            let sequences = frames.compactMap(\.sequence)
            #expect(frames.map(\.type) == expected, "seed \(1_000 + seed): cuts at \(cuts)")
            #expect(Set(sequences).count == sequences.count, "seed \(1_000 + seed): a sequence repeated")
            #expect(sequences == sequences.sorted(), "seed \(1_000 + seed): out of order")
        }
    }

    /// The same while the run is still producing events: the stream is cut
    /// live and resumes from its last id.
    @Test func aLiveStreamCutMidRunLosesAndRepeatsNothing() async throws {
        let (server, serverURL) = try Hardening.startFixture()
        defer { server.stop() }
        let direct = try Hardening.api(serverURL)
        for seed in 1...UInt64(8) {
            var random = SeededGenerator(seed: 2_000 + seed)
            let cuts = (0..<Int.random(in: 1...4, using: &random)).map { _ in Self.randomCut(bodyBytes: 3_000, &random) }
            let plan = Mutex(cuts)
            let proxy = try FaultProxy(upstream: serverURL) { line in
                guard line.contains("/events") else { return .passThrough }
                return plan.withLock { $0.isEmpty ? .passThrough : $0.removeFirst() }
            }
            defer { proxy.stop() }
            let session = try await direct.createSession().id
            let submitted = try await direct.submit(sessionID: session, content: [.text("research \(seed)")],
                                                    key: IdempotencyKey())
            let frames = try await persistedFrames(of: try Hardening.api(proxy.url).events(runID: submitted.runID))
            let sequences = frames.compactMap(\.sequence)
            #expect(frames.map(\.type) == Self.typesThroughTerminal(server.eventTypes(ofRun: submitted.runID)), "seed \(2_000 + seed): cuts \(cuts)")
            #expect(Set(sequences).count == sequences.count)
        }
    }

    /// A stream ends at the run's terminal event; events persisted after it
    /// (memory formation) are not part of the run's stream.
    static func typesThroughTerminal(_ types: [String]) -> [String] {
        guard let end = types.firstIndex(where: RunEvent.terminalTypes.contains) else { return types }
        return Array(types[...end])
    }

    /// One cut in five closes the connection before the status line is complete
    /// (an empty or truncated reply); the others cut the body.
    static func randomCut(bodyBytes: Int, _ random: inout SeededGenerator) -> ProxyFault {
        Int.random(in: 0..<5, using: &random) == 0
            ? .cutAnswer(afterBytes: Int.random(in: 0...240, using: &random))
            : .cutAnswerBody(afterBytes: Int.random(in: 0..<bodyBytes, using: &random))
    }

    /// A slow link (every answer chunk delayed) changes nothing but time.
    @Test func aDelayedLinkStillCompletesTheTurn() async throws {
        let (server, serverURL) = try Hardening.startFixture()
        defer { server.stop() }
        let proxy = try FaultProxy(upstream: serverURL) { _ in .delayAnswer(milliseconds: 5) }
        defer { proxy.stop() }
        let result = try await Hardening.send("hello", api: try Hardening.api(proxy.url))
        #expect(result.status == .completed)
        #expect(server.runCount(inSession: result.sessionID) == 1)
    }
}
