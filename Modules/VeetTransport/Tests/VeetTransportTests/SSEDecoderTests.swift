import Foundation
import Testing
import VeetTransport

/// WHATWG event-stream rules, one at a time.
@Suite struct SSEDecoderTests {
    private func decode(_ text: String, limits: SSELimits = .default) throws -> [SSEEvent] {
        var decoder = SSEDecoder(limits: limits)
        return try decoder.feed(Array(text.utf8)) + decoder.finish()
    }

    private func decodeChunks(_ chunks: [[UInt8]]) throws -> [SSEEvent] {
        var decoder = SSEDecoder()
        var events: [SSEEvent] = []
        for chunk in chunks { try decoder.feed(chunk, into: &events) }
        return events + decoder.finish()
    }

    @Test func lfCrAndCrlfAllEndLines() throws {
        let expected = [SSEEvent(event: "a", data: "1"), SSEEvent(event: "b", data: "2")]
        #expect(try decode("event: a\ndata: 1\n\nevent: b\ndata: 2\n\n") == expected)
        #expect(try decode("event: a\rdata: 1\r\revent: b\rdata: 2\r\r") == expected)
        #expect(try decode("event: a\r\ndata: 1\r\n\r\nevent: b\r\ndata: 2\r\n\r\n") == expected)
        #expect(try decode("event: a\r\ndata: 1\r\revent: b\ndata: 2\n\r\n") == expected)
    }

    @Test func crAtChunkEndAndLfAtNextStartAreOneLineEnd() throws {
        let events = try decodeChunks([Array("data: x\r".utf8), Array("\ndata: y\r".utf8), Array("\n\r".utf8), Array("\n".utf8)])
        // Had the split CRLF counted twice, "x" would have been dispatched alone.
        #expect(events == [SSEEvent(data: "x\ny")])
    }

    @Test func loneCrAtChunkEndStillEndsTheLine() throws {
        let events = try decodeChunks([Array("data: x\r".utf8), Array("\rdata: y\r".utf8), Array("\r".utf8)])
        #expect(events == [SSEEvent(data: "x"), SSEEvent(data: "y")])
    }

    @Test func lfAfterAnEmptyChunkFollowingCrIsStillSwallowed() throws {
        let events = try decodeChunks([Array("data: x\r".utf8), [], Array("\n\n".utf8)])
        #expect(events == [SSEEvent(data: "x")])
    }

    @Test func leadingByteOrderMarkIsStrippedOnce() throws {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        #expect(try decodeChunks([bom + Array("data: a\n\n".utf8)]) == [SSEEvent(data: "a")])
        // Split inside the BOM.
        #expect(try decodeChunks([[0xEF], [0xBB, 0xBF, 0x64], Array("ata: a\n\n".utf8)]) == [SSEEvent(data: "a")])
        // A second BOM makes the field name unknown, so that line is ignored.
        #expect(try decodeChunks([bom + bom + Array("data: a\ndata: b\n\n".utf8)]) == [SSEEvent(data: "b")])
        // A BOM later in the stream is ordinary data.
        let later = try decodeChunks([Array("data: a\n\ndata: ".utf8) + bom + Array("b\n\n".utf8)])
        #expect(later == [SSEEvent(data: "a"), SSEEvent(data: "\u{FEFF}b")])
        // A BOM on a later line is part of that line's field name.
        #expect(try decodeChunks([Array("data: a\n\n".utf8) + bom + Array("data: b\n\n".utf8)]) == [SSEEvent(data: "a")])
    }

    @Test func commentsAreCountedNotDispatched() throws {
        var decoder = SSEDecoder()
        let events = try decoder.feed(Array(": heartbeat\n\n:\n: another\ndata: x\n\n".utf8))
        #expect(events == [SSEEvent(data: "x")])
        #expect(decoder.commentCount == 3)
    }

    @Test func multipleDataLinesAreJoinedWithLineFeeds() throws {
        #expect(try decode("data: one\ndata:two\ndata\ndata: \n\n") == [SSEEvent(data: "one\ntwo\n\n")])
    }

