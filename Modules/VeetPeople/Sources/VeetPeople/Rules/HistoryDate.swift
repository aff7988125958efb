import Foundation
import VeetTransport

/// How a People date reads (docs/wire/people.md §4): in its own `source_timezone`
/// (an IANA name; nil or unknown ⇒ UTC), never finer than its precision.
/// "14 March 2026, 09:30 (Europe/Lisbon)" for an instant, "14 March 2026"
/// for a day, "March 2026", "2026", and "Date unknown".
public enum HistoryDate {
    static let months = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
                         "October", "November", "December"]

    static let utc = TimeZone(secondsFromGMT: 0)!

    public static func text(_ timestamp: Timestamp?, precision: DatePrecision, timeZone name: String?) -> String {
        guard let date = timestamp?.date else { return "Date unknown" }
        let zone = name.flatMap(TimeZone.init(identifier:)) ?? utc
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        let year = parts.year ?? 0, month = months[((parts.month ?? 1) - 1) % 12], day = parts.day ?? 1
        switch precision {
        case .instant:
            let time = String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
            return "\(day) \(month) \(year), \(time) (\(zone == utc ? "UTC" : zone.identifier))"
        case .day: return "\(day) \(month) \(year)"
        case .month: return "\(month) \(year)"
        case .year: return "\(year)"
        case .unknownTime, .unknown: return "Date unknown"
        }
    }

    public static func text(of interaction: Interaction) -> String {
        text(interaction.occurredAt, precision: interaction.precision, timeZone: interaction.sourceTimezone)
    }
}
