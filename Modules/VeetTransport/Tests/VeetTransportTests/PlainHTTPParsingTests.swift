import Foundation
import Testing
@testable import VeetTransport

@Suite struct ResponseHeadParserTests {
    @Test func aHeadSplitAnywhereParsesTheSameAndKeepsTheBodyBytes() throws {
        let wire = Data("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nX-Request-Id: r-1\r\n\r\n: hi\n\n".utf8)
        for split in 1..<wire.count {
            var parser = ResponseHeadParser()
            var result = try parser.feed(wire.prefix(split))
            if result == nil {
                result = try parser.feed(wire.dropFirst(split))
            } else if let (head, rest) = result {
                result = (head, rest + wire.dropFirst(split))  // the rest of the body arrives later
            }
            let (head, rest) = try #require(result, "split at \(split)")
            #expect(head.status == 200)
            #expect(head.header("content-type") == "text/event-stream")
            #expect(head.header("x-request-id") == "r-1")
            #expect(String(decoding: rest, as: UTF8.self) == ": hi\n\n", "split at \(split)")
        }
    }

    @Test func informationalHeadsAreSkippedAndRepeatedHeadersJoined() throws {
        var parser = ResponseHeadParser()
        let wire = "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 404 Not Found\r\nVary: a\r\nvary: b\r\n\r\n{}"
        let (head, rest) = try #require(try parser.feed(Data(wire.utf8)))
        #expect(head.status == 404)
        #expect(head.header("vary") == "a, b")
        #expect(rest == Data("{}".utf8))
    }

    @Test func bareLineFeedsAreAccepted() throws {
        var parser = ResponseHeadParser()
        let (head, rest) = try #require(try parser.feed(Data("HTTP/1.0 200 OK\nA: 1\n\nbody".utf8)))
        #expect(head.status == 200 && head.header("a") == "1" && rest == Data("body".utf8))
    }

    @Test func anOversizedHeadIsATypedErrorNotGrowth() throws {
        var parser = ResponseHeadParser(limit: 1024)
        #expect(throws: ResponseHeadError.tooLarge(limit: 1024)) {
            _ = try parser.feed(Data("HTTP/1.1 200 OK\r\n".utf8))
            for _ in 0..<100 { _ = try parser.feed(Data("X-Filler: \(String(repeating: "x", count: 100))\r\n".utf8)) }
        }
    }

    @Test(arguments: ["ICY 200 OK", "HTTP/1.1 2000 OK", "HTTP/1.1 abc", "HTTP/2 200", "HTTP/1.1 099 Low"])
    func aStatusLineThatIsNotHTTP1IsRefused(line: String) {
        var parser = ResponseHeadParser()
        #expect(throws: ResponseHeadError.self) { _ = try parser.feed(Data("\(line)\r\n\r\n".utf8)) }
    }

    @Test func aHeaderLineWithoutANameIsRefused() {
        var parser = ResponseHeadParser()
        #expect(throws: ResponseHeadError.malformedHeader(": value")) {
            _ = try parser.feed(Data("HTTP/1.1 200 OK\r\n: value\r\n\r\n".utf8))
        }
    }
}

@Suite struct BodyDecoderTests {
    private func head(_ headers: [String: String], status: Int = 200) -> ResponseHead {
        ResponseHead(status: status, headers: headers)
    }

    @Test func chunkedBodiesDecodeWhateverTheSplits() throws {
        let wire = Data("5;ext=1\r\nhello\r\n1A\r\n\(String(repeating: "z", count: 26))\r\n0\r\nTrailer: x\r\n\r\nIGNORED".utf8)
        let expected = "hello" + String(repeating: "z", count: 26)
        for size in [1, 2, 3, 7, 64] {
            var decoder = BodyDecoder(framing: .chunked)
            var body = Data()
            var offset = 0
            while offset < wire.count {
                body.append(try decoder.feed(wire.subdata(in: offset..<min(offset + size, wire.count))))
                offset += size
            }
            #expect(String(decoding: body, as: UTF8.self) == expected, "pieces of \(size)")
            #expect(decoder.isComplete)
        }
    }

    @Test func anUnfinishedChunkedBodyDoesNotEndAtClose() throws {
        var decoder = BodyDecoder(framing: .chunked)
        _ = try decoder.feed(Data("5\r\nhel".utf8))
        #expect(!decoder.isComplete && !decoder.endsAtClose)
    }

