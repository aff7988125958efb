import Foundation
import VeetTransport

/// Reads a cadence typed by a person: `daily 08:00`, `weekly mon,wed,fri 08:00`,
/// `monthly 1,15,last 09:30`, `yearly 02-14 07:00`, `once 2026-09-21T13:00:00Z`.
public enum CadenceInput {
    public struct Problem: Error, Sendable, Hashable, CustomStringConvertible {
        public var description: String
    }

    static let weekdays = ["mon": 1, "tue": 2, "wed": 3, "thu": 4, "fri": 5, "sat": 6, "sun": 7]

    public static func parse(_ text: String, timezone: String) throws(Problem) -> Cadence {
        let words = text.lowercased().split(whereSeparator: \.isWhitespace).map(String.init)
        guard let kind = words.first else { throw Problem(description: "The cadence is empty.") }
        if kind == "once" {
            guard words.count == 2 else { throw Problem(description: "Write `once 2026-09-21T13:00:00Z`.") }
            return .once(at: Timestamp(text.split(whereSeparator: \.isWhitespace)[1].uppercased()))
        }
        guard let last = words.last, words.count >= 2, let time = localTime(last) else {
            throw Problem(description: "End the cadence with a time such as 08:00.")
        }
        let selectors = words.count == 3 ? words[1].split(separator: ",").map(String.init) : []
        switch (kind, words.count) {
        case ("daily", 2):
            return .daily(at: time, timezone: timezone)
        case ("weekly", 3):
            let days = selectors.compactMap { weekdays[String($0.prefix(3))] }
            guard days.count == selectors.count, !days.isEmpty else {
                throw Problem(description: "Name weekdays as mon,tue,wed,thu,fri,sat,sun.")
            }
            return .weekly(on: days, at: time, timezone: timezone)
        case ("monthly", 3):
            let days = selectors.compactMap { Int($0) }.filter { (1...31).contains($0) }
            let lastDay = selectors.contains("last")
            guard days.count + (lastDay ? 1 : 0) == selectors.count else {
                throw Problem(description: "Name days of the month as 1-31 or `last`.")
            }
            return Cadence(kind: .monthly, localTime: time, timezone: timezone, daysOfMonth: days, lastDay: lastDay)
        case ("yearly", 3):
            let dates = selectors.compactMap { pair -> Cadence.MonthDay? in
                let parts = pair.split(separator: "-").compactMap { Int($0) }
                return parts.count == 2 ? Cadence.MonthDay(month: parts[0], day: parts[1]) : nil
            }
            guard dates.count == selectors.count, !dates.isEmpty else {
                throw Problem(description: "Name dates as MM-DD, such as 02-14.")
            }
            return Cadence(kind: .yearly, localTime: time, timezone: timezone, dates: dates)
        default:
            throw Problem(description: "Start the cadence with once, daily, weekly, monthly or yearly.")
        }
    }

    /// What a person would type for `cadence`, so an edit form opens on words
    /// `parse` reads back to the same cadence; nil for a kind it cannot write.
    public static func words(for cadence: Cadence) -> String? {
        let time = cadence.localTime.map(CadenceText.shortTime) ?? ""
        switch cadence.kind {
        case .once:
            return cadence.at.map { "once \($0.text)" }
        case .daily:
            return "daily \(time)"
        case .weekly:
            let byNumber = Dictionary(uniqueKeysWithValues: weekdays.map { ($0.value, $0.key) })
            let days = (cadence.weekdays ?? []).compactMap { byNumber[$0] }
            return days.isEmpty ? nil : "weekly \(days.joined(separator: ",")) \(time)"
        case .monthly:
            let days = (cadence.daysOfMonth ?? []).map(String.init) + (cadence.lastDay == true ? ["last"] : [])
            return days.isEmpty ? nil : "monthly \(days.joined(separator: ",")) \(time)"
        case .yearly:
            let dates = (cadence.dates ?? []).map { String(format: "%02d-%02d", $0.month, $0.day) }
            return dates.isEmpty ? nil : "yearly \(dates.joined(separator: ",")) \(time)"
        case .unknown:
            return nil
        }
    }

    /// `8:00`, `08:00` or `08:00:00` → `08:00:00`.
    static func localTime(_ text: String) -> String? {
        let parts = text.split(separator: ":").map { Int($0) }
        guard (2...3).contains(parts.count), let hour = parts[0], let minute = parts[1],
              (0...23).contains(hour), (0...59).contains(minute) else { return nil }
        let second = parts.count == 3 ? parts[2] : 0
        guard let second, (0...59).contains(second) else { return nil }
        return String(format: "%02d:%02d:%02d", hour, minute, second)
    }
}
