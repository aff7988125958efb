import FaultProxyCore
import Foundation
import Synchronization
import Testing
import VeetChat
import VeetTransport

/// The proxy counts a fault as applied only when it changed the answer, so
/// the soak can check every applied cut against the client's reconnects.
@Suite(.serialized) struct ProxyAppliedFaultTests {
    @Test func aCutPastTheEndOfTheAnswerIsChosenButNotApplied() async throws {
        let (server, serverURL) = try Hardening.startFixture()
        defer { server.stop() }
        let plan = Mutex<[ProxyFault]>([.cutAnswerBody(afterBytes: 10_000_000), .cutAnswerBody(afterBytes: 3), .dropAnswer])
        let proxy = try FaultProxy(upstream: serverURL) { _ in plan.withLock { $0.isEmpty ? .passThrough : $0.removeFirst() } }
        defer { proxy.stop() }
        let client = try Hardening.client(proxy.url)

        let whole = try await client.send(.get("/v1/sessions"))
        #expect(whole.status == 200, "a cut beyond the answer's end changes nothing")
        await #expect(throws: (any Error).self) { _ = try await client.send(.get("/v1/sessions")) }
        await #expect(throws: (any Error).self) { _ = try await client.send(.get("/v1/sessions")) }

        let stats = proxy.stats
        #expect(stats.faults["cut-body"] == 2 && stats.faults["drop"] == 1, "\(stats)")
        #expect(stats.applied == ["cut-body": 1, "drop": 1], "\(stats)")
        #expect(stats.appliedCuts == 1)
        #expect(proxy.requests.prefix(3).map(\.applied) == [false, true, true])
        #expect(stats.json.hasPrefix("{\"applied\":{\"cut-body\":1,\"drop\":1},"), "\(stats.json)")
    }

    /// Each applied cut ends one connection, and the client resumes once for
    /// it; a cut past the terminal event is applied but needs no resumption.
    @Test func everyAppliedCutOfAStreamIsOneReconnect() async throws {
        let (server, serverURL) = try Hardening.startFixture()
        defer { server.stop() }
        let turn = try await Hardening.send("please do some research", api: try Hardening.api(serverURL))
        for seed in UInt64(1)...12 {
            var random = SeededGenerator(seed: 3_000 + seed)
            let cuts = (0..<Int.random(in: 1...4, using: &random)).map { _ in
                ProxyFault.cutAnswerBody(afterBytes: Int.random(in: 0..<8_000, using: &random))
            }
            let plan = Mutex(cuts)
            let proxy = try FaultProxy(upstream: serverURL) { line in
                guard line.contains("/events") else { return .passThrough }
                return plan.withLock { $0.isEmpty ? .passThrough : $0.removeFirst() }
            }
            defer { proxy.stop() }
            var reconnects = 0, interruptions = 0, frames = 0
            for try await output in try Hardening.api(proxy.url).events(runID: turn.runID).events() {
                switch output {
                case .reconnecting: reconnects += 1
                case .interrupted: interruptions += 1
                case .frame: frames += 1
                default: break
                }
            }
            let requests = proxy.requests
            let lastCut = requests.last?.applied == true
            let everyEarlierConnectionCut = requests.dropLast().allSatisfy(\.applied)
            #expect(frames > 5, "seed \(3_000 + seed)")
            #expect(requests.count == reconnects + 1, "seed \(3_000 + seed): one connection per reconnect, cuts \(cuts)")
            #expect(everyEarlierConnectionCut, "seed \(3_000 + seed): a reconnect without a cut")
            #expect(proxy.stats.appliedCuts == reconnects + (lastCut ? 1 : 0), "seed \(3_000 + seed): cuts \(cuts)")
            #expect(interruptions == reconnects, "seed \(3_000 + seed)")
        }
    }
}
