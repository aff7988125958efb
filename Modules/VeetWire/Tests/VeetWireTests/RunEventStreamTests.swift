import Foundation
import Testing
import VeetTransport
import VeetTestSupport
@testable import VeetWire

/// A recorded stream split into frames, so a fake server can replay it from a `Last-Event-ID`.
struct RecordedFrames: Sendable {
    struct Frame: Sendable {
        var sequence: Int64?
        var bytes: [UInt8]
    }

    var frames: [Frame]

    init(_ body: [UInt8]) {
        frames = []
        var current: [UInt8] = []
        var sequence: Int64?
        var lineStart = 0
        for index in body.indices where body[index] == 0x0A {
            let line = body[lineStart..<index]
            current += body[lineStart...index]
            lineStart = index + 1
            if line.starts(with: Array("id: ".utf8)) {
                sequence = Int64(String(decoding: line.dropFirst(4), as: UTF8.self))
            }
            if line.isEmpty {
                frames.append(Frame(sequence: sequence, bytes: current))
                current = []
                sequence = nil
            }
        }
    }

    /// What the server sends to a client that connects with `lastEventID`:
    /// everything when there is none, else only persisted frames after it
    /// (transient frames are never replayed).
    func replay(after lastEventID: Int64?) -> [UInt8] {
        guard let lastEventID else { return frames.flatMap(\.bytes) }
        return frames.filter { ($0.sequence ?? Int64.min) > lastEventID }.flatMap(\.bytes)
    }

    var persistedSequences: [Int64] { frames.compactMap(\.sequence) }
}

/// A scripted stand-in for the HTTP layer: each connection gets a response
/// decided by `respond`, delivered in random chunk sizes.
actor FakeEventServer: ByteStreamSource {
    enum Response: Sendable {
        /// Send these bytes, then end as given.
        case bytes([UInt8], ending: Ending)
        /// Refuse the connection.
        case fail(any Error)
        /// Send these bytes and then stay open until the client goes away.
        case hang([UInt8])
    }

    enum Ending: Sendable { case eof, cut }

    private let respond: @Sendable (_ connection: Int, _ lastEventID: Int64?) -> Response
    private var random: SplitMix64
    private(set) var requests: [(path: String, headers: [String: String])] = []
    private(set) var terminations = 0

    init(seed: UInt64 = 1, respond: @escaping @Sendable (_ connection: Int, _ lastEventID: Int64?) -> Response) {
        self.respond = respond
        self.random = SplitMix64(seed: seed)
    }

    var lastEventIDs: [Int64?] { requests.map { $0.headers["Last-Event-ID"].flatMap { Int64($0) } } }

    nonisolated func openByteStream(path: String, headers: [String: String]) async throws -> AsyncThrowingStream<Data, Error> {
        try await open(path: path, headers: headers)
    }

    private func noteTermination() { terminations += 1 }

    private func open(path: String, headers: [String: String]) throws -> AsyncThrowingStream<Data, Error> {
        requests.append((path, headers))
        let lastEventID = headers["Last-Event-ID"].flatMap { Int64($0) }
        let response = respond(requests.count, lastEventID)
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: Data.self)
        var bytes: [UInt8] = []
        switch response {
        case .fail(let error): throw error
        case .bytes(let b, _), .hang(let b): bytes = b
        }
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + Int.random(in: 1...700, using: &random))
            continuation.yield(Data(bytes[start..<end]))
            start = end
        }
        switch response {
        case .bytes(_, .eof): continuation.finish()
        case .bytes(_, .cut): continuation.finish(throwing: TransportError(.connectionLost, "cut by the test"))
        default:
            continuation.onTermination = { _ in Task { await self.noteTermination() } }
        }
        return stream
    }
}

/// Collects what a stream delivers.
struct StreamRecord {
    var outputs: [RunStreamOutput] = []
    var error: (any Error)?

    var frames: [RunEventFrame] { outputs.compactMap { if case .frame(let f) = $0 { f } else { nil } } }
    var sequences: [Int64] { frames.compactMap(\.sequence) }
    var delays: [Duration] { outputs.compactMap { if case .reconnecting(_, let d) = $0 { d } else { nil } } }

    static func collect(_ stream: RunEventStream) async -> StreamRecord {
        var record = StreamRecord()
        do {
            for try await output in stream.events() { record.outputs.append(output) }
        } catch {
            record.error = error
        }
        return record
    }
}

/// Records every requested wait and returns at once.
actor SleepLog {
    private(set) var waits: [Duration] = []
    func note(_ duration: Duration) { waits.append(duration) }
}

