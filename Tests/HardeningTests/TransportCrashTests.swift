import FaultProxyCore
import Foundation
import Testing
import VeetTransport

/// A connection cut inside an answer's head must be a `TransportError`, not a
/// dead process.
///
/// Known failure (Swift 6.3.1 on Linux): FoundationNetworking traps with
/// "NativeProtocol.swift:240: Fatal error: Transfer completed, but there's no
/// response." once the status line has arrived but the head is cut (answer
/// bytes 17 up to the end of the head). Upstream: swift-corelibs-foundation
/// issue 5285, fixed by pull request 5286 in a later toolchain.
///
/// The trapping case runs the built `veet` in a child process of our own. It
/// is not a Swift Testing exit test on purpose: the exit-test machinery of
/// this toolchain waits on every child of the test process (`waitid(P_ALL,
/// WNOWAIT)`), spins on any zombie it did not make, and so hung the whole run
/// once another test had spawned `tmux` through `Process`.
@Suite struct TransportCrashTests {
    /// Recorded as a known issue so the suite stays green on this toolchain; when a
    /// fixed toolchain arrives the known issue stops happening and this test fails,
    /// which is the signal to drop the wrapper.
    @Test func anAnswerCutInsideItsHeadIsATransportErrorNotACrash() async throws {
        let (server, serverURL) = try Hardening.startFixture()
        defer { server.stop() }
        let proxy = try FaultProxy(upstream: serverURL) { _ in .cutAnswer(afterBytes: 40) }
        defer { proxy.stop() }
        let outcome = try ChildRun.veet(["sessions", "list", "--json"], server: proxy.url)
        // The promise: a clear network error and the transport exit code (8). Today veet dies
        // of SIGILL (or, built with ASan, exits through the sanitizer's crash report).
        withKnownIssue("swift-corelibs-foundation 5285: FoundationNetworking traps on a head cut after the status line") {
            #expect(outcome.reason == .exit && outcome.status == 8, "veet ended with \(outcome.reason) \(outcome.status)")
        }
    }

    /// The ranges that do not trap today, so a regression there is seen at once.
    @Test(arguments: [0, 8, 16])
    func anAnswerCutBeforeItsStatusLineEndsIsATransportError(bytes: Int) async throws {
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

    static func veet(_ arguments: [String], server: URL, timeout: TimeInterval = 60) throws -> ChildReaper.Outcome {
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
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return ChildReaper.finish(process, deadline: Date().addingTimeInterval(timeout))
    }
}
