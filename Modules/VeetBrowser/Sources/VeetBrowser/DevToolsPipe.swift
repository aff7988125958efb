import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A DevTools protocol error answer, or the pipe closing before an answer.
public struct DevToolsError: Error, Sendable, Hashable, CustomStringConvertible {
    public var method: String
    public var message: String

    public var description: String { "The browser refused \(method): \(message)" }
}

/// One event from the browser: its method, the session it belongs to (nil
/// for the browser itself) and its parameters as JSON.
public struct DevToolsEvent: Sendable {
    public var method: String
    public var sessionID: String?
    public var params: Data

    /// The parameters decoded; an empty object when they are not one.
    public func object() -> [String: Any] {
        ((try? JSONSerialization.jsonObject(with: params)) as? [String: Any]) ?? [:]
    }
}

/// The DevTools protocol over Chromium's `--remote-debugging-pipe`: the
/// browser reads commands from its fd 3 and writes answers and events to its
/// fd 4, each a JSON message ended by a NUL byte. Commands carry increasing
/// ids; answers are matched to them, everything else is an event, handed to
/// `onEvent` on the reading thread (it must not wait for an answer there).
/// No TCP port is opened.
final class DevToolsPipe: @unchecked Sendable {  // `pending`, `nextID` and `closed` change only under `lock`
    typealias Answer = Result<Data, DevToolsError>

    private let toBrowser: Int32
    private let fromBrowser: Int32
    private let lock = NSLock()
    /// Whole messages go out one at a time, outside `lock` (the reader needs it meanwhile).
    private let writeLock = NSLock()
    private var nextID = 1
    private var pending: [Int: (method: String, resume: @Sendable (Answer) -> Void)] = [:]
    private var closed = false
    private let onEvent: @Sendable (DevToolsEvent) -> Void

    /// Takes ownership of both descriptors and starts reading.
    init(toBrowser: Int32, fromBrowser: Int32, onEvent: @escaping @Sendable (DevToolsEvent) -> Void) {
        self.toBrowser = toBrowser
        self.fromBrowser = fromBrowser
        self.onEvent = onEvent
        let thread = Thread { [self] in readLoop() }
        thread.name = "veet-browser-pipe"
        thread.start()
    }

    /// Sends `method` with `params` (a JSON object) to the browser, or to the
    /// target attached as `sessionID`, and returns the answer's `result` as JSON.
    func send(_ method: String, _ params: [String: Any] = [:], sessionID: String? = nil) async throws -> Data {
        var message: [String: Any] = ["method": method, "params": params]
        if let sessionID { message["sessionId"] = sessionID }
        return try await withCheckedThrowingContinuation { continuation in
            lock.lock()
            guard !closed else {
                lock.unlock()
                continuation.resume(throwing: DevToolsError(method: method, message: "the browser has closed"))
                return
            }
            let id = nextID
            nextID += 1
            pending[id] = (method, { continuation.resume(with: $0) })
            lock.unlock()
            message["id"] = id
            writeLock.lock()
            let written = (try? JSONSerialization.data(withJSONObject: message)).map { write($0 + [0]) } ?? false
            writeLock.unlock()
            if !written { finish(id, .failure(DevToolsError(method: method, message: "the browser's pipe is closed"))) }
        }
    }

    /// Sends and decodes the answer as a JSON object.
    func call(_ method: String, _ params: [String: Any] = [:], sessionID: String? = nil) async throws -> [String: Any] {
        let data = try await send(method, params, sessionID: sessionID)
        return ((try? JSONSerialization.jsonObject(with: data)) as? [String: Any]) ?? [:]
    }

    /// Fails every waiting command and stops writing; the reader stops at end of file.
    func close() {
        lock.lock()
        let waiting = pending
        pending = [:]
        let wasClosed = closed
        closed = true
        lock.unlock()
        if !wasClosed {
            writeLock.lock()
            Glibc.close(toBrowser)
            writeLock.unlock()
        }
        for (_, entry) in waiting {
            entry.resume(.failure(DevToolsError(method: entry.method, message: "the browser has closed")))
        }
    }

    private func write(_ data: Data) -> Bool {
        data.withUnsafeBytes { raw -> Bool in
            var offset = 0
            while offset < raw.count {
                let n = Glibc.write(toBrowser, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { return false }
                offset += n
            }
            return true
        }
    }

    private func finish(_ id: Int, _ answer: Answer) {
        lock.lock()
        let entry = pending.removeValue(forKey: id)
        lock.unlock()
        entry?.resume(answer)
    }

    private func readLoop() {
        var buffer = Data()
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fromBrowser, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            buffer.append(contentsOf: chunk[0..<n])
            while let end = buffer.firstIndex(of: 0) {
                let message = buffer[buffer.startIndex..<end]
                buffer = Data(buffer[(end + 1)...])
                dispatch(Data(message))
            }
        }
        Glibc.close(fromBrowser)
        close()
    }

    private func dispatch(_ message: Data) {
        guard let object = (try? JSONSerialization.jsonObject(with: message)) as? [String: Any] else { return }
        if let id = object["id"] as? Int {
            if let error = object["error"] as? [String: Any] {
                lock.lock()
                let method = pending[id]?.method ?? "a command"
                lock.unlock()
                finish(id, .failure(DevToolsError(method: method, message: error["message"] as? String ?? "error")))
            } else {
                let result = object["result"] ?? [String: Any]()
                finish(id, .success((try? JSONSerialization.data(withJSONObject: result)) ?? Data("{}".utf8)))
            }
        } else if let method = object["method"] as? String {
            let params = object["params"].flatMap { try? JSONSerialization.data(withJSONObject: $0) } ?? Data("{}".utf8)
            onEvent(DevToolsEvent(method: method, sessionID: object["sessionId"] as? String, params: params))
        }
    }
}
