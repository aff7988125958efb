import Foundation
import Testing
@testable import VeetTransport

@Suite struct TimestampTests {
    /// The hand-written reader agrees with Foundation's ISO 8601 parser on the
    /// wire's forms, across centuries, leap days, fractions and offsets.
    @Test func theFastPathAgreesWithTheFormatStyles() throws {
        var random = SystemRandomNumberGenerator()
        let zones = ["Z", "+00:00", "+01:00", "-05:30", "+14:00", "-12:00"]
        for _ in 0..<2_000 {
            let seconds = Int.random(in: 0...4_102_444_800, using: &random)  // 1970 ... 2100
            let base = Date(timeIntervalSince1970: TimeInterval(seconds))
            var text = base.formatted(Date.ISO8601FormatStyle())  // "…Z"
            text.removeLast()
            let millis = Int.random(in: 0...999, using: &random)
            if Bool.random(using: &random) { text += "." + String(format: "%03d", millis) }
            text += zones.randomElement(using: &random)!
            let fast = try #require(Timestamp.fastParse(text), "\(text)")
            let general = try #require(Timestamp.parseWithFormatStyles(text), "\(text)")
            #expect(abs(fast.timeIntervalSince(general)) < 0.000_5, "\(text): \(fast) vs \(general)")
        }
    }

    @Test func leapDaysAndMicrosecondsAreRead() throws {
        let leap = try #require(Timestamp.parse("2024-02-29T23:59:59.123456Z"))
        #expect(abs(leap.timeIntervalSince1970 - 1_709_251_199.123456) < 0.000_001)
        #expect(Timestamp.parse("2026-11-30T10:00:00+01:00") == Timestamp.parse("2026-11-30T09:00:00Z"))
    }

    @Test(arguments: ["2023-02-29T00:00:00Z", "2026-13-01T00:00:00Z", "2026-11-31T00:00:00Z", "2026-11-30T24:00:00Z",
                      "2026-11-30T09:00:00.Z", "2026-11-30 09:00:00Z", "2026-11-30T09:00:00", "2026-11-30T09:00:00+0100",
                      "not a date", ""])
    func anythingElseIsLeftToTheFormatStyles(text: String) {
        #expect(Timestamp.fastParse(text) == nil, "\(text)")
        #expect(Timestamp.parse(text) == Timestamp.parseWithFormatStyles(text))
    }

    /// The forms the recordings use keep their exact text through a decode and
    /// an encode, and each gives its instant.
    @Test(arguments: [
        ("2026-08-22T18:04:11.532871Z", 1_787_421_851.532871),
        ("2026-08-22T18:04:11Z", 1_787_421_851.0),
        ("2026-08-22T18:04:11+00:00", 1_787_421_851.0),
        ("2026-08-22T18:04:11.532871+00:00", 1_787_421_851.532871),
        ("2026-08-22T11:04:11-07:00", 1_787_421_851.0),
    ])
    func theWireFormsRoundTrip(text: String, seconds: Double) throws {
        let json = Data("[\"\(text)\"]".utf8)
        let decoded = try JSONDecoder().decode([Timestamp].self, from: json)
        let timestamp = try #require(decoded.first)
        #expect(timestamp.text == text)
        #expect(timestamp.description == text)
        #expect("\(timestamp)" == text)
        let date = try #require(timestamp.date)
        #expect(abs(date.timeIntervalSince1970 - seconds) < 0.000_001)
        #expect(try JSONEncoder().encode(decoded) == json)
    }

    /// A newer server's format must not fail the list around it: the text is
    /// kept, there is no date, and it is written back unchanged.
    @Test func anUnreadableValueIsKeptAsText() throws {
        struct Row: Codable, Equatable { var id: Int; var at: Timestamp; var later: Timestamp? }
        let json = Data(#"[{"at":"next tuesday","id":1,"later":null},{"at":"2026-08-22T18:04:11Z","id":2}]"#.utf8)
        let rows = try JSONDecoder().decode([Row].self, from: json)
        #expect(rows.count == 2)
        #expect(rows[0].at.text == "next tuesday")
        #expect(rows[0].at.date == nil)
        #expect(rows[1].at.date != nil)
        #expect(rows[1].later == nil)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let written = try #require(String(data: try encoder.encode([rows[0]]), encoding: .utf8))
        #expect(written == #"[{"at":"next tuesday","id":1}]"#)
        #expect(Timestamp("").date == nil)
    }

    /// Equal and ordered by instant; unreadable text equals only itself and
    /// sorts first, by its text.
    @Test func orderAndEqualityFollowTheInstant() {
        let zulu = Timestamp("2026-11-30T09:00:00Z")
        let offset = Timestamp("2026-11-30T10:00:00+01:00")
        let fraction = Timestamp("2026-11-30T09:00:00.000000Z")
        let later = Timestamp("2026-11-30T09:00:00.5Z")
        #expect(zulu == offset)
        #expect(zulu == fraction)
        #expect(zulu.hashValue == offset.hashValue)
        #expect(Set([zulu, offset, fraction]).count == 1)
        #expect(zulu < later)
        #expect(!(later < zulu))
        #expect(!(zulu < offset) && !(offset < zulu))

        let odd = Timestamp("soon"), other = Timestamp("later on")
        #expect(odd == Timestamp("soon"))
        #expect(odd != other)
        #expect(odd != Timestamp(""))
        #expect(odd < zulu && !(zulu < odd))
        #expect([later, odd, zulu, other].sorted().map(\.text)
                == ["later on", "soon", "2026-11-30T09:00:00Z", "2026-11-30T09:00:00.5Z"])
        #expect([zulu, other, later, odd].sorted() == [other, odd, zulu, later])
    }

    /// Encoding gives back the very text decoded, even where two texts name
    /// the same instant, so request bodies and the store stay byte-identical.
    @Test func encodingGivesTheTextItWasGiven() throws {
        let texts = ["2026-11-30T10:00:00+01:00", "2026-11-30T09:00:00Z", "2026-11-30T09:00:00.100Z", "odd"]
        let json = try JSONEncoder().encode(texts.map { Timestamp($0) })
        #expect(json == (try JSONEncoder().encode(texts)))
        let literal: Timestamp = "2026-11-30T09:00:00.100Z"
        #expect(literal.text == "2026-11-30T09:00:00.100Z")
    }
}
