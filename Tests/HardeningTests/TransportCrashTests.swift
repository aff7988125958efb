import Foundation
import Testing
import VeetTransport

/// A connection cut inside an answer's head must be a `TransportError`, not a
/// dead process. Each case runs in a child process (an exit test) so a trap
/// fails this test instead of the whole suite.
///
/// Known failure (Swift 6.3.1 on Linux): FoundationNetworking traps with
/// "NativeProtocol.swift:240: Fatal error: Transfer completed, but there's no
/// response." once the status line has arrived but the head is cut (answer
/// bytes 17 up to the end of the head). Upstream: swift-corelibs-foundation
/// issue 5285, fixed by pull request 5286 in a later toolchain.
@Suite struct TransportCrashTests {
    /// Recorded as a known issue so the suite stays green on this toolchain; when a
    /// fixed toolchain arrives the known issue stops happening and this test fails,
    /// which is the signal to drop the wrapper.
    @Test func anAnswerCutInsideItsHeadIsATransportErrorNotACrash() async {
        await withKnownIssue("swift-corelibs-foundation 5285: FoundationNetworking traps on a head cut after the status line") {
            await anAnswerCutInsideItsHead()
        }
    }

    private func anAnswerCutInsideItsHead() async {
        await #expect(processExitsWith: .success) {
            let (server, serverURL) = try Hardening.startFixture()
            let proxy = try FaultProxy(upstream: serverURL) { _ in .cutAnswer(afterBytes: 40) }
            do {
                _ = try await Hardening.client(proxy.url).send(.get("/v1/sessions"))
                Issue.record("a cut answer was read as whole")
            } catch is TransportError {
                // The promise: a typed error the caller can retry.
            }
            proxy.stop()
            server.stop()
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
