import Foundation
import VeetTransport

/// A cadence in words ("Every Monday and Friday at 08:00 (Europe/Paris)").
public enum CadenceText {
    static let weekdayNames = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
    static let monthNames = ["January", "February", "March", "April", "May", "June", "July", "August",
                             "September", "October", "November", "December"]

    public static func describe(_ cadence: Cadence) -> String {
        let time = cadence.localTime.map(shortTime) ?? "?"
        let zone = cadence.timezone.map { " (\($0))" } ?? ""
        switch cadence.kind {
        case .once:
            return "Once, at \(cadence.at?.text ?? "an unknown time")"
        case .daily:
            return "Every day at \(time)\(zone)"
        case .weekly:
            let days = (cadence.weekdays ?? []).sorted().compactMap { (1...7).contains($0) ? weekdayNames[$0 - 1] : nil }
            if days.count == 7 { return "Every day at \(time)\(zone)" }
            if days == Array(weekdayNames.prefix(5)) { return "Every weekday at \(time)\(zone)" }
            return "Every \(list(days)) at \(time)\(zone)"
        case .monthly:
            var parts = (cadence.daysOfMonth ?? []).sorted().map(ordinal)
            if cadence.lastDay == true { parts.append("the last day") }
            return "Monthly on \(parts.isEmpty ? "no day" : list(parts)) at \(time)\(zone)"
        case .yearly:
            let dates = (cadence.dates ?? []).map { date in
                (1...12).contains(date.month) ? "\(date.day) \(monthNames[date.month - 1])" : "\(date.month)/\(date.day)"
            }
            return "Every year on \(list(dates)) at \(time)\(zone)"
        case .unknown(let raw):
            return "\(raw.isEmpty ? "Custom" : raw.capitalized) cadence: \(cadence.raw.compactText)"
        }
    }

    /// `08:00:00` → `08:00`; seconds are kept when they matter.
    static func shortTime(_ text: String) -> String {
        text.hasSuffix(":00") && text.count == 8 ? String(text.prefix(5)) : text
    }

    static func ordinal(_ n: Int) -> String {
        let suffix = (11...13).contains(n % 100) ? "th" : [1: "st", 2: "nd", 3: "rd"][n % 10] ?? "th"
        return "\(n)\(suffix)"
    }

    static func list(_ items: [String]) -> String {
        switch items.count {
        case 0: ""
        case 1: items[0]
        default: items.dropLast().joined(separator: ", ") + " and " + items[items.count - 1]
        }
    }
}
