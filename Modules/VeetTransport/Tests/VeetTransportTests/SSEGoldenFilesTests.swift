import Foundation
import Testing
import VeetTransport
import VeetTestSupport

/// The recorded SSE captures in Golden/sse, as stream bodies.
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
