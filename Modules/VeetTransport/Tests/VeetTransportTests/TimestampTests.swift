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
}
