import Foundation
import Testing
import VeetTransport

/// The recorded SSE captures in Golden/sse, as stream bodies.
enum SSEGolden {
    /// Every recording, with what a WHATWG parser must find in it (counted by hand from the files).
    struct Expectation: Sendable, CustomStringConvertible {
        var name: String
        var events: Int
        var persisted: Int
        var comments: Int
        var firstID: Int64?
        var lastID: Int64?
        var lastType: String?
        var description: String { name }
    }

    static let expectations: [Expectation] = [
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

    static var names: [String] { expectations.map(\.name) }

    /// The response body of a recording: the timing column of the timed
    /// capture is removed, and a leading HTTP status line and headers (up to
    /// the first CRLF CRLF) are cut off.
    static func body(_ name: String) throws -> [UInt8] {
        let url = try #require(Bundle.module.url(forResource: name, withExtension: "txt", subdirectory: "Golden/sse"))
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
    static func stripTimingColumn(_ bytes: [UInt8]) -> [UInt8] {
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

    static func decodeWhole(_ bytes: [UInt8]) throws -> (events: [SSEEvent], comments: Int) {
        var decoder = SSEDecoder()
        var events = try decoder.feed(bytes)
        events += decoder.finish()
        return (events, decoder.commentCount)
    }
}

/// A small seeded generator so random cut points are the same on every run.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

@Suite struct SSEGoldenFilesTests {
    @Test func everyRecordingIsPresentAndStripped() throws {
        for name in SSEGolden.names {
            let body = try SSEGolden.body(name)
            #expect(!body.starts(with: Array("HTTP/".utf8)), "\(name) still has its HTTP head")
        }
        let timed = try SSEGolden.body("sse-heartbeat-timed")
        #expect(timed.starts(with: Array("id: 2\nevent: user.message.created\n".utf8)))
        #expect(!timed.contains(UInt8(ascii: "\t")))
    }

    @Test func emptyReplayBodyIsEmpty() throws {
        #expect(try SSEGolden.body("sse-replay-beyond-end").isEmpty)
    }
}
