import Foundation
import Testing
import VeetTransport
import VeetTestSupport

/// The decoder on the real captures: the same events however the bytes are split.
@Suite struct SSERecordingTests {
    @Test(arguments: SSEGolden.expectations)
    func wholeRecordingMatchesItsCounts(_ expected: SSEGolden.Expectation) throws {
        let (events, comments) = try SSEGolden.decodeWhole(try SSEGolden.body(expected.name))
        #expect(events.count == expected.events)
        #expect(comments == expected.comments)
        let ids = events.compactMap(\.id).map { Int64($0) }
        #expect(ids.count == expected.persisted)
        #expect(ids.first ?? nil == expected.firstID)
        #expect(ids.last ?? nil == expected.lastID)
        #expect(events.last?.event == expected.lastType)
        // Ids only ever grow (gaps are normal), and every event has a type and JSON object data.
        let numeric = ids.compactMap { $0 }
        #expect(numeric == numeric.sorted() && Set(numeric).count == numeric.count)
        for event in events {
            #expect(event.event != "message")
            #expect(event.data.hasPrefix("{") && event.data.hasSuffix("}"))
        }
    }

    @Test(arguments: SSEGolden.names)
    func splitAtEveryByteGivesTheSameEvents(_ name: String) throws {
        let body = try SSEGolden.body(name)
        let whole = try SSEGolden.decodeWhole(body).events
        for cut in 0...body.count {
            var decoder = SSEDecoder()
            var events = try decoder.feed(body[0..<cut])
            events += try decoder.feed(body[cut...])
            events += decoder.finish()
            #expect(events == whole, "split at byte \(cut)")
            if events != whole { return }
        }
    }

    @Test(arguments: SSEGolden.names)
    func oneByteChunksGiveTheSameEvents(_ name: String) throws {
        let body = try SSEGolden.body(name)
        let whole = try SSEGolden.decodeWhole(body)
        var decoder = SSEDecoder()
        var events: [SSEEvent] = []
        for byte in body { try decoder.feed(CollectionOfOne(byte), into: &events) }
        events += decoder.finish()
        #expect(events == whole.events)
        #expect(decoder.commentCount == whole.comments)
    }

    /// The same captures with every line ending rewritten as CRLF, then as a
    /// lone CR: whole, in one-byte chunks, and split at random points.
    @Test(arguments: ["sse-tool", "sse-approval", "sse-heartbeat-timed", "sse-reasoning"])
    func otherLineEndingsGiveTheSameEvents(_ name: String) throws {
        let body = try SSEGolden.body(name)
        let expected = try SSEGolden.decodeWhole(body).events
        var random = SplitMix64(seed: 7)
        for ending in [[UInt8(0x0D), 0x0A], [UInt8(0x0D)]] {
            var rewritten: [UInt8] = []
            for byte in body {
                if byte == 0x0A { rewritten += ending } else { rewritten.append(byte) }
            }
            #expect(try SSEGolden.decodeWhole(rewritten).events == expected)

            var decoder = SSEDecoder()
            var events: [SSEEvent] = []
            for byte in rewritten { try decoder.feed([byte], into: &events) }
            #expect(events == expected)

            for _ in 0..<50 {
                var decoder = SSEDecoder()
                var events: [SSEEvent] = []
                var start = 0
                while start < rewritten.count {
                    let end = min(rewritten.count, start + Int.random(in: 1...97, using: &random))
                    try decoder.feed(rewritten[start..<end], into: &events)
                    start = end
                }
                #expect(events == expected)
            }
        }
    }

    @Test func dataIsDecodedExactly() throws {
        let events = try SSEGolden.decodeWhole(try SSEGolden.body("sse-tool")).events
        let delta = try #require(events.first { $0.event == "message.delta" })
        #expect(delta.id == nil)
        #expect(delta.lastEventID == "21")
        #expect(delta.data == #"{"attempt_id":"fc8ed7ba-8629-47ff-821e-c3ff8a063a1c","item_index":0,"run_id":"aa5f2f43-5e82-4585-945e-aa8abd814e41","step_number":2,"text":"The answer is 391."}"#)
        let first = try #require(events.first)
        #expect(first.id == "2" && first.event == "user.message.created" && first.retry == nil)
    }
}
