import FaultProxyCore
import Foundation
import VeetChat
import VeetTransport

/// Streams cut at random points and resumed: every persisted event must arrive
/// exactly once, in order. One finished run is replayed `count` times through
/// the proxy, each replay cut 1 to 4 times (one cut in five before the status
/// line ends, the others anywhere in the body).
enum StreamSoak {
    static func run(_ target: SoakTarget, count: Int, seed: UInt64, deadline: ContinuousClock.Instant) async throws -> SoakResult {
        let start = ContinuousClock.now
        let direct = try target.api()
        let turn = try await TurnRunner(api: direct).send(
            text: "please do some research", sessionID: nil, interaction: SilentInteraction())
        // The reference: one uncut replay straight from the server.
        let reference = try await persistedFrames(of: direct.events(runID: turn.runID))
        let expected = reference.compactMap(\.sequence)
        var held = !expected.isEmpty
        if let fixture = target.fixture {
            let stored = fixture.eventTypes(ofRun: turn.runID)
            held = held && Array(stored.prefix(reference.count)) == reference.map(\.type)
        }
        let schedule = FaultSchedule()
        let proxy = try FaultProxy(upstream: target.url) { schedule.decide($0) }
        defer { proxy.stop() }
        let viaProxy = try target.api(proxy.url)
        // One uncut replay through the proxy measures the answer, so cuts land inside it.
        let measured = try await persistedFrames(of: viaProxy.events(runID: turn.runID))
        held = held && measured.count == reference.count
        let bodyBytes = max(1_000, proxy.stats.bytesToClient)
        var random = SoakRandom(seed: seed)
        var lost = 0, duplicated = 0, disordered = 0, failedStreams = 0, done = 0
        var firstFailure: String?
        while done < count && ContinuousClock.now < deadline {
            // Each resumed answer is shorter (it starts after Last-Event-ID), so later cuts aim earlier.
            let cuts = (0..<Int.random(in: 1...4, using: &random)).map { index in
                Int.random(in: 0..<5, using: &random) == 0
                    ? FaultRule(.cutAnswer(afterBytes: Int.random(in: 0...16, using: &random)), match: "/events", count: 1)
                    : FaultRule(.cutAnswerBody(afterBytes: Int.random(in: 0..<max(200, bodyBytes / (index + 1)), using: &random)),
                                match: "/events", count: 1)
            }
            schedule.replace(with: cuts)
            do {
                let got = try await persistedFrames(of: viaProxy.events(runID: turn.runID)).compactMap(\.sequence)
                let unique = Set(got)
                lost += Set(expected).subtracting(unique).count
                duplicated += got.count - unique.count
                if got != got.sorted() { disordered += 1 }
                if got != expected, firstFailure == nil { firstFailure = "replay \(done): cuts \(cuts)" }
            } catch {
                failedStreams += 1
                if firstFailure == nil { firstFailure = "replay \(done): \(error) after cuts \(cuts)" }
            }
            done += 1
        }
        let stats = proxy.stats
        held = held && lost == 0 && duplicated == 0 && disordered == 0 && failedStreams == 0 && done == count
        var figures: [(String, String)] = [
            ("streams", "\(done)/\(count)"), ("events per stream", "\(expected.count)"),
            ("cuts", "\((stats.faults["cut"] ?? 0) + (stats.faults["cut-body"] ?? 0))"),
            ("answer bytes", "\(bodyBytes)"),
            ("reconnects after a cut", "\(stats.connections - 1 - done)"), ("lost", "\(lost)"), ("duplicated", "\(duplicated)"),
            ("out of order", "\(disordered)"), ("streams that gave up", "\(failedStreams)"),
        ]
        if let firstFailure { figures.append(("first failure", firstFailure)) }
        return SoakResult(name: "cut and resumed streams", figures: figures, held: held, seconds: elapsed(since: start))
    }
}

/// A turn with no one at the keyboard: approvals and questions stay pending.
struct SilentInteraction: TurnInteraction {
    func show(_ change: RunChange, in progress: RunProgress) async {}
    func streamNotice(_ output: RunStreamOutput) async {}
    func decide(_ approval: ApprovalView) async -> ApprovalAnswer { .leavePending }
    func answer(_ question: PendingQuestion) async -> String? { nil }
}
