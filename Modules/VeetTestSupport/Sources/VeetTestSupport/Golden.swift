import Foundation
import Testing
import VeetTransport

/// Real server captures copied from the contract's recordings folder.
public enum Golden {
    /// `Modules/VeetTestSupport/Recordings`, beside this package's sources.
    public static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Recordings")

    public static func data(_ name: String) throws -> Data {
        try Data(contentsOf: directory.appendingPathComponent(name))
    }

    public static func decode<T: Decodable>(_ type: T.Type, _ name: String) throws -> T {
        try WireJSON.decoder().decode(T.self, from: data(name))
    }

    /// One answer from a `.txt` capture: `### title`, status line, headers, body.
    public struct Recorded {
        public var title: String
        public var status: Int
        public var headers: [String: String]
        public var body: Data

        public var response: HTTPResponse {
            HTTPResponse(status: status, headers: headers, body: body, requestID: headers["x-request-id"])
        }
    }

    public static func responses(_ name: String) throws -> [Recorded] {
        // Some captures use CRLF line ends, some LF.
        let text = String(decoding: try data(name), as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
        var sections = text.components(separatedBy: "### ")
        if !text.hasPrefix("### ") { sections[0] = "untitled\n" + sections[0] }
        return sections.compactMap { section -> Recorded? in
            var lines = section.components(separatedBy: "\n")
            let title = lines.removeFirst()
            guard let statusIndex = lines.firstIndex(where: { $0.hasPrefix("HTTP/1.1 ") }) else { return nil }
            let status = Int(lines[statusIndex].split(separator: " ")[1]) ?? 0
            var headers: [String: String] = [:]
            var bodyLines: [String] = []
            for line in lines[(statusIndex + 1)...] {
                if bodyLines.isEmpty, let colon = line.firstIndex(of: ":"),
                   line[..<colon].allSatisfy({ $0.isLetter || $0 == "-" }) {
                    headers[line[..<colon].lowercased()] = line[line.index(after: colon)...]
                        .trimmingCharacters(in: .whitespaces)
                } else if !line.isEmpty || !bodyLines.isEmpty {
                    bodyLines.append(line)
                }
            }
            let body = bodyLines.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
            return Recorded(title: title, status: status, headers: headers, body: Data(body.utf8))
        }
    }
}

public func decodeJSON<T: Decodable>(_ type: T.Type, _ text: String) throws -> T {
    try WireJSON.decoder().decode(T.self, from: Data(text.utf8))
}

public enum SSEGolden {
    /// Every recording, with what a WHATWG parser must find in it (counted by hand from the files).
    public struct Expectation: Sendable, CustomStringConvertible {
        public var name: String
        public var events: Int
        public var persisted: Int
        public var comments: Int
        public var firstID: Int64?
        public var lastID: Int64?
        public var lastType: String?
        public var description: String { name }
    }

