import FaultProxyCore
import Foundation
import Testing
import VeetTestSupport
import VeetTransport

/// A connection cut inside an answer's head must be a `TransportError`, not a
/// dead process.
///
/// FoundationNetworking (Swift 6.3.1 on Linux) traps with
/// "NativeProtocol.swift:240: Fatal error: Transfer completed, but there's no
/// response." once the status line has arrived but the head is cut (answer
/// bytes 17 up to the end of the head); swift-corelibs-foundation issue 5285,
/// fixed by pull request 5286 in a later toolchain. No request goes through
/// it any more (`HTTPExchange`, TLS included), so every cut here is a typed
/// error, over http:// and https:// (a `TLSFront` before the cutting proxy).
///
/// The built `veet` case runs in a child process of our own, so a trap would
/// be a failed test, not a dead test run. It is not a Swift Testing exit test
/// on purpose: the exit-test machinery of this toolchain waits on every child
/// of the test process (`waitid(P_ALL, WNOWAIT)`), spins on any zombie it did
/// not make, and so hung the whole run once another test had spawned `tmux`
/// through `Process`.
@Suite struct TransportCrashTests {
    /// It used to be recorded as a known issue: veet died of SIGILL.
    @Test func anAnswerCutInsideItsHeadIsATransportErrorNotACrash() async throws {
        let (server, serverURL) = try Hardening.startFixture()
        defer { server.stop() }
        let proxy = try FaultProxy(upstream: serverURL) { _ in .cutAnswer(afterBytes: 40) }
        defer { proxy.stop() }
        let outcome = try ChildRun.veet(["sessions", "list", "--json"], server: proxy.url)
        // The promise: a clear network error and the transport exit code (8).
        #expect(outcome.reason == .exit && outcome.status == 8, "veet ended with \(outcome.reason) \(outcome.status)")
    }

    /// The built `veet` over https://: trusted through `SSL_CERT_FILE` it lists;
    /// without that trust it refuses the server's certificate (exit 8, the
    /// transport's code); behind a cut at byte 40 it is a transport error, not a trap.
    @Test func theBuiltVeetSpeaksHTTPSAndACutOverTLSIsATransportError() async throws {
        let (server, serverURL) = try Hardening.startFixture()
        defer { server.stop() }
        _ = try await Hardening.api(serverURL).createSession()
        let front = try TLSFront(upstreamPort: serverURL.port ?? 0)
        defer { front.stop() }
        let trust = ["SSL_CERT_FILE": TLSFront.authority]
        let https = try #require(URL(string: front.baseURL))
        let listed = try ChildRun.veet(["sessions", "list", "--json"], server: https, environment: trust)
        #expect(listed.reason == .exit && listed.status == 0, "veet ended with \(listed.reason) \(listed.status)")
        let untrusted = try ChildRun.veet(["sessions", "list", "--json"], server: https)
        #expect(untrusted.reason == .exit && untrusted.status == 8, "veet ended with \(untrusted.reason) \(untrusted.status)")

        let proxy = try FaultProxy(upstream: serverURL) { _ in .cutAnswer(afterBytes: 40) }
        defer { proxy.stop() }
        let cutFront = try TLSFront(upstreamPort: proxy.url.port ?? 0)
        defer { cutFront.stop() }
        let cut = try ChildRun.veet(["sessions", "list", "--json"], server: try #require(URL(string: cutFront.baseURL)),
                                    environment: trust)
        #expect(cut.reason == .exit && cut.status == 8, "veet ended with \(cut.reason) \(cut.status)")
    }

    /// Every cut before the body: before the status line ends (URLSession never trapped
    /// there) and inside the head (it did), in process.
    @Test(arguments: [0, 8, 16, 17, 24, 40, 80, 120])
    func anAnswerCutBeforeItsBodyIsATransportError(bytes: Int) async throws {
        let (server, serverURL) = try Hardening.startFixture()
        defer { server.stop() }
        let proxy = try FaultProxy(upstream: serverURL) { _ in .cutAnswer(afterBytes: bytes) }
        defer { proxy.stop() }
        await #expect(throws: TransportError.self) {
            _ = try await Hardening.client(proxy.url).send(.get("/v1/sessions"))
        }
    }

    @Test func anAnswerCutInsideItsBodyIsATransportError() async throws {
        let (server, serverURL) = try Hardening.startFixture()
        defer { server.stop() }
        _ = try await Hardening.api(serverURL).createSession()
        let proxy = try FaultProxy(upstream: serverURL) { _ in .cutAnswerBody(afterBytes: 10) }
        defer { proxy.stop() }
        await #expect(throws: TransportError.self) {
            _ = try await Hardening.client(proxy.url).send(.get("/v1/sessions"))
        }
    }
}

/// The built `veet`, run to completion in a private home against one server.
enum ChildRun {
    /// Where the built programs are: `VEET_BIN_DIR`, else beside the test binary.
    static var binDirectory: URL {
        if let dir = ProcessInfo.processInfo.environment["VEET_BIN_DIR"], !dir.isEmpty { return URL(fileURLWithPath: dir) }
        return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    }

    static func veet(_ arguments: [String], server: URL, environment extra: [String: String] = [:],
                     timeout: TimeInterval = 60) throws -> ChildReaper.Outcome {
        let bin = binDirectory
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("veet-crash-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        let process = Process()
        process.executableURL = bin.appendingPathComponent("veet")
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["VEET_URL"] = server.absoluteString
        environment["VEET_TOKEN"] = Hardening.token
        environment["XDG_CONFIG_HOME"] = home.appendingPathComponent("c").path
        environment["XDG_DATA_HOME"] = home.appendingPathComponent("d").path
        environment.merge(extra) { _, given in given }
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return ChildReaper.finish(process, deadline: Date().addingTimeInterval(timeout))
    }
}