@Suite struct RunEventStreamTests {
    private func stream(_ server: FakeEventServer, lastEventID: Int64? = nil, seen: Set<Int64> = [],
                        limits: SSELimits = .default, log: SleepLog = SleepLog()) -> RunEventStream {
        RunEventStream(source: server, runID: "run-1", lastEventID: lastEventID, seenSequences: seen,
                       limits: limits, sleeper: { await log.note($0) })
    }

    /// The persisted sequences a client must end up with: everything up to and including the terminal frame.
    private func expectedSequences(_ recording: RecordedFrames) throws -> [Int64] {
        let all = try SSEGolden.decodeWhole(recording.frames.flatMap(\.bytes)).events.map(RunEventFrame.decode)
        let end = try #require(all.firstIndex { $0.isTerminal })
        return all[...end].compactMap(\.sequence)
    }

    @Test(arguments: ["sse-approval", "sse-tool"])
    func randomCutsLoseAndDuplicateNothing(_ name: String) async throws {
        let recording = RecordedFrames(try SSEGolden.body(name))
        let expected = try expectedSequences(recording)
        var random = SplitMix64(seed: name == "sse-tool" ? 1_234 : 5_678)
        for round in 0..<100 {
            // Up to two cuts, at random bytes of whatever that connection would send, ended by EOF or an error.
            let cuts = (0..<2).map { _ in (Double.random(in: 0..<1, using: &random), Bool.random(using: &random)) }
            let server = FakeEventServer(seed: UInt64(round)) { connection, lastEventID in
                let bytes = recording.replay(after: lastEventID)
                guard connection <= cuts.count else { return .bytes(bytes, ending: .eof) }
                let (fraction, asError) = cuts[connection - 1]
                return .bytes(Array(bytes.prefix(Int(Double(bytes.count) * fraction))), ending: asError ? .cut : .eof)
            }
            let record = await StreamRecord.collect(stream(server))
            #expect(record.error == nil, "round \(round): \(String(describing: record.error))")
            #expect(record.sequences == expected, "round \(round)")
            // Each reconnect resumed from the highest persisted id delivered before it.
            let sent = await server.lastEventIDs
            #expect(sent.first == .some(nil))
            for (index, lastEventID) in sent.enumerated().dropFirst() {
                let deliveredBefore = record.outputs.split { $0 == .connected }.prefix(index).joined()
                    .compactMap { if case .frame(let f) = $0 { f.sequence } else { nil } }.max()
                #expect(lastEventID == deliveredBefore, "round \(round), connection \(index + 1)")
            }
            if record.sequences != expected { return }
        }
    }

    @Test func recordedReconnectResumesAfterTheLastPersistedId() async throws {
        let part1 = try SSEGolden.body("sse-reconnect-part1")
        let part2 = try SSEGolden.body("sse-reconnect-part2")
        let server = FakeEventServer { connection, _ in
            .bytes(connection == 1 ? part1 : part2, ending: .eof)
        }
        let record = await StreamRecord.collect(stream(server))
        #expect(record.error == nil)
        // Transient deltas after id 11 did not move the cursor.
        #expect(await server.lastEventIDs == [nil, 11])
        #expect(record.sequences == [2, 3, 4, 5, 6, 9, 10, 11, 12, 13, 14, 15])
        #expect(record.frames.filter { $0.type == "message.delta" }.count == 20)
        #expect(record.outputs.contains(.interrupted(.endOfStream)))
        #expect(record.delays == [.milliseconds(250)])
        #expect(record.frames.last?.type == "run.completed")
    }

    @Test func requestCarriesAcceptAndTheCallersCursor() async throws {
        let server = FakeEventServer { _, _ in .bytes(Array("id: 31\nevent: run.completed\ndata: {}\n\n".utf8), ending: .eof) }
        _ = await StreamRecord.collect(stream(server, lastEventID: 30))
        let request = try #require(await server.requests.first)
        #expect(request.path == "/v1/runs/run-1/events")
        #expect(request.headers == ["Accept": "text/event-stream", "Last-Event-ID": "30"])
        let fresh = FakeEventServer { _, _ in .bytes(Array("id: 31\nevent: run.completed\ndata: {}\n\n".utf8), ending: .eof) }
        _ = await StreamRecord.collect(stream(fresh))
        #expect(await fresh.requests.first?.headers == ["Accept": "text/event-stream"])
    }

    @Test func runIdIsEscapedAsOnePathSegment() {
        let server = FakeEventServer { _, _ in .bytes([], ending: .eof) }
        #expect(RunEventStream(source: server, runID: "a/b c", lastEventID: nil).path == "/v1/runs/a%2Fb%20c/events")
    }

