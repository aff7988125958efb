import Foundation
import Glibc
import Testing
import VeetDaemonProtocol

@Suite(.timeLimit(.minutes(1))) struct DaemonProtocolTests {
    static let requests: [DaemonRequest] = [
        .hello(version: 1, client: "veet"), .status, .sync(connection: nil), .sync(connection: "work"),
        .attach(runID: "r-1", connection: nil), .attach(runID: "r-2", connection: "home"), .detach(runID: "r-1"),
        .visible(sessionID: "s-1"), .visible(sessionID: nil),
        .watch(runID: "r-3", sessionID: "s-3", connection: "work"), .watch(runID: "r-4", sessionID: nil, connection: nil),
        .fillTranscripts(connection: "work"), .fillTranscripts(connection: nil),
        .looking(focused: true), .looking(focused: false),
    ]

    @Test func lookingAndTheIndexStampAreSpelledAsDocumented() throws {
        let line = String(decoding: try JSONEncoder().encode(DaemonRequest.looking(focused: true)), as: UTF8.self)
        #expect(line.contains("\"type\":\"looking\"") && line.contains("\"focused\":true"), "\(line)")
        #expect(throws: (any Error).self) { try JSONDecoder().decode(DaemonRequest.self, from: Data(#"{"type":"looking"}"#.utf8)) }
        let stamp = Date(timeIntervalSince1970: 1_790_000_060)
        let row = ConnectionStatus(name: "work", sessions: 1, outboxPending: 0, lastSync: nil, lastError: nil,
                                   notifications: "unknown", indexChangedAt: stamp)
        let encoded = String(decoding: try DaemonCodec.line(DaemonMessage.status(DaemonStatus(
            pid: 1, version: "1", startedAt: stamp, clients: 1, watchedRuns: [], pendingAlerts: 0, connections: [row]))), as: UTF8.self)
        #expect(encoded.contains("\"index_changed_at\""), "\(encoded)")
        // An older daemon's row has none.
        let old = try JSONDecoder().decode(ConnectionStatus.self, from: Data(#"{"name":"w","sessions":1,"outbox_pending":0,"notifications":"unknown"}"#.utf8))
        #expect(old.indexChangedAt == nil)
    }

    @Test func fillTranscriptsIsSpelledAsDocumented() throws {
        let line = String(decoding: try JSONEncoder().encode(DaemonRequest.fillTranscripts(connection: "work")), as: UTF8.self)
        #expect(line.contains("\"type\":\"fill_transcripts\"") && line.contains("\"connection\":\"work\""), "\(line)")
        let decoded = try JSONDecoder().decode(DaemonRequest.self, from: Data(#"{"type":"fill_transcripts"}"#.utf8))
        #expect(decoded == .fillTranscripts(connection: nil))
    }

    static let messages: [DaemonMessage] = [
        .welcome(version: 1, daemonVersion: "0.1.0", pid: 42),
        .status(DaemonStatus(pid: 42, version: "0.1.0", startedAt: Date(timeIntervalSince1970: 1_790_000_000), clients: 2,
                             watchedRuns: ["r-1"], pendingAlerts: 1,
                             connections: [ConnectionStatus(name: "work", sessions: 10, outboxPending: 1,
                                                            lastSync: Date(timeIntervalSince1970: 1_790_000_030),
                                                            lastError: nil, notifications: "available",
                                                            indexChangedAt: Date(timeIntervalSince1970: 1_790_000_020))])),
        .synced([ConnectionSyncResult(name: "work", added: 1, updated: 2, pruned: 3),
                 ConnectionSyncResult(name: "home", error: "HTTP 503")]),
        .attached(runID: "r-1", backlog: 7),
        .event(DaemonRunEvent(runID: "r-1", sequence: 12, type: "message.delta", data: #"{"delta":"a\nb \"q\""}"#)),
        .event(DaemonRunEvent(runID: "r-1", sequence: nil, type: "stream.overflow", data: nil)),
        .runEnded(runID: "r-1", reason: "terminal"), .ok,
        .error(DaemonError(code: "not_found", message: "no such run")),
    ]

    @Test func everyRequestAndMessageSurvivesARoundTrip() throws {
        for request in Self.requests {
            let line = try DaemonCodec.line(request)
            #expect(line.last == 0x0A && line.dropLast().contains(0x0A) == false)
            #expect(try DaemonCodec.decode(DaemonRequest.self, from: line.dropLast()) == request)
        }
        for message in Self.messages {
            let line = try DaemonCodec.line(message)
            #expect(line.last == 0x0A && line.dropLast().contains(0x0A) == false)
            #expect(try DaemonCodec.decode(DaemonMessage.self, from: line.dropLast()) == message)
        }
    }

    @Test func malformedAndUnknownMessagesAreNamedErrors() {
        func code(_ text: String) -> String? {
            do { _ = try DaemonCodec.decode(DaemonRequest.self, from: Data(text.utf8)); return nil } catch { return error.code }
        }
        #expect(code("not json") == "malformed")
        #expect(code(#"{"no_type": 1}"#) == "malformed")
        #expect(code(#"{"type": "attach"}"#) == "malformed")
        #expect(code(#"{"type": "hello", "version": "one"}"#) == "malformed")
        #expect(code(#"{"type": "launch_missiles"}"#) == "unknown_type")
    }

    @Test func aMessageOverTheBoundIsNeverWritten() {
        let huge = DaemonMessage.event(DaemonRunEvent(runID: "r", sequence: 1, type: "message.delta",
                                                      data: String(repeating: "x", count: DaemonProtocol.maxMessageBytes)))
        #expect(throws: DaemonError.self) { try DaemonCodec.line(huge) }
    }

    @Test func theFramerSplitsJoinsAndSkipsOversizedLines() {
        var framer = LineFramer(limit: 16)
        let result1 = framer.feed(Data("{\"a\":1}\n{\"b\"".utf8))
        #expect(result1 == [.line(Data("{\"a\":1}".utf8))])
        let result2 = framer.feed(Data(":2}\n\n  \n".utf8))
        #expect(result2 == [.line(Data("{\"b\":2}".utf8))])
        // Over the bound inside one chunk, then the next line is fine.
        let mixed = framer.feed(Data((String(repeating: "x", count: 40) + "\nok\n").utf8))
        #expect(mixed == [.oversized, .line(Data("ok".utf8))])
        // Over the bound across chunks without a newline: reported once, skipped to the newline.
        let result3 = framer.feed(Data(String(repeating: "y", count: 20).utf8))
        #expect(result3 == [.oversized])
        let result4 = framer.feed(Data(String(repeating: "y", count: 100).utf8))
        #expect(result4.isEmpty)
        let result5 = framer.feed(Data("yyy\nnext\n".utf8))
        #expect(result5 == [.line(Data("next".utf8))])
        // Exactly at the bound (15 bytes + newline) is accepted.
        let exact = framer.feed(Data((String(repeating: "z", count: 15) + "\n").utf8))
        #expect(exact == [.line(Data(String(repeating: "z", count: 15).utf8))])
    }

    @Test func socketPathsFollowXDGWithAPrivateFallback() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("veet-daemon-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: base) }
        let paths = DaemonPaths(environment: ["XDG_RUNTIME_DIR": base.path, "HOME": "/home/x", "XDG_STATE_HOME": "relative"])
        #expect(paths.socketFile.path == base.path + "/veet/veetd.sock")
        #expect(paths.logFile.path == "/home/x/.local/state/veet/veetd.log")
        #expect(DaemonPaths(environment: ["HOME": "/home/x"]).socketFile.path == "/tmp/veet-\(getuid())/veetd.sock")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        try paths.prepareSocketDirectory()
        var info = stat()
        #expect(stat(paths.socketDirectory.path, &info) == 0 && info.st_mode & 0o777 == 0o700)
        chmod(paths.socketDirectory.path, 0o755)
        try paths.prepareSocketDirectory()
        #expect(stat(paths.socketDirectory.path, &info) == 0 && info.st_mode & 0o777 == 0o700)
    }

    @Test func theClientReportsAMissingDaemonAtOnce() {
        let paths = DaemonPaths(socketDirectory: URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)"),
                                stateDirectory: URL(fileURLWithPath: "/tmp"))
        #expect(throws: DaemonClient.Failure.notRunning) { try DaemonClient.connect(paths: paths, client: "test") }
        #expect(DaemonClient.status(paths: paths) == nil)
    }

    @Test func theClientSurvivesAnOversizedLineAndSeesACleanClose() throws {
        let dir = URL(fileURLWithPath: "/tmp/vd-\(UUID().uuidString.prefix(8))")
        let paths = DaemonPaths(socketDirectory: dir, stateDirectory: dir)
        try paths.prepareSocketDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let listener = try UnixSocket.listen(path: paths.socketFile.path)
        defer { close(listener) }
        let served = DispatchSemaphore(value: 0)
        let failure = ServerFailure()
        Thread {
            defer { served.signal() }
            guard UnixSocket.waitReadable(listener, timeout: 10), let fd = UnixSocket.accept(listener) else {
                return failure.set("no connection")
            }
            defer { close(fd) }
            var framer = LineFramer()
            var items: [LineFramer.Item] = []
            while items.isEmpty, UnixSocket.waitReadable(fd, timeout: 10), let bytes = try? UnixSocket.read(fd), !bytes.isEmpty {
                items += framer.feed(bytes)
            }
            guard case .line(let line)? = items.first,
                  case .hello? = try? DaemonCodec.decode(DaemonRequest.self, from: line) else { return failure.set("no hello") }
            var out = try! DaemonCodec.line(DaemonMessage.welcome(version: 1, daemonVersion: "t", pid: 7))
            out += Data(repeating: 0x78, count: DaemonProtocol.maxMessageBytes + 10) + Data([0x0A])
            out += try! DaemonCodec.line(DaemonMessage.ok)
            try? UnixSocket.writeAll(fd, out)
        }.start()
        let client = try DaemonClient.connect(paths: paths, client: "test", timeout: 10)
        #expect(client.daemonPID == 7 && client.daemonVersion == "t")
        #expect(throws: DaemonClient.Failure.refused(.tooLarge())) { try client.receive(timeout: 10) }
        #expect(try client.receive(timeout: 10) == .ok)
        #expect(served.wait(timeout: .now() + 10) == .success)
        #expect(throws: DaemonClient.Failure.closed) { try client.receive(timeout: 10) }
        #expect(failure.value == nil)
    }
}

final class ServerFailure: @unchecked Sendable {  // guarded by `lock`
    private let lock = NSLock()
    private var text: String?
    func set(_ value: String) { lock.withLock { text = value } }
    var value: String? { lock.withLock { text } }
}
