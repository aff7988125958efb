import Foundation
import VeetTransport
import VeetWire

/// The typed run events in a captured event stream (what `curl -N .../events` prints).
func runEvents(inCapture capture: String) throws -> [RunEventFrame] {
    var decoder = SSEDecoder()
    var events = try decoder.feed(Data(capture.utf8))
    events += decoder.finish()
    return events.map(RunEventFrame.decode)
}

// The README's example, run.
import Foundation
import Testing
import VeetTestSupport

@Suite struct ReadmeExampleTests {
    @Test func theExampleDecodesARecordedStream() throws {
        let capture = String(decoding: try SSEGolden.body("sse-simple"), as: UTF8.self)
        let frames = try runEvents(inCapture: capture)
        #expect(frames.last?.type == "run.completed")
        #expect(frames.contains { $0.isPersisted })
    }
}
