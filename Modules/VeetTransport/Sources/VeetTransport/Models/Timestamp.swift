import Foundation

/// A point in time as the server wrote it: decoded once at the wire, then
/// carried typed. It keeps the exact text (echoed back byte for byte in
/// request bodies, `--json` output and the store) and the instant read from
/// it. The server writes `Z` with or without fractional seconds and `+00:00`
/// (one field keeps another offset); all are read. Text that is no timestamp
/// at all (a newer server's format) is kept with no date instead of failing
/// the payload around it, so one odd field never empties a list.
public struct Timestamp: Sendable, Hashable, Comparable, Codable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// What the server sent, unchanged.
    public let text: String
    /// The instant, or nil when `text` could not be read.
    public let date: Date?

    public init(_ text: String) {
        self.text = text
        self.date = Self.parse(text)
    }

    public init(stringLiteral text: String) {
        self.init(text)
    }

    public init(from decoder: Decoder) throws {
        self.init(try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }

    public var description: String { text }

    // Equal, hashed and ordered by instant, so `…Z` and `…+00:00` for the
    // same moment are one value. Unreadable text has no instant: it equals
    // only the same text and sorts before every readable timestamp (where
    // callers used to put it with `?? .distantPast`), then by its text, so
    // any list sorts the same way every time.
    public static func == (lhs: Timestamp, rhs: Timestamp) -> Bool {
        switch (lhs.date, rhs.date) {
        case let (left?, right?): left == right
        case (nil, nil): lhs.text == rhs.text
        default: false
        }
    }

    public func hash(into hasher: inout Hasher) {
        if let date {
            hasher.combine(true)
            hasher.combine(date)
        } else {
            hasher.combine(false)
            hasher.combine(text)
        }
    }

    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
        switch (lhs.date, rhs.date) {
        case let (left?, right?): left < right
        case (nil, nil): lhs.text < rhs.text
        case (nil, _?): true
        case (_?, nil): false
        }
    }

    /// The wire's usual form (`2026-11-30T09:00:00.123456Z`, `+01:00`) is read
    /// by hand: lists sort and label thousands of sessions by it, and the
    /// format styles were 9.5 % of the TUI's cold-start profile (now 0.6 %).
    /// Anything else goes to Foundation's ISO 8601 parser.
    static func parse(_ text: String) -> Date? {
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
