import FaultProxyCore
import Foundation
import VeetChat
import VeetFixture
import VeetTransport
import VeetWire
#if canImport(Glibc)
import Glibc
#endif

/// Where the soak runs send their traffic: the in-process fixture (default) or a
/// loopback server named by `--url` and a token.
struct SoakTarget: Sendable {
    let url: URL
    let token: String
    /// The in-process fixture, when the soak started it (extra cross-checks).
    let fixture: FixtureServer?

    func api(_ base: URL? = nil) throws -> ChatAPI {
        ChatAPI(sender: .live(client: try Self.client(base ?? url, token: token), sleeper: { _ in }),
                retry: RetryPolicy(maxAttempts: 8, baseDelay: .milliseconds(1), jitter: .none),
                reconnect: ReconnectPolicy(initialDelay: .milliseconds(1), maxDelay: .milliseconds(1),
                                           maxConsecutiveWithoutProgress: 12, maxTotalReconnects: 64))
    }

    static func client(_ url: URL, token: String) throws -> HTTPClient {
        HTTPClient(settings: try ConnectionSettings(serverAddress: url.absoluteString, token: token),
                   idleTimeout: 10, writeTimeout: 5)
    }

    /// Loopback only: the soak never sends a byte anywhere else.
    static func isLoopback(_ url: URL) -> Bool {
        ["127.0.0.1", "localhost", "::1", "[::1]"].contains(url.host ?? "")
    }
}

/// Unbuffered output, so figures appear as each run ends.
func say(_ text: String) {
    FileHandle.standardOutput.write(Data((text + "\n").utf8))
}

/// One measured promise: its figures and whether it held.
struct SoakResult: Sendable {
    var name: String
    var figures: [(String, String)]
    var held: Bool
    var seconds: Double

    func report() {
        let list = figures.map { "\($0.0) \($0.1)" }.joined(separator: ", ")
        say("\(held ? "PASS" : "FAIL") \(name): \(list) (\(String(format: "%.1f", seconds)) s)")
    }
}

/// SplitMix64: every random choice of a soak run comes from `--seed`, so a failure can be replayed.
struct SoakRandom: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}

/// Resident memory of this process (or of `process`, a pid), from /proc/PID/status.
enum Memory {
    static func residentBytes(of process: String = "self") -> Int { field("VmRSS:", of: process) }
    static func field(_ name: String, of process: String = "self") -> Int {
        guard let text = try? String(contentsOfFile: "/proc/\(process)/status", encoding: .utf8) else { return 0 }
        for line in text.split(separator: "\n") where line.hasPrefix(name) {
            let number = line.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
            return number * 1_024
        }
        return 0
    }

    static func mebibytes(_ bytes: Int) -> String { String(format: "%.1f MiB", Double(bytes) / 1_048_576) }
}

/// Samples resident memory every 50 ms on its own thread and keeps the peak.
final class MemorySampler: Sendable {
    private let peak = ThreadLock(0)
    private let running = ThreadLock(true)

    init() {
        Thread.detachNewThread { [self] in
            while running.withLock({ $0 }) {
                let now = Memory.residentBytes()
                peak.withLock { $0 = max($0, now) }
                usleep(50_000)
            }
        }
    }

    func stop() -> Int {
        running.withLock { $0 = false }
        return max(peak.withLock { $0 }, Memory.residentBytes())
    }
}

/// Persisted frames of one stream, in order, and how the stream ended.
func persistedFrames(of stream: RunEventStream) async throws -> [RunEventFrame] {
    var frames: [RunEventFrame] = []
    for try await output in stream.events() {
        if case .frame(let frame) = output, frame.isPersisted { frames.append(frame) }
    }
    return frames
}

/// Seconds since `start`.
func elapsed(since start: ContinuousClock.Instant) -> Double {
    let duration = ContinuousClock.now - start
    return Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}
