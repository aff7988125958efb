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
