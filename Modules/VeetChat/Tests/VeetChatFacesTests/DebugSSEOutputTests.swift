import Foundation
import Testing
import VeetConsole
import VeetTransport
@testable import VeetChatCommands

/// `veet debug sse` writes its lines with JSONWriter; they must be the bytes
/// Foundation's encoder (`JSONOutput`, compact) makes of the same `Line`.
@Suite struct DebugSSEOutputTests {
    static func reference(_ event: SSEEvent) throws -> String {
        try JSONOutput.encode(DebugSSE.Line(event: event.event, id: event.id, data: event.data, retry: event.retry),
                              layout: .compact) + "\n"
    }

    static func fast(_ event: SSEEvent) -> String {
        var writer = JSONWriter()
        DebugSSE.write(event, into: &writer)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// Modules/VeetTestSupport/Recordings/sse, from Modules/VeetChat/Tests/VeetChatFacesTests.
    static let recordings = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("VeetTestSupport/Recordings/sse")

    @Test func everyRecordedEventPrintsTheSameBytes() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.recordings.path).filter { $0.hasSuffix(".txt") }
        #expect(names.count >= 20)
        var checked = 0
        for name in names {
            var decoder = SSEDecoder()
            let data = try Data(contentsOf: Self.recordings.appendingPathComponent(name))
            for event in try decoder.feed(data) + decoder.finish() {
                #expect(Self.fast(event) == (try Self.reference(event)), "\(name)")
                checked += 1
            }
        }
        #expect(checked > 300)
    }

    @Test func aRandomCorpusOfAwkwardTextPrintsTheSameBytes() throws {
        // Control characters, quotes, backslashes, slashes, line separators, astral characters.
        let alphabet: [String] = (0..<0x20).map { String(UnicodeScalar(UInt8($0))) }
            + ["\"", "\\", "/", "a", "Z", "0", " ", "\u{7F}", "é", "\u{2028}", "\u{2029}", "\u{FEFF}", "😀", "中", "\u{10FFFF}"]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            func text() -> String {
                (0..<Int.random(in: 0...24, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }.joined()
            }
            let event = SSEEvent(event: text(), data: text(), id: Bool.random(using: &generator) ? text() : nil,
                                 retry: Bool.random(using: &generator) ? Int.random(in: 0...Int(Int32.max), using: &generator) : nil)
            #expect(Self.fast(event) == (try Self.reference(event)), "\(Array(event.data.unicodeScalars.map(\.value)))")
        }
    }
}
