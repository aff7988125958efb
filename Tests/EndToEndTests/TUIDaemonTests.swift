import Foundation
import Glibc
import Synchronization
import Testing

/// veet-tui tells a running veetd which conversation is on screen (`visible`),
/// so the daemon holds back alerts for it. A stand-in daemon on a private
/// socket records what the TUI says.
@Suite(.serialized) struct TUIDaemonTests {
    @Test func theOpenConversationIsAnnouncedVisible() throws {
        guard TmuxTerminal.isAvailable else {
            Issue.record("tmux is missing: Scripts/bootstrap installs it")
            return
        }
        let runtime = URL(fileURLWithPath: "/tmp/vt-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: runtime) }
        let daemon = try StandInDaemon(socketDirectory: runtime.appendingPathComponent("veet"))
        defer { daemon.stop() }
        let session = try TUISession(width: 100, height: 30, fixtureArguments: ["--seed-sessions", "3"] + TUISession.withoutFeatureNeeds,
                                     extraEnvironment: "XDG_RUNTIME_DIR=\(runtime.path)")
        defer { session.stop() }
        let tui = session.terminal

        try tui.waitFor("Checklist: hiring plan")
        #expect(eventually(within: 5) { daemon.visible.contains { $0 == nil } }, "a new conversation: nothing visible")
        // Open the first of Recent chats (row 2: New conversation, the header, then it).
        try tui.press("C-o", "Home", "Down", "Down", "Enter")
        #expect(eventually(within: 5) { daemon.visible.contains { $0 != nil } }, "\(daemon.lines)")
        try tui.press("C-n")
        #expect(eventually(within: 5) { daemon.visible.last == .some(nil) }, "\(daemon.lines)")
        #expect(daemon.lines.first?.contains("\"hello\"") == true)
        try tui.press("C-d")
    }
}

/// Just enough of veetd to take `hello` and `visible`: it answers `welcome`
/// and `ok`, and keeps every line it was sent.
final class StandInDaemon: Sendable {
    private let listener: Int32
    private let received = Mutex<[String]>([])
    private let stopped = Atomic<Bool>(false)
    private let done = DispatchSemaphore(value: 0)

    init(socketDirectory: URL) throws {
        try FileManager.default.createDirectory(at: socketDirectory, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        let path = socketDirectory.appendingPathComponent("veetd.sock").path
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard fd >= 0, bound == 0, listen(fd, 4) == 0 else {
            close(fd)
            throw HarnessError("cannot listen on \(path)")
        }
        listener = fd
        let thread = Thread { [self] in serve() }
        thread.start()
    }

    /// Every line a client sent, in order.
    var lines: [String] { received.withLock { $0 } }

    /// The `session_id` of each `visible` request (nil for a null one).
    var visible: [String?] {
        lines.compactMap { line -> String?? in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  object["type"] as? String == "visible" else { return nil }
            return .some(object["session_id"] as? String)
        }
    }

    private func serve() {
        defer { done.signal() }
        while !stopped.load(ordering: .sequentiallyConsistent) {
            var poller = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 100) > 0 else { continue }
            let client = accept(listener, nil, nil)
            guard client >= 0 else { continue }
            var timeout = timeval(tv_sec: 0, tv_usec: 200_000)
            setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            talk(client)
            close(client)
        }
    }

    /// One client at a time (the TUI is the only one); reads until it leaves or the test stops.
    private func talk(_ client: Int32) {
        var buffer: [UInt8] = []
        while !stopped.load(ordering: .sequentiallyConsistent) {
            var chunk = [UInt8](repeating: 0, count: 4_096)
            let count = recv(client, &chunk, chunk.count, 0)
            if count == 0 { return }
            if count < 0 { if errno == EAGAIN || errno == EWOULDBLOCK { continue } else { return } }
            buffer += chunk[0..<count]
            while let newline = buffer.firstIndex(of: 0x0A) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                received.withLock { $0.append(line) }
                let answer = line.contains("\"hello\"")
                    ? #"{"daemon_version":"stand-in","pid":1,"type":"welcome","version":1}"#
                    : #"{"type":"ok"}"#
                RawSocket.send(client, answer + "\n")
            }
        }
    }

    /// Stops serving and waits (at most 5 s) for the thread to finish.
    func stop() {
        guard !stopped.exchange(true, ordering: .sequentiallyConsistent) else { return }
        _ = done.wait(timeout: .now() + 5)
        close(listener)
    }
}
