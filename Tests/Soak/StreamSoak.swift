import FaultProxyCore
import Foundation
import VeetChat
import VeetTransport
import VeetWire

/// Streams cut at random points and resumed: every persisted event must arrive
/// exactly once, in order. One finished run is replayed `count` times through
/// the proxy, each replay cut 1 to 4 times (one cut in five before the status
/// line ends, the others anywhere in the body). Cuts are counted where they
/// happen: the proxy marks each request whose answer it really cut, the client's
/// `.interrupted` and `.reconnecting` outputs are counted, and the two must agree
/// replay by replay (every applied cut one reconnect, no reconnect without one).
enum StreamSoak {
    static func run(_ target: SoakTarget, count: Int, seed: UInt64, deadline: ContinuousClock.Instant) async throws -> SoakResult {
        let start = ContinuousClock.now
        let direct = try target.api()
        // One finished run to replay: submitted and followed to its end.
        let session = try await direct.createSession().id
        let submitted = try await direct.submit(sessionID: session, content: [.text("please do some research")],
                                                key: IdempotencyKey())
        let turn = try await TurnRunner(api: direct).follow(runID: submitted.runID, sessionID: session,
                                                            interaction: SilentInteraction())
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
        var tally = StreamTally()
        let appliedBefore = proxy.stats.appliedCuts
        while tally.done < count && ContinuousClock.now < deadline {
            // Each resumed answer is shorter (it starts after Last-Event-ID), so later cuts aim earlier.
            let cuts = (0..<Int.random(in: 1...4, using: &random)).map { index in
                Int.random(in: 0..<5, using: &random) == 0
                    ? FaultRule(.cutAnswer(afterBytes: Int.random(in: 0...240, using: &random)), match: "/events", count: 1)
                    : FaultRule(.cutAnswerBody(afterBytes: Int.random(in: 0..<max(200, bodyBytes / (index + 1)), using: &random)),
                                match: "/events", count: 1)
            }
            schedule.replace(with: cuts)
            let firstRequest = proxy.requests.count
            do {
                let observed = try await ObservedStream.read(viaProxy.events(runID: turn.runID))
                tally.add(observed, expected: expected, requests: Array(proxy.requests.dropFirst(firstRequest)), cuts: cuts)
            } catch {
                tally.gaveUp += 1
                tally.noteFailure("replay \(tally.done): \(error) after cuts \(cuts)")
            }
            tally.done += 1
        }
        let stats = proxy.stats
        let appliedCuts = stats.appliedCuts - appliedBefore
        // Every cut the proxy applied shows up as one interruption and one
        // reconnect, except a cut that only withheld the end of the stream
        // after its terminal event (the client had everything and stopped).
        let accounted = appliedCuts == tally.appliedCuts && appliedCuts == tally.reconnects + tally.cutsAfterTheEnd
            && tally.interruptions == tally.reconnects && tally.mismatchedReplays == 0
        held = held && accounted && tally.lost == 0 && tally.duplicated == 0 && tally.disordered == 0
            && tally.gaveUp == 0 && tally.done == count
        var figures: [(String, String)] = [
            ("streams", "\(tally.done)/\(count)"), ("events per stream", "\(expected.count)"),
            ("answer bytes", "\(bodyBytes)"),
            ("cuts planned", "\(tally.planned)"),
            ("cuts chosen", "\((stats.faults["cut"] ?? 0) + (stats.faults["cut-body"] ?? 0))"),
            ("cuts applied", "\(appliedCuts)"), ("of them after the terminal event", "\(tally.cutsAfterTheEnd)"),
            ("interruptions", "\(tally.interruptions)"), ("reconnects", "\(tally.reconnects)"),
            ("replays whose cuts and reconnects disagree", "\(tally.mismatchedReplays)"),
            ("lost", "\(tally.lost)"), ("duplicated", "\(tally.duplicated)"),
            ("out of order", "\(tally.disordered)"), ("streams that gave up", "\(tally.gaveUp)"),
        ]
        if let firstFailure = tally.firstFailure { figures.append(("first failure", firstFailure)) }
        return SoakResult(name: "cut and resumed streams", figures: figures, held: held, seconds: elapsed(since: start))
    }
}

/// What the client reported while reading one stream.
struct ObservedStream {
    var sequences: [Int64] = []
    var interruptions = 0
    var reconnects = 0

    static func read(_ stream: RunEventStream) async throws -> ObservedStream {
        var observed = ObservedStream()
        for try await output in stream.events() {
            switch output {
            case .frame(let frame): if frame.isPersisted, let sequence = frame.sequence { observed.sequences.append(sequence) }
            case .interrupted: observed.interruptions += 1
            case .reconnecting: observed.reconnects += 1
            case .connected, .heartbeat: break
            }
        }
        return observed
    }
}

/// The stream soak's running figures, replay by replay.
struct StreamTally {
    var done = 0, planned = 0, lost = 0, duplicated = 0, disordered = 0, gaveUp = 0
    var appliedCuts = 0, cutsAfterTheEnd = 0, interruptions = 0, reconnects = 0, mismatchedReplays = 0
    var firstFailure: String?

    mutating func noteFailure(_ text: String) {
        if firstFailure == nil { firstFailure = text }
    }

    /// One replay: its events against `expected`, and its connections (the
    /// proxy's `requests` during the replay) against the client's reconnects.
    mutating func add(_ observed: ObservedStream, expected: [Int64], requests: [ProxiedRequest], cuts: [FaultRule]) {
        planned += cuts.count
        let got = observed.sequences, unique = Set(got)
        lost += Set(expected).subtracting(unique).count
        duplicated += got.count - unique.count
        if got != got.sorted() { disordered += 1 }
        if got != expected { noteFailure("replay \(done): cuts \(cuts)") }
        let applied = requests.filter(\.applied).count
        appliedCuts += applied
        interruptions += observed.interruptions
        reconnects += observed.reconnects
        // One connection per reconnect plus the first; each but the last ended
        // by an applied cut; the last one, if cut, was cut after the terminal event.
        let lastCut = requests.last?.applied == true
        if lastCut { cutsAfterTheEnd += 1 }
        let agrees = requests.count == observed.reconnects + 1
            && requests.dropLast().allSatisfy(\.applied)
            && applied == observed.reconnects + (lastCut ? 1 : 0)
            && observed.interruptions == observed.reconnects
        if !agrees {
            mismatchedReplays += 1
            let outcome = requests.map { "\($0.fault)\($0.applied ? " applied" : "")" }
            noteFailure("replay \(done): \(observed.interruptions) interruptions, \(observed.reconnects) reconnects, "
                        + "connections \(outcome)")
        }
    }
}

/// A turn with no one at the keyboard: approvals and questions stay pending.
struct SilentInteraction: TurnInteraction {
    func show(_ change: RunChange, in run: RunProgressView) async {}
    func streamNotice(_ output: RunStreamOutput) async {}
    func decide(_ approval: ApprovalView) async -> ApprovalAnswer { .leavePending }
    func answer(_ question: PendingQuestion) async -> String? { nil }
}