    @Test func seenSequencesAndReplayedDuplicatesAreDropped() async throws {
        let body = try SSEGolden.body("sse-tool")
        let recording = RecordedFrames(body)
        // A careless server that ignores Last-Event-ID and always replays everything, cut the first time.
        let server = FakeEventServer { connection, _ in
            connection == 1 ? .bytes(Array(body.prefix(body.count / 2)), ending: .cut) : .bytes(body, ending: .eof)
        }
        let record = await StreamRecord.collect(stream(server, seen: [2, 3]))
        #expect(record.error == nil)
        #expect(record.sequences == recording.persistedSequences.filter { $0 > 3 })
        #expect(Set(record.sequences).count == record.sequences.count)
    }

    @Test func aDuplicateTerminalFrameStillEndsTheStream() async throws {
        let server = FakeEventServer { _, _ in
            .bytes(Array("id: 25\nevent: run.completed\ndata: {}\n\nid: 26\nevent: memory.formation.requested\ndata: {}\n\n".utf8), ending: .eof)
        }
        let record = await StreamRecord.collect(stream(server, seen: [25]))
        #expect(record.error == nil && record.frames.isEmpty)
        #expect(await server.requests.count == 1)
    }

    @Test func stopsAtTheTerminalEventOfAReplay() async throws {
        let server = FakeEventServer { _, _ in (try? SSEGolden.body("sse-replay-completed")).map { .bytes($0, ending: .eof) } ?? .fail(TransportError(.other, "missing")) }
        let record = await StreamRecord.collect(stream(server, lastEventID: 18))
        #expect(record.error == nil)
        #expect(record.sequences == [19, 20, 21, 22, 23, 24, 25])
        #expect(record.outputs.last == record.outputs.last(where: { if case .frame = $0 { true } else { false } }))
    }

    @Test func suspensionKeepsTheStreamOpenAcrossReconnects() async throws {
        let part1 = try SSEGolden.body("sse-artifact")
        let part2 = try SSEGolden.body("sse-artifact-part2")
        let server = FakeEventServer { connection, _ in .bytes(connection == 1 ? part1 : part2, ending: .eof) }
        let record = await StreamRecord.collect(stream(server))
        #expect(record.error == nil)
        #expect(record.outputs.contains(.heartbeat))
        #expect(await server.lastEventIDs == [nil, 18])
        #expect(record.sequences.first == 2 && record.sequences.last == 41)
        #expect(record.frames.last?.type == "run.completed")
    }

    @Test func overflowReconnectsFromLastSequence() async throws {
        let overflow = Array("id: 5\nevent: run.claimed\ndata: {}\n\nevent: stream.overflow\ndata: {\"last_sequence\":20}\n\nid: 6\nevent: x\ndata: {}\n\n".utf8)
        let finish = Array("id: 21\nevent: run.completed\ndata: {}\n\n".utf8)
        let server = FakeEventServer { connection, _ in .bytes(connection == 1 ? overflow : finish, ending: .eof) }
        let record = await StreamRecord.collect(stream(server))
        #expect(record.error == nil)
        #expect(await server.lastEventIDs == [nil, 20])
        #expect(record.sequences == [5, 21], "frames after the overflow notice are not read")
        #expect(record.outputs.contains(.interrupted(.overflow(lastSequence: 20))))
        #expect(!record.frames.contains { $0.type == "stream.overflow" })
    }