    public static let expectations: [Expectation] = [
        .init(name: "sse-approval", events: 31, persisted: 28, comments: 0, firstID: 2, lastID: 31, lastType: "run.completed"),
        .init(name: "sse-artifact-part2", events: 25, persisted: 23, comments: 0, firstID: 19, lastID: 41, lastType: "run.completed"),
        .init(name: "sse-artifact", events: 15, persisted: 15, comments: 1, firstID: 2, lastID: 18, lastType: "approval.requested"),
        .init(name: "sse-ask-user", events: 25, persisted: 25, comments: 0, firstID: 2, lastID: 28, lastType: "run.failed"),
        .init(name: "sse-beyond-end-live", events: 2, persisted: 0, comments: 2, firstID: nil, lastID: nil, lastType: "message.delta"),
        .init(name: "sse-cancel-queued", events: 4, persisted: 4, comments: 0, firstID: 2, lastID: 5, lastType: "run.cancelled"),
        .init(name: "sse-cancel-running-full", events: 30, persisted: 10, comments: 0, firstID: 2, lastID: 13, lastType: "run.cancelled"),
        .init(name: "sse-cancel-waiting-approval", events: 17, persisted: 16, comments: 0, firstID: 2, lastID: 19, lastType: "run.cancelled"),
        .init(name: "sse-cancel-waiting-user", events: 18, persisted: 18, comments: 0, firstID: 2, lastID: 21, lastType: "run.cancelled"),
        .init(name: "sse-cancel", events: 30, persisted: 10, comments: 0, firstID: 2, lastID: 13, lastType: "run.cancelled"),
        .init(name: "sse-deny", events: 29, persisted: 26, comments: 0, firstID: 2, lastID: 29, lastType: "run.completed"),
        .init(name: "sse-heartbeat-timed", events: 30, persisted: 28, comments: 2, firstID: 2, lastID: 31, lastType: "run.completed"),
        .init(name: "sse-heartbeat", events: 1, persisted: 1, comments: 1, firstID: 18, lastID: 18, lastType: "approval.requested"),
        .init(name: "sse-model-failure", events: 10, persisted: 10, comments: 0, firstID: 2, lastID: 13, lastType: "run.failed"),
        .init(name: "sse-reasoning", events: 15, persisted: 12, comments: 0, firstID: 2, lastID: 15, lastType: "run.completed"),
        .init(name: "sse-reconnect-part1", events: 15, persisted: 8, comments: 0, firstID: 2, lastID: 11, lastType: "message.delta"),
        .init(name: "sse-reconnect-part2", events: 17, persisted: 4, comments: 0, firstID: 12, lastID: 15, lastType: "run.completed"),
        .init(name: "sse-replay-beyond-end", events: 0, persisted: 0, comments: 0, firstID: nil, lastID: nil, lastType: nil),
        .init(name: "sse-replay-completed", events: 8, persisted: 8, comments: 0, firstID: 19, lastID: 26, lastType: "memory.formation.requested"),
        .init(name: "sse-replay-tail-post-terminal", events: 2, persisted: 2, comments: 0, firstID: 15, lastID: 16, lastType: "memory.formation.requested"),
        .init(name: "sse-simple", events: 22, persisted: 12, comments: 0, firstID: 2, lastID: 15, lastType: "run.completed"),
        .init(name: "sse-tool", events: 23, persisted: 22, comments: 0, firstID: 2, lastID: 25, lastType: "run.completed"),
    ]

    public static var names: [String] { expectations.map(\.name) }

    /// The response body of a recording: the timing column of the timed
    /// capture is removed, and a leading HTTP status line and headers (up to
    /// the first CRLF CRLF) are cut off.
    public static func body(_ name: String) throws -> [UInt8] {
        let url = Golden.directory.appendingPathComponent("sse/\(name).txt")
        var bytes = [UInt8](try Data(contentsOf: url))
        if name == "sse-heartbeat-timed" { bytes = stripTimingColumn(bytes) }
        if bytes.starts(with: Array("HTTP/".utf8)) {
            let separator = Array("\r\n\r\n".utf8)
            let end = try #require(bytes.indices.first { bytes[$0...].starts(with: separator) })
            bytes.removeFirst(end + separator.count)
        }
        return bytes
    }

    /// Removes `<seconds>\t` from the start of every line.
    public static func stripTimingColumn(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var atLineStart = true
        var skipping = false
        for byte in bytes {
            if atLineStart { skipping = true; atLineStart = false }
            if skipping {
                if byte == UInt8(ascii: "\t") { skipping = false }
                continue
            }
            out.append(byte)
            if byte == UInt8(ascii: "\n") { atLineStart = true }
        }
        return out
    }

    public static func decodeWhole(_ bytes: [UInt8]) throws -> (events: [SSEEvent], comments: Int) {
        var decoder = SSEDecoder()
        var events = try decoder.feed(bytes)
        events += decoder.finish()
        return (events, decoder.commentCount)
    }
}

/// A small seeded generator so random cut points are the same on every run.
public struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64
    public init(seed: UInt64) { state = seed }
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