    @Test(arguments: ["zz\r\n", "-1\r\n", "\r\n", "1000000000000000\r\n"])
    func aBadChunkSizeIsATypedError(line: String) {
        var decoder = BodyDecoder(framing: .chunked)
        #expect(throws: BodyFramingError.self) { _ = try decoder.feed(Data(line.utf8)) }
    }

    @Test func anEndlessChunkSizeLineIsCut() {
        var decoder = BodyDecoder(framing: .chunked)
        #expect(throws: BodyFramingError.chunkLineTooLong(limit: BodyDecoder.maxChunkLine)) {
            for _ in 0..<100 { _ = try decoder.feed(Data(repeating: 0x41, count: 100)) }
        }
    }

    @Test func aChunkWithoutItsCRLFIsRefusedAfterTheBytesBeforeIt() throws {
        var decoder = BodyDecoder(framing: .chunked)
        // The bytes decoded before the break are handed over; the error comes next,
        // exactly as when the same bytes arrive one by one (found by the response fuzzer).
        #expect(try decoder.feed(Data("2\r\nabXY\r\n".utf8)) == Data("ab".utf8))
        #expect(throws: BodyFramingError.missingChunkTerminator) { _ = try decoder.feed(Data()) }
        var bytewise = BodyDecoder(framing: .chunked)
        var body = Data()
        #expect(throws: BodyFramingError.missingChunkTerminator) {
            for byte in Data("2\r\nabXY\r\n".utf8) { body.append(try bytewise.feed(Data([byte]))) }
        }
        #expect(body == Data("ab".utf8))
    }

    @Test func contentLengthBodiesStopAtTheirLength() throws {
        var decoder = BodyDecoder(framing: try BodyDecoder.framing(for: head(["content-length": "4"])))
        #expect(try decoder.feed(Data("ab".utf8)) == Data("ab".utf8))
        #expect(try decoder.feed(Data("cdEXTRA".utf8)) == Data("cd".utf8))
        #expect(decoder.isComplete)
    }

    @Test func framingFollowsTheHead() throws {
        #expect(try BodyDecoder.framing(for: head(["transfer-encoding": "chunked", "content-length": "9"])) == .chunked)
        #expect(try BodyDecoder.framing(for: head(["content-length": "7, 7"])) == .length(7))
        #expect(try BodyDecoder.framing(for: head([:])) == .untilClose)
        #expect(try BodyDecoder.framing(for: head(["content-length": "9"], status: 204)) == .length(0))
        #expect(throws: BodyFramingError.self) { try BodyDecoder.framing(for: head(["content-length": "7, 8"])) }
        #expect(throws: BodyFramingError.self) { try BodyDecoder.framing(for: head(["content-length": "-1"])) }
        #expect(throws: BodyFramingError.self) { try BodyDecoder.framing(for: head(["transfer-encoding": "gzip"])) }
    }
}

@Suite struct PlainRequestBytesTests {
    @Test func theRequestCarriesTargetHostHeadersAndClose() throws {
        let request = OutgoingRequest(url: URL(string: "http://127.0.0.1:8123/veet/v1/runs/a%20b/events?x=1")!,
                                      method: "GET", headers: ["Authorization": "Bearer t", "Last-Event-ID": "6"],
                                      body: nil, requestID: "r")
        let text = String(decoding: try HTTPExchange.requestBytes(request, host: "127.0.0.1", requestID: "r"),
                          as: UTF8.self)
        #expect(text.hasPrefix("GET /veet/v1/runs/a%20b/events?x=1 HTTP/1.1\r\nHost: 127.0.0.1:8123\r\n"))
        #expect(text.contains("\r\nAuthorization: Bearer t\r\n"))
        #expect(text.lowercased().contains("\r\nlast-event-id: 6\r\n"))
        #expect(text.hasSuffix("Connection: close\r\n\r\n"))
    }

    @Test func aHeaderWithALineBreakNeverAddsAHeader() {
        let request = OutgoingRequest(url: URL(string: "http://127.0.0.1:8123/v1/runs/r/events")!, method: "GET",
                                      headers: ["Last-Event-ID": "6\r\nX-Evil: 1"], body: nil, requestID: "r")
        #expect(throws: TransportError.self) {
            try HTTPExchange.requestBytes(request, host: "127.0.0.1", requestID: "r")
        }
    }
}
