import Foundation

/// One SSE frame as received (a heartbeat comment has no event).
struct SSEFrame {
    var id: Int?
    var event: String?
    var data: String?
    var isHeartbeat: Bool { event == nil && data == nil }

    var object: [String: Any] {
        guard let data else { return [:] }
        return (try? JSONSerialization.jsonObject(with: Data(data.utf8))) as? [String: Any] ?? [:]
    }

    /// Parses frames from text (LF line ends), as the recordings and the server write them.
    static func parseAll(_ text: String) -> [SSEFrame] {
        text.components(separatedBy: "\n\n").compactMap { block in
            let lines = block.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
            guard !lines.isEmpty else { return nil }
            var frame = SSEFrame()
            var sawComment = false
            for line in lines {
                if line.hasPrefix(":") { sawComment = true }
                else if line.hasPrefix("id: ") { frame.id = Int(line.dropFirst(4)) }
                else if line.hasPrefix("event: ") { frame.event = String(line.dropFirst(7)) }
                else if line.hasPrefix("data: ") { frame.data = String(line.dropFirst(6)) }
            }
            return frame.event == nil && !sawComment ? nil : frame
        }
    }
}

/// An open `GET /v1/runs/{id}/events` response read frame by frame.
final class EventStreamReader {
    enum Ending: Equatable {
        /// The chunked body ended with its terminating chunk.
        case finished
        /// The connection closed without the terminating chunk.
        case cut
    }

    let connection: TestConnection
    let status: Int
    let headers: [(String, String)]
    private var text = ""
    private(set) var ending: Ending?
    /// Every frame returned so far, heartbeats included.
    private(set) var received: [SSEFrame] = []

    init(connection: TestConnection) throws {
        self.connection = connection
        guard let (status, headers) = try connection.readHead() else { throw TestFailure("no stream answer") }
        self.status = status
        self.headers = headers
    }

    func header(_ name: String) -> String? { headers.first(where: { $0.0 == name })?.1 }

    /// The next frame, or nil once the stream ended (see `ending`).
    func next() throws -> SSEFrame? {
        while true {
            if let range = text.range(of: "\n\n") {
                let block = String(text[..<range.upperBound])
                text.removeSubrange(..<range.upperBound)
                if let frame = SSEFrame.parseAll(block).first {
                    received.append(frame)
                    return frame
                }
                continue
            }
            guard ending == nil else { return nil }
            do {
                if let chunk = try connection.readChunk() {
                    text += String(decoding: chunk, as: UTF8.self)
                } else {
                    ending = .finished
                }
            } catch is TestConnection.Truncated {
                ending = .cut
            }
        }
    }

    /// Reads until `stop` is true for a frame (returned) or the stream ends (nil).
    @discardableResult
    func read(until stop: (SSEFrame) -> Bool) throws -> SSEFrame? {
        while let frame = try next() {
            if stop(frame) { return frame }
        }
        return nil
    }

    @discardableResult
    func read(untilEvent event: String) throws -> SSEFrame? { try read(until: { $0.event == event }) }

    /// Reads everything to the end of the stream.
    func readToEnd() throws -> [SSEFrame] {
        while try next() != nil {}
        return received
    }
}
