import Foundation
import Glibc

/// A UTC instant in whole microseconds, the precision the recorded server writes.
struct Instant: Comparable, Hashable, Sendable {
    var microseconds: Int64

    static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.microseconds < rhs.microseconds }

    static func now() -> Instant {
        Instant(microseconds: Int64((Date().timeIntervalSince1970 * 1_000_000).rounded()))
    }

    func adding(seconds: Double) -> Instant {
        Instant(microseconds: microseconds + Int64(seconds * 1_000_000))
    }

    /// `2026-11-30T04:14:37.912593Z`
    var zulu: String { format(suffix: "Z") }

    /// `2026-11-30T04:14:37.912593+00:00` (memory events and cursors).
    var offset: String { format(suffix: "+00:00") }

    private func format(suffix: String) -> String {
        let seconds = microseconds >= 0 ? microseconds / 1_000_000 : (microseconds - 999_999) / 1_000_000
        let fraction = microseconds - seconds * 1_000_000
        var time = time_t(seconds)
        var parts = tm()
        gmtime_r(&time, &parts)
        return String(
            format: "%04d-%02d-%02dT%02d:%02d:%02d.%06d%@", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1,
            Int(parts.tm_mday), Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec), Int(fraction), suffix)
    }

    /// Parses what `zulu` / `offset` write (fraction optional, `Z` or `+00:00`).
    init?(parsing text: String) {
        let pattern = #"^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,6}))?(Z|\+00:00)$"#
        guard let regex = try? NSRegularExpression(pattern: pattern),
            let match = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text))
        else { return nil }
        func group(_ index: Int) -> String? {
            guard let range = Range(match.range(at: index), in: text) else { return nil }
            return String(text[range])
        }
        guard let year = group(1).flatMap(Int32.init), let month = group(2).flatMap(Int32.init),
            let day = group(3).flatMap(Int32.init), let hour = group(4).flatMap(Int32.init),
            let minute = group(5).flatMap(Int32.init), let second = group(6).flatMap(Int32.init),
            (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
        else { return nil }
        var parts = tm()
        parts.tm_year = year - 1900
        parts.tm_mon = month - 1
        parts.tm_mday = day
        parts.tm_hour = hour
        parts.tm_min = minute
        parts.tm_sec = second
        let seconds = Int64(timegm(&parts))
        var fraction: Int64 = 0
        if let digits = group(7) {
            fraction = Int64(digits.padding(toLength: 6, withPad: "0", startingAt: 0)) ?? 0
        }
        self.microseconds = seconds * 1_000_000 + fraction
    }

    init(microseconds: Int64) { self.microseconds = microseconds }
}
