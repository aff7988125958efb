import Foundation
import VeetTransport
#if canImport(Glibc)
import Glibc
#endif

/// What the proxy does with the answer to one request.
public enum ProxyFault: Sendable, Equatable {
    case passThrough
    /// Forward the request, wait for the server's first answer byte (so the
    /// server has applied it), then close the client's connection: the answer is lost.
    case dropAnswer
    /// Forward this many bytes of the answer (head included), then close both sides.
    /// Cutting inside the head after the status line crashes FoundationNetworking
    /// (see `TransportCrashTests`); use `cutAnswerBody` to stay clear of it.
    case cutAnswer(afterBytes: Int)
    /// Forward the whole head and this many bytes of the body, then close both sides.
    case cutAnswerBody(afterBytes: Int)
    /// Wait before forwarding each chunk of the answer.
    case delayAnswer(milliseconds: Int)
    /// Answer `307` with this `Location` itself; the request never reaches the server.
    case redirect(location: String)
    /// Forward this many bytes of the answer, then hold the connection open and
    /// silent until the proxy stops or the client gives up.
    case stallAnswer(afterBytes: Int)
    /// Forward the answer one byte at a time, pausing between bytes.
    case trickleAnswer(millisecondsPerByte: Int)
}

/// A loopback TCP proxy in front of one server that injects a fault per request.
/// Each request on a connection (recognised by its request line at the start of
/// a client chunk) asks `decide` which fault applies to its answer.
public final class FaultProxy: Sendable {
    public typealias Decider = @Sendable (_ requestLine: String) -> ProxyFault

    public let port: UInt16
    private let upstreamPort: UInt16
    private let decide: Decider
    private let listener: Int32
    private let live = ThreadLock<[ProxyConnection]>([])
    private let stopped = ThreadLock(false)
    private let log = ThreadLock<[ProxiedRequest]>([])
    private let counters = ThreadLock(ProxyStats())

    public init(upstream: URL, port requestedPort: UInt16 = 0, decide: @escaping Decider) throws {
        upstreamPort = UInt16(upstream.port ?? 80)
        self.decide = decide
        (listener, port) = try LoopbackSocket.listen(port: requestedPort)
        let listener = listener
        Thread.detachNewThread { [self] in acceptLoop(listener) }
    }

    public var url: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// Request lines seen so far, oldest first.
    public var requestLines: [String] { log.withLock { $0.map(\.line) } }

    /// Requests seen so far, oldest first, each with its fault and whether it took effect.
    public var requests: [ProxiedRequest] { log.withLock { $0 } }

    /// What the proxy has done so far.
    public var stats: ProxyStats { counters.withLock { $0 } }

    /// Stops listening and cuts every open connection. Call it once the proxy is
    /// no longer needed: its threads keep it alive until then.
    public func stop() {
        let wasStopped = stopped.withLock { stopped in
            defer { stopped = true }
            return stopped
        }
        guard !wasStopped else { return }
        // Only the accept loop closes the listener, after it sees `stopped`: a
        // descriptor closed elsewhere could be reused by another socket by now.
        shutdown(listener, Int32(SHUT_RDWR))
        for connection in live.withLock({ list in defer { list.removeAll() }; return list }) { connection.cut() }
    }

    private func acceptLoop(_ listener: Int32) {
        while true {
            let client = accept(listener, nil, nil)
            guard client >= 0 else {
                if stopped.withLock({ $0 }) {
                    close(listener)
                    return
                }
                continue
            }
            guard let upstream = try? LoopbackSocket.connect(port: upstreamPort) else {
                close(client)
                continue
            }
            counters.withLock { $0.connections += 1 }
            let connection = ProxyConnection(client: client, upstream: upstream)
            live.withLock { $0.append(connection) }
            Thread.detachNewThread { [self] in forwardRequests(connection) }
            Thread.detachNewThread { [self] in forwardAnswers(connection) }
        }
    }

