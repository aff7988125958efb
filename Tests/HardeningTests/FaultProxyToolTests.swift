import FaultProxyCore
import Foundation
import Testing
import VeetChat
import VeetTransport
#if canImport(Glibc)
import Glibc
#endif

/// The built `veet-fault-proxy`, switched over its control interface while a
/// client talks to the fixture through it.
@Suite(.serialized) struct FaultProxyToolTests {
    static var binary: URL? {
        let url = ChildRun.binDirectory.appendingPathComponent("veet-fault-proxy")
        return FileManager.default.isExecutableFile(atPath: url.path) ? url : nil
    }

    /// Under `make test` (VEET_BIN_DIR set) a missing binary is a failure, never a silent skip.
    static var shouldRun: Bool { binary != nil || ProcessInfo.processInfo.environment["VEET_BIN_DIR"] != nil }

    @Test(.enabled(if: shouldRun, "build veet-fault-proxy first"))
    func theProgramAppliesEachModeSetOverItsControlPort() async throws {
        let (server, serverURL) = try Hardening.startFixture()
        defer { server.stop() }
        let proxy = try ProxyProcess(upstream: serverURL)
        defer { proxy.stop() }

        // Drop after apply, once: the retried submission still makes one run.
        #expect(try proxy.control("POST", "/mode", "drop count=1 match=/messages").status == 200)
        let api = try Hardening.api(proxy.url)
        let session = try await Hardening.api(serverURL).createSession().id
        _ = try await api.submit(sessionID: session, content: [.text("hello")], key: IdempotencyKey())
        #expect(server.runCount(inSession: session) == 1)
        let stats = try proxy.control("GET", "/stats").body
        #expect(stats.contains("\"applied\":{\"drop\":1}") && stats.contains("\"faults\":{\"drop\":1"), "\(stats)")

        // Trickle: one byte at a time, same answer.
        #expect(try proxy.control("POST", "/mode", "trickle 0 match=/v1/sessions/").status == 200)
        #expect(try await api.session(id: session).id == session)

        // Stall: the head never completes; the client's idle timeout ends it with a typed error.
        #expect(try proxy.control("POST", "/mode", "stall 12").status == 200)
        let impatient = HTTPClient(settings: try ConnectionSettings(serverAddress: proxy.url.absoluteString, token: Hardening.token),
                                   idleTimeout: 1, writeTimeout: 1)
        await #expect(throws: TransportError.self) { _ = try await impatient.send(.get("/v1/sessions")) }

        // A bad rule is refused and leaves the mode alone.
        let refused = try proxy.control("POST", "/mode", "explode 3")
        #expect(refused.status == 400 && refused.body.contains("unknown fault"))
        #expect(try proxy.control("GET", "/mode").body == "stall 12\n")
        #expect(try proxy.control("POST", "/mode", "").status == 200)
        #expect(try await api.session(id: session).id == session)
    }

    @Test(.enabled(if: shouldRun, "build veet-fault-proxy first"))
    func anUpstreamOffLoopbackIsRefused() throws {
        let outcome = try ProxyProcess.runToEnd(["--upstream", "http://example.com:80"])
        #expect(outcome.status == 2 && outcome.errorText.contains("loopback only"))
    }
}

/// One `veet-fault-proxy` child, always killed and reaped.
final class ProxyProcess {
    let process = Process()
    let url: URL
    let controlPort: UInt16

    init(upstream: URL) throws {
        guard let binary = FaultProxyToolTests.binary else {
            throw SocketError(description: "veet-fault-proxy missing from \(ChildRun.binDirectory.path)")
        }
        process.executableURL = binary
        process.arguments = ["--upstream", upstream.absoluteString]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var text = ""
        let deadline = Date().addingTimeInterval(10)
        let reader = output.fileHandleForReading
        while text.split(separator: "\n").count < 2 && Date() < deadline && process.isRunning {
            var pending = pollfd(fd: reader.fileDescriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&pending, 1, 200) > 0 else { continue }
            let chunk = reader.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        let lines = text.split(separator: "\n")
        guard lines.count >= 2, lines[0].hasPrefix("proxy "), lines[1].hasPrefix("control "),
              let proxyURL = URL(string: String(lines[0].dropFirst(6))),
              let control = URL(string: String(lines[1].dropFirst(8)))?.port.flatMap(UInt16.init(exactly:)) else {
            _ = ChildReaper.finish(process, deadline: Date())
            throw SocketError(description: "veet-fault-proxy did not announce its ports: \(text)")
        }
        url = proxyURL
        controlPort = control
    }

    func control(_ method: String, _ path: String, _ body: String = "") throws -> (status: Int, body: String) {
        try ControlClient.request(port: controlPort, method, path, body: body)
    }

    func stop() {
        if process.isRunning { process.terminate() }
        _ = ChildReaper.finish(process, deadline: Date().addingTimeInterval(5))
    }

    static func runToEnd(_ arguments: [String]) throws -> (status: Int32, errorText: String) {
        let process = Process()
        guard let binary = FaultProxyToolTests.binary else { throw SocketError(description: "veet-fault-proxy missing") }
        process.executableURL = binary
        process.arguments = arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let outcome = ChildReaper.finish(process, deadline: Date().addingTimeInterval(10))
        return (outcome.status, String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
    }
}
