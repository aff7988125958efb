import Foundation

/// Reads a `Retry-After` header: delay seconds (`120`) or an HTTP-date.
public enum RetryAfter {
    /// The wait the header asks for, measured from `now`; zero for a date in the
    /// past, nil when the value is neither form. Capping is the policy's job.
    public static func parse(_ value: String, now: Date = Date()) -> Duration? {
        let text = value.trimmingCharacters(in: .whitespaces)
        if !text.isEmpty, text.allSatisfy(\.isAddressDigit) {
            return Int64(text).map { .seconds($0) } ?? .seconds(Int64.max / 1_000_000_000_000)
        }
        guard let date = httpDate(text) else { return nil }
        let seconds = max(0, date.timeIntervalSince(now))
        return .milliseconds(Int64((seconds * 1000).rounded(.up)))
    }

    /// IMF-fixdate, plus the two obsolete forms HTTP still asks recipients to accept.
    static func httpDate(_ text: String) -> Date? {
        let formats = ["EEE, dd MMM yyyy HH:mm:ss zzz", "EEEE, dd-MMM-yy HH:mm:ss zzz", "EEE MMM d HH:mm:ss yyyy"]
        for format in formats {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "GMT")
            formatter.dateFormat = format
            let normalised = format.hasPrefix("EEE MMM") ? text.replacingOccurrences(of: "  ", with: " ") : text
            if let date = formatter.date(from: normalised) { return date }
        }
        return nil
    }
}