    private func forwardRequests(_ connection: ProxyConnection) {
        defer { finish(connection) }
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = read(connection.client, &buffer, buffer.count)
            guard count > 0 else { return }
            let chunk = buffer[0..<count]
            if let line = Self.requestLine(chunk) {
                let fault = decide(line)
                let index = log.withLock { log in
                    log.append(ProxiedRequest(line: line, fault: fault, applied: false))
                    return log.count - 1
                }
                counters.withLock { $0.record(fault) }
                connection.begin(fault, request: index)
                if case .redirect(let location) = fault {
                    markApplied(connection)
                    let answer = "HTTP/1.1 307 Temporary Redirect\r\nLocation: \(location)\r\n"
                        + "Content-Length: 0\r\nConnection: close\r\n\r\n"
                    _ = LoopbackSocket.writeAll(connection.client, Array(answer.utf8)[...])
                    return
                }
            }
            guard LoopbackSocket.writeAll(connection.upstream, chunk) else { return }
            counters.withLock { $0.bytesToServer += chunk.count }
        }
    }

    private func forwardAnswers(_ connection: ProxyConnection) {
        defer { finish(connection) }
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = read(connection.upstream, &buffer, buffer.count)
            guard count > 0 else { return }
            var chunk = buffer[0..<count]
            switch connection.fault {
            case .passThrough, .redirect: break
            case .dropAnswer:
                markApplied(connection)
                return
            case .delayAnswer(let milliseconds):
                if milliseconds > 0 { markApplied(connection) }
                Self.pause(milliseconds)
            case .trickleAnswer(let milliseconds):
                markApplied(connection)
                for byte in chunk {
                    guard !isStopped, LoopbackSocket.writeAll(connection.client, [byte][...]) else { return }
                    counters.withLock { $0.bytesToClient += 1 }
                    Self.pause(milliseconds)
                }
                continue
            case .cutAnswer, .cutAnswerBody, .stallAnswer:
                let allowed = connection.allowance(for: chunk)
                chunk = chunk.prefix(allowed)
                if allowed < count {
                    // Counted before the client can see the cut, so a client that
                    // reacts to it always finds it in the stats.
                    markApplied(connection)
                    _ = LoopbackSocket.writeAll(connection.client, chunk)
                    counters.withLock { $0.bytesToClient += chunk.count }
                    if case .stallAnswer = connection.fault { connection.holdUntilCut() }
                    return
                }
            }
            guard LoopbackSocket.writeAll(connection.client, chunk) else { return }
            counters.withLock { $0.bytesToClient += chunk.count }
        }
    }

    private var isStopped: Bool { stopped.withLock { $0 } }

    /// Counts the current request's fault as applied, once per request.
    private func markApplied(_ connection: ProxyConnection) {
        guard let (index, fault) = connection.claimApplied() else { return }
        log.withLock { $0[index].applied = true }
        counters.withLock { $0.recordApplied(fault) }
    }

    private static func pause(_ milliseconds: Int) {
        guard milliseconds > 0 else { return }
        Thread.sleep(forTimeInterval: Double(min(milliseconds, FaultRule.maximumMilliseconds)) / 1_000)
    }

    private func finish(_ connection: ProxyConnection) {
        connection.cut()
        live.withLock { $0.removeAll { $0 === connection } }
    }

    private static let methods = ["GET ", "POST ", "PUT ", "PATCH ", "DELETE ", "HEAD ", "OPTIONS "]

    public static func requestLine(_ chunk: ArraySlice<UInt8>) -> String? {
        let head = String(decoding: chunk.prefix(512), as: UTF8.self)
        guard methods.contains(where: head.hasPrefix) else { return nil }
        return head.components(separatedBy: "\r\n").first
    }
}

/// Both sockets of one proxied connection and the fault of its current request.
final class ProxyConnection: Sendable {
    let client: Int32
    let upstream: Int32
    private struct Answer {
        var fault: ProxyFault = .passThrough
        /// The request's place in the proxy's log, nil before the first request.
        var request: Int?
        var applied = false
        var bytesPassed = 0
        /// The answer's head so far, until its blank line is seen.
        var head: [UInt8] = []
        var headLength: Int?
    }

    private let state = ThreadLock(Answer())
    private let isCut = ThreadLock(false)

    init(client: Int32, upstream: Int32) {
        self.client = client
        self.upstream = upstream
    }

    deinit {
        close(client)
        close(upstream)
    }

    var fault: ProxyFault { state.withLock { $0.fault } }

    func begin(_ fault: ProxyFault, request: Int) { state.withLock { $0 = Answer(fault: fault, request: request) } }

    /// The current request and its fault the first time its fault takes effect; nil after that.
    func claimApplied() -> (request: Int, fault: ProxyFault)? {
        state.withLock { answer in
            guard !answer.applied, let request = answer.request else { return nil }
            answer.applied = true
            return (request, answer.fault)
        }
    }

    /// How many bytes of this answer chunk may pass before the current cut.
    func allowance(for chunk: ArraySlice<UInt8>) -> Int {
        state.withLock { answer in
            let limit: Int
            switch answer.fault {
            case .cutAnswer(let bytes), .stallAnswer(let bytes): limit = bytes
            case .cutAnswerBody(let bytes):
                if answer.headLength == nil {
                    answer.head.append(contentsOf: chunk)
                    if let end = Self.blankLineEnd(answer.head) { answer.headLength = end }
                }
                limit = answer.headLength.map { $0 + bytes } ?? .max
            default: limit = .max
            }
            let allowed = max(0, min(chunk.count, limit - answer.bytesPassed))
            answer.bytesPassed += allowed
            return allowed
        }
    }

    private static func blankLineEnd(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 3..<bytes.count
        where bytes[index - 3] == 13 && bytes[index - 2] == 10 && bytes[index - 1] == 13 && bytes[index] == 10 {
            return index + 1
        }
        return nil
    }

    /// Blocks until this connection is cut (the client left, so the request pump
    /// cut it, or the proxy stopped): the answer stays unfinished and silent.
    func holdUntilCut() {
        while !isCut.withLock({ $0 }) { usleep(10_000) }
    }

    /// Ends both directions; the descriptors close when both pumps let go.
    func cut() {
        isCut.withLock { $0 = true }
        shutdown(client, Int32(SHUT_RDWR))
        shutdown(upstream, Int32(SHUT_RDWR))
    }
}