    @Test func chunkingNeverChangesTheResult() throws {
        let text = "data:\ndata: x\n\ndata\n\nevent: e\ndata:  two\ndata: three\nid: 4\n\n: c\ndata: last\r\n\r\n"
        let whole = try decode(text)
        #expect(whole == [SSEEvent(data: "\nx"), SSEEvent(data: ""),
                          SSEEvent(event: "e", data: " two\nthree", id: "4", lastEventID: "4"),
                          SSEEvent(data: "last", lastEventID: "4")])
        let bytes = Array(text.utf8)
        for size in 1...9 {
            let chunks = stride(from: 0, to: bytes.count, by: size).map { Array(bytes[$0..<min(bytes.count, $0 + size)]) }
            #expect(try decodeChunks(chunks) == whole, "chunks of \(size)")
        }
    }

    @Test func onlyOneLeadingSpaceIsRemoved() throws {
        #expect(try decode("data:  two spaces\nevent:  t\n\n") == [SSEEvent(event: " t", data: " two spaces")])
        #expect(try decode("data:no space\n\n") == [SSEEvent(data: "no space")])
        #expect(try decode("data: a: b\n\n") == [SSEEvent(data: "a: b")])
    }

    @Test func fieldWithoutColonHasAnEmptyValue() throws {
        // `data` alone appends an empty line; `event` alone resets the type to the default.
        #expect(try decode("data\n\n") == [SSEEvent(data: "")])
        #expect(try decode("event: x\nevent\ndata: d\n\n") == [SSEEvent(event: "message", data: "d")])
    }

    @Test func emptyDataIsNotDispatchedButIdIsKept() throws {
        var decoder = SSEDecoder()
        var events = try decoder.feed(Array("id: 7\nevent: x\n\n".utf8))
        #expect(events.isEmpty)
        #expect(decoder.lastEventID == "7")
        events = try decoder.feed(Array("data: later\n\n".utf8))
        // The sticky last event id carries over; the frame itself set none, and the type was reset.
        #expect(events == [SSEEvent(event: "message", data: "later", id: nil, lastEventID: "7")])
    }

    @Test func idWithNulIsIgnored() throws {
        let events = try decode("id: 1\ndata: a\n\nid: 2\u{0}x\ndata: b\n\n")
        #expect(events == [SSEEvent(data: "a", id: "1", lastEventID: "1"), SSEEvent(data: "b", id: nil, lastEventID: "1")])
    }

    @Test func emptyIdResetsTheLastEventID() throws {
        let events = try decode("id: 1\ndata: a\n\nid\ndata: b\n\n")
        #expect(events.map(\.lastEventID) == ["1", ""])
        #expect(events.map(\.id) == ["1", ""])
    }

    @Test func retryAcceptsAsciiDigitsOnly() throws {
        var decoder = SSEDecoder()
        let events = try decoder.feed(Array("retry: 1500\ndata: a\n\nretry: 1x\ndata: b\n\nretry: -5\nretry:\nretry: 99999999999999999999999\ndata: c\n\n".utf8))
        #expect(events.map(\.retry) == [1500, nil, nil])
        #expect(decoder.reconnectionTime == 1500)
    }

    @Test func unknownFieldsAreIgnored() throws {
        #expect(try decode("foo: bar\nDATA: shout\ndata: ok\nEvent: no\n\n") == [SSEEvent(data: "ok")])
    }

    @Test func typeDefaultsToMessageAndDoesNotCarryOver() throws {
        let events = try decode("event: first\ndata: 1\n\ndata: 2\n\n")
        #expect(events.map(\.event) == ["first", "message"])
    }

    @Test func unterminatedEventIsDroppedAtFinish() throws {
        var decoder = SSEDecoder()
        var events = try decoder.feed(Array("data: done\n\nid: 9\nevent: x\ndata: half".utf8))
        #expect(decoder.hasIncompleteFrame)
        events += decoder.finish()
        #expect(events == [SSEEvent(data: "done")])
        #expect(!decoder.hasIncompleteFrame)
        // A frame whose data line ended but whose empty line never came is dropped too.
        var second = SSEDecoder()
        #expect(try second.feed(Array("data: a\n".utf8)).isEmpty)
        #expect(second.finish().isEmpty)
    }

    @Test func invalidUtf8IsReplacedNotFatal() throws {
        var decoder = SSEDecoder()
        let events = try decoder.feed(Array("data: ".utf8) + [0xFF, 0xC3] + Array("\nevent: \u{e9}t\u{e9}\n\n".utf8))
        #expect(events == [SSEEvent(event: "été", data: "\u{FFFD}\u{FFFD}")])
    }

    @Test func dataAndByteInputsAgree() throws {
        let text = "id: 3\nevent: e\ndata: x\n\n"
        var a = SSEDecoder(), b = SSEDecoder(), c = SSEDecoder()
        let fromData = try a.feed(Data(text.utf8))
        let fromArray = try b.feed(Array(text.utf8))
        let fromPointer = try Array(text.utf8).withUnsafeBytes { raw in try c.feed(raw) }
        #expect(fromData == fromArray && fromArray == fromPointer)
        #expect(fromData == [SSEEvent(event: "e", data: "x", id: "3", lastEventID: "3")])
    }

    // MARK: Bounds

    @Test func overlongLineThrowsBeforeBuffering() throws {
        let limits = SSELimits(maxLineBytes: 16, maxEventBytes: 1_000)
        #expect(throws: SSEError.lineTooLong(limit: 16)) { try decode("data: 0123456789abc\n\n", limits: limits) }
        // Exactly at the limit is fine.
        #expect(try decode("data: 0123456789\n\n", limits: limits) == [SSEEvent(data: "0123456789")])
        // A line growing across chunks fails as soon as it passes the limit, before its end arrives.
        var decoder = SSEDecoder(limits: limits)
        _ = try decoder.feed(Array("data: 01234".utf8))
        #expect(throws: SSEError.lineTooLong(limit: 16)) { try decoder.feed(Array("56789abcdef".utf8)) }
        // The decoder stays failed.
        #expect(throws: SSEError.lineTooLong(limit: 16)) { try decoder.feed(Array("\n\n".utf8)) }
    }

    @Test func oversizedEventThrows() throws {
        let limits = SSELimits(maxLineBytes: 100, maxEventBytes: 10)
        #expect(throws: SSEError.eventTooLarge(limit: 10)) { try decode("data: 12345\ndata: 67890\n\n", limits: limits) }
        // 5 + LF + 4 = 10 bytes of data: allowed.
        #expect(try decode("data: 12345\ndata: 6789\n\n", limits: limits) == [SSEEvent(data: "12345\n6789")])
    }

    @Test func oversizedEventIsCaughtWhenItsLineSpansChunks() throws {
        var decoder = SSEDecoder(limits: SSELimits(maxLineBytes: 100, maxEventBytes: 10))
        _ = try decoder.feed(Array("data: 0123".utf8))
        _ = try decoder.feed(Array("456789".utf8))
        #expect(throws: SSEError.eventTooLarge(limit: 10)) { try decoder.feed(Array("A\n\n".utf8)) }
        // Exactly ten bytes fit...
        var fits = SSEDecoder(limits: SSELimits(maxLineBytes: 100, maxEventBytes: 10))
        _ = try fits.feed(Array("data: 01234".utf8))
        #expect(try fits.feed(Array("56789\n\n".utf8)) == [SSEEvent(data: "0123456789")])
        // ...but a further (even empty) data line adds a joining LF.
        var joined = SSEDecoder(limits: SSELimits(maxLineBytes: 100, maxEventBytes: 10))
        _ = try joined.feed(Array("data: 01234".utf8))
        _ = try joined.feed(Array("56789\ndata".utf8))
        #expect(throws: SSEError.eventTooLarge(limit: 10)) { try joined.feed(Array("\n\n".utf8)) }
    }

    @Test func eventsBeforeTheOffendingLineAreKept() throws {
        var decoder = SSEDecoder(limits: SSELimits(maxLineBytes: 20, maxEventBytes: 100))
        var events: [SSEEvent] = []
        #expect(throws: SSEError.lineTooLong(limit: 20)) {
            try decoder.feed(Array("data: ok\n\ndata: this line is far too long\n\n".utf8), into: &events)
        }
        #expect(events == [SSEEvent(data: "ok")])
    }

    @Test func defaultLimitsAcceptAOneMebibyteFrameAndRefuseMore() throws {
        let payload = String(repeating: "x", count: 1_048_576)
        #expect(try decode("data: \(payload)\n\n").first?.data.utf8.count == 1_048_576)
        #expect(throws: SSEError.eventTooLarge(limit: 1_048_576)) { try decode("data: \(payload)x\n\n") }
    }

    @Test func errorsExplainThemselves() {
        #expect(SSEError.lineTooLong(limit: 5).description.contains("longer than 5 bytes"))
        #expect(SSEError.eventTooLarge(limit: 9).description.contains("exceeds 9 bytes"))
    }
}