    @Test func overflowReconnectsDoNotCountAsProgress() async throws {
        // Every connection brings one new event and then overflows: the streak still runs out.
        let log = SleepLog()
        let server = FakeEventServer { connection, _ in
            .bytes(Array("id: \(connection)\nevent: x\ndata: {}\n\nevent: stream.overflow\ndata: {\"last_sequence\":\(connection)}\n\n".utf8), ending: .eof)
        }
        let record = await StreamRecord.collect(stream(server, log: log))
        #expect(await server.requests.count == 9)
        #expect(record.error as? RunStreamError == .gaveUp(runID: "run-1", reconnects: 8, withoutProgress: 8,
                                                          lastProblem: RunStreamInterruption.overflow(lastSequence: 9).description))
    }

    @Test func apiErrorsAreNotRetried() async throws {
        let log = SleepLog()
        let server = FakeEventServer { _, _ in .fail(APIError(status: 404, code: .notFound, message: "no such run")) }
        let record = await StreamRecord.collect(stream(server, log: log))
        #expect((record.error as? APIError)?.status == 404)
        #expect(await server.requests.count == 1)
        #expect(await log.waits.isEmpty)
        #expect(!record.outputs.contains(.connected))
    }

    @Test func apiErrorOnAReconnectIsSurfacedToo() async throws {
        let server = FakeEventServer { connection, _ in
            connection == 1 ? .bytes(Array("id: 2\nevent: x\ndata: {}\n\n".utf8), ending: .cut)
                : .fail(APIError(status: 401, code: .authenticationFailed, message: "expired"))
        }
        let record = await StreamRecord.collect(stream(server))
        #expect((record.error as? APIError)?.needsSignIn == true)
        #expect(record.sequences == [2])
        #expect(await server.requests.count == 2)
    }

    @Test func givesUpAfterEightReconnectsWithoutProgress() async throws {
        let log = SleepLog()
        let server = FakeEventServer { _, _ in .fail(TransportError(.cannotConnect, "refused")) }
        let record = await StreamRecord.collect(stream(server, log: log))
        #expect(await server.requests.count == 9)
        let expectedWaits: [Duration] = [.milliseconds(250), .milliseconds(500), .seconds(1), .seconds(2),
                                         .seconds(4), .seconds(4), .seconds(4), .seconds(4)]
        #expect(await log.waits == expectedWaits)
        #expect(record.delays == expectedWaits)
        let reconnects = record.outputs.compactMap { if case .reconnecting(let attempt, _) = $0 { attempt } else { nil } }
        #expect(reconnects == Array(1...8))
        let error = try #require(record.error as? RunStreamError)
        #expect(error == .gaveUp(runID: "run-1", reconnects: 8, withoutProgress: 8,
                                 lastProblem: TransportError(.cannotConnect, "refused").description))
        #expect(error.description.contains("run-1") && error.description.contains("refused"))
    }

    @Test func progressResetsTheStreakButTheTotalIsCapped() async throws {
        // Odd connections fail, even ones bring one new event and end: never 8 in a row without progress.
        let log = SleepLog()
        let server = FakeEventServer { connection, _ in
            connection % 2 == 1 ? .fail(TransportError(.timedOut, "slow"))
                : .bytes(Array("id: \(connection)\nevent: x\ndata: {}\n\n".utf8), ending: .eof)
        }
        let record = await StreamRecord.collect(stream(server, log: log))
        #expect(await server.requests.count == 33)
        let waits = await log.waits
        #expect(waits.count == 32)
        #expect(Set(waits) == [.milliseconds(250), .milliseconds(500)], "backoff restarts after progress")
        guard case .gaveUp(_, let reconnects, _, _)? = record.error as? RunStreamError else {
            Issue.record("expected gaveUp, got \(String(describing: record.error))"); return
        }
        #expect(reconnects == 32)
        #expect(record.sequences == Array(stride(from: 2, through: 32, by: 2)).map(Int64.init))
    }

    @Test func oversizedFrameEndsTheStreamAfterDeliveringWhatCameBefore() async throws {
        let bytes = Array("id: 2\nevent: x\ndata: {}\n\nid: 3\nevent: y\ndata: \(String(repeating: "z", count: 300))\n\n".utf8)
        let server = FakeEventServer { _, _ in .bytes(bytes, ending: .eof) }
        let record = await StreamRecord.collect(stream(server, limits: SSELimits(maxLineBytes: 200, maxEventBytes: 100)))
        #expect(record.sequences == [2])
        #expect(record.error as? SSEError == .lineTooLong(limit: 200))
        #expect(await server.requests.count == 1)
    }

    @Test func cancellingTheConsumerClosesTheConnection() async throws {
        let server = FakeEventServer { _, _ in .hang(Array(": heartbeat\n\nid: 2\nevent: run.started\ndata: {}\n\n".utf8)) }
        let events = stream(server).events()
        let consumer = Task {
            var seen: [RunStreamOutput] = []
            for try await output in events {
                seen.append(output)
            }
            return seen
        }
        // Wait until the connection is open and its frame arrived, then cancel.
        while await server.requests.isEmpty { await Task.yield() }
        consumer.cancel()
        _ = try? await consumer.value
        var spins = 0
        while await server.terminations == 0, spins < 100_000 { await Task.yield(); spins += 1 }
        #expect(await server.terminations == 1)
        #expect(await server.requests.count == 1)
    }

    @Test func reconnectPolicyDelays() {
        let policy = ReconnectPolicy.default
        #expect((1...7).map(policy.delay(forAttempt:)) == [.milliseconds(250), .milliseconds(500), .seconds(1),
                                                          .seconds(2), .seconds(4), .seconds(4), .seconds(4)])
        #expect(policy.delay(forAttempt: 1_000) == .seconds(4))
    }
}
