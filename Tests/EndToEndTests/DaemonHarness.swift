import Foundation
import Glibc
import Testing

/// A private home for a daemon journey: XDG directories, a saved connection
/// to the fixture, and helpers to run `veet` and `veetd` in it.
struct DaemonHome {
    let root: URL
    let fixture: FixtureProcess

    init(fixture: FixtureProcess) throws {
        // Short: the socket path must fit in sockaddr_un (108 bytes).
        root = URL(fileURLWithPath: "/tmp/vdj-\(UUID().uuidString.prefix(8))")
        self.fixture = fixture
        for sub in ["config", "data", "state", "run"] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(sub), withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        }
        let connect = try veet(["connect", fixture.url, "--name", "fx"], stdin: fixture.token)
        guard connect.status == 0 else { throw HarnessError("veet connect failed: \(connect.stderr)") }
    }

    var environment: [String: String] {
        ["HOME": root.path, "XDG_CONFIG_HOME": root.appendingPathComponent("config").path,
         "XDG_DATA_HOME": root.appendingPathComponent("data").path,
         "XDG_STATE_HOME": root.appendingPathComponent("state").path,
         "XDG_RUNTIME_DIR": root.appendingPathComponent("run").path]
    }

    var socketPath: String { root.appendingPathComponent("run/veet/veetd.sock").path }
    var logPath: String { root.appendingPathComponent("state/veet/veetd.log").path }
    var connectionsFile: URL { root.appendingPathComponent("config/veet/connections.json") }

    func veet(_ arguments: [String], stdin: String? = nil, timeout: TimeInterval = 60,
              extraEnvironment: [String: String] = [:]) throws -> ProcessResult {
        try runProcess(try Harness.binary("veet"), arguments, environment: environment.merging(extraEnvironment) { _, new in new },
                       stdin: stdin, timeout: timeout)
    }

    func log() -> String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }

    func remove() { try? FileManager.default.removeItem(at: root) }
}

/// A `veetd` child with no session bus; killed and reaped on every path.
final class DaemonProcess: @unchecked Sendable {  // used from one test at a time
    let process = Process()

    init(home: DaemonHome, arguments: [String] = ["--sync-interval", "1", "--alert-hold", "0.5"],
         extraEnvironment: [String: String] = [:]) throws {
        process.executableURL = try Harness.binary("veetd")
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        for key in ["DBUS_SESSION_BUS_ADDRESS", "NOTIFY_SOCKET", "VEET_URL", "VEET_TOKEN"] { env[key] = nil }
        env.merge(home.environment) { _, new in new }
        env.merge(extraEnvironment) { _, new in new }
        process.environment = env
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
    }

    var pid: Int32 { process.processIdentifier }

    /// Waits until the socket accepts a connection.
    func waitUntilListening(_ path: String, timeout: TimeInterval = 20) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline && process.isRunning {
            if let fd = RawSocket.connect(path) {
                close(fd)
                return true
            }
            usleep(20_000)
        }
        return false
    }

    /// Sends `signal` and waits (bounded) for the exit; nil when it did not exit in time.
    @discardableResult
    func signal(_ number: Int32, timeout: TimeInterval = 10) -> Int32? {
        if process.isRunning { kill(process.processIdentifier, number) }
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        guard !process.isRunning else { return nil }
        process.waitUntilExit()
        return process.terminationStatus
    }

    func stop() {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
        }
        process.waitUntilExit()
    }

    deinit { stop() }
}

/// Just enough of a Unix socket client to speak the protocol by hand.
enum RawSocket {
    static func connect(_ path: String) -> Int32? {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard result == 0 else {
            close(fd)
            return nil
        }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        return fd
    }

    static func send(_ fd: Int32, _ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// The next line (10 s receive timeout), nil at EOF or timeout.
    static func readLine(_ fd: Int32, buffer: inout [UInt8]) -> String? {
        while true {
            if let newline = buffer.firstIndex(of: 0x0A) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                return line
            }
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let count = recv(fd, &chunk, chunk.count, 0)
            guard count > 0 else { return nil }
            buffer += chunk[0..<count]
        }
    }
}

/// A datagram socket standing in for systemd's `$NOTIFY_SOCKET`.
final class NotifyListener {
    let path: String
    let fd: Int32

    init(directory: URL) {
        path = directory.appendingPathComponent("notify.sock").path
        fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        var timeout = timeval(tv_sec: 20, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    /// The next datagram, waiting at most 20 s.
    func receive() -> String? {
        var buffer = [UInt8](repeating: 0, count: 4_096)
        let count = recv(fd, &buffer, buffer.count, 0)
        return count > 0 ? String(decoding: buffer[0..<count], as: UTF8.self) : nil
    }

    deinit { close(fd) }
}

/// Polls `condition` every 50 ms until it holds or the deadline passes.
func eventually(within seconds: TimeInterval, _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if try condition() { return true }
        usleep(50_000)
    }
    return try condition()
}
