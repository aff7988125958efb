import Foundation
import Testing
@testable import VeetConsole

@Suite struct JSONWriterTests {
    @Test func membersAndNestedContainersAreSeparatedByCommas() {
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("a"); writer.int(1)
        writer.key("b"); writer.beginArray(); writer.string("x"); writer.null(); writer.bool(true); writer.beginObject(); writer.endObject(); writer.endArray()
        writer.key("c"); writer.beginObject(); writer.key("d"); writer.string(nil as String?); writer.endObject()
        writer.key("e"); writer.int(-42)
        writer.endObject()
        #expect(String(decoding: writer.bytes, as: UTF8.self) == #"{"a":1,"b":["x",null,true,{}],"c":{"d":null},"e":-42}"#)
        let parsed = try? JSONSerialization.jsonObject(with: Data(writer.bytes))
        #expect(parsed != nil)
    }

    @Test func stringsAreEscapedAsFoundationsEncoderEscapesThem() throws {
        let samples = ["plain", "quote \" and \\ backslash", "a/b", "\n\r\t\u{08}\u{0C}", "\u{01}\u{1F}\u{7F}", "é😀\u{2028}"]
        for sample in samples {
            var writer = JSONWriter()
            writer.string(sample)
            let reference = try JSONOutput.encode(sample, layout: .compact)
            #expect(String(decoding: writer.bytes, as: UTF8.self) == reference, "\(sample.debugDescription)")
        }
    }

    /// The scan looks at eight bytes at a time: escapes at every offset of a word
    /// (and a long string's tail shorter than a word) are escaped as Foundation escapes them.
    @Test func escapesAtEveryOffsetOfAWordAreEscapedAsFoundationEscapesThem() throws {
        for period in [1, 2, 3, 5, 7, 8, 9, 4_093] {
            let sample = String((0..<13_003).map { $0 % period == 0 ? Character("\u{01}") : $0 % 3 == 0 ? "\"" : "é" })
            var writer = JSONWriter()
            writer.string(sample)
            #expect(String(decoding: writer.bytes, as: UTF8.self) == (try JSONOutput.encode(sample, layout: .compact)),
                    "period \(period)")
        }
    }

    @Test func aStaticKeyIsWrittenAsAKeyOfTheSameText() {
        var fast = JSONWriter(), reference = JSONWriter()
        fast.beginObject(); fast.key(static: "data"); fast.int(1); fast.key(static: "a\"b"); fast.null(); fast.endObject()
        reference.beginObject(); reference.key("data"); reference.int(1); reference.key("a\"b"); reference.null(); reference.endObject()
        #expect(fast.bytes == reference.bytes)
        #expect(String(decoding: fast.bytes, as: UTF8.self) == #"{"data":1,"a\"b":null}"#)
    }

    @Test func aBlockAsLargeAsTheBufferGoesOutAfterWhatWasBufferedInOrder() throws {
        var pipe: [Int32] = [0, 0]
        #expect(Glibc.pipe(&pipe) == 0)
        defer { close(pipe[0]) }
        var out = BufferedOutput(Output(fileDescriptor: pipe[1]), capacity: 8)
        let appended = out.append(Array("12".utf8)) && out.append(Array("abcdefghij".utf8))
        #expect(appended)
        var buffer = [UInt8](repeating: 0, count: 32)
        #expect(read(pipe[0], &buffer, 32) == 12)
        #expect(String(decoding: buffer[0..<12], as: UTF8.self) == "12abcdefghij")
        close(pipe[1])
    }

    @Test func aBufferedOutputWritesWhenFullAndOnFlush() throws {
        var pipe: [Int32] = [0, 0]
        #expect(Glibc.pipe(&pipe) == 0)
        defer { close(pipe[0]) }
        var out = BufferedOutput(Output(fileDescriptor: pipe[1]), capacity: 8)
        var appended = out.append(Array("1234".utf8))
        #expect(appended)
        var byte: UInt8 = 0
        let flags = fcntl(pipe[0], F_GETFL)
        _ = fcntl(pipe[0], F_SETFL, flags | O_NONBLOCK)
        #expect(read(pipe[0], &byte, 1) == -1)  // nothing written below the capacity
        appended = out.append(Array("56789".utf8))
        #expect(appended)
        var buffer = [UInt8](repeating: 0, count: 16)
        #expect(read(pipe[0], &buffer, 16) == 9)
        appended = out.append(Array("ab".utf8))
        let flushed = out.flush()
        #expect(appended && flushed)
        #expect(read(pipe[0], &buffer, 16) == 2)
        close(pipe[1])
    }
}
