import Foundation

/// Parses the three timestamp spellings the server uses: `Z` with or
/// without fractional seconds, and `+00:00`. Kept as text too, so nothing is
/// lost when a value is echoed back.
public enum Timestamp {
    public static func parse(_ text: String) -> Date? {
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
}
