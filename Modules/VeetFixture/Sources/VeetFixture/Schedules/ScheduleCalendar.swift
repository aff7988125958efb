import Foundation

/// When a cadence fires next, worked out the way the server's scheduler
/// does: the local wall-clock time in the cadence's time zone on each day
/// the cadence names (docs/wire/schedules.md §4). Written here, not shared with the
/// client, so the two can be checked against each other.
enum ScheduleCalendar {
    /// The first firing strictly after `instant`, or nil (bad fields, an unknown kind, a past ONCE).
    static func nextFire(of cadence: JSON, after instant: Instant) -> Instant? {
        let after = Date(timeIntervalSince1970: Double(instant.microseconds) / 1_000_000)
        let kind = cadence["kind"]?.stringValue ?? ""
        if kind == "ONCE" {
            guard let text = cadence["at"]?.stringValue, let at = Instant(parsing: text), instant < at else { return nil }
            return at
        }
        guard let zone = cadence["timezone"]?.stringValue.flatMap(TimeZone.init(identifier:)),
              let clock = cadence["local_time"]?.stringValue.flatMap(wallClock) else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        guard let firesOn = dayRule(kind, cadence, calendar) else { return nil }
        var day = calendar.startOfDay(for: after)
        // Eight years reach every 29 February.
        for _ in 0..<(8 * 366) {
            let parts = calendar.dateComponents([.year, .month, .day, .weekday], from: day)
            if firesOn(parts, day) {
                var fire = DateComponents(year: parts.year, month: parts.month, day: parts.day,
                                          hour: clock.hour, minute: clock.minute, second: clock.second)
                fire.timeZone = zone
                if let date = calendar.date(from: fire), date > after {
                    return Instant(microseconds: Int64((date.timeIntervalSince1970 * 1_000_000).rounded()))
                }
            }
            guard let next = calendar.date(byAdding: .day, value: 1, to: day) else { return nil }
            day = next
        }
        return nil
    }

    private typealias DayRule = (DateComponents, Date) -> Bool

    private static func dayRule(_ kind: String, _ cadence: JSON, _ calendar: Calendar) -> DayRule? {
        switch kind {
        case "DAILY":
            return { _, _ in true }
        case "WEEKLY":
            // ISO weekdays (1 = Monday); Foundation counts 1 = Sunday.
            let iso = Set((cadence["weekdays"]?.arrayValue ?? []).compactMap(\.intValue))
            return { parts, _ in
                guard let weekday = parts.weekday else { return false }
                return iso.contains(Int64(weekday == 1 ? 7 : weekday - 1))
            }
        case "MONTHLY":
            let days = Set((cadence["days_of_month"]?.arrayValue ?? []).compactMap(\.intValue))
            let lastDay = cadence["last_day"] == .bool(true)
            return { parts, date in
                guard let day = parts.day else { return false }
                if days.contains(Int64(day)) { return true }
                return lastDay && calendar.range(of: .day, in: .month, for: date)?.count == day
            }
        case "YEARLY":
            let dates = (cadence["dates"]?.arrayValue ?? []).compactMap { item -> String? in
                guard let month = item["month"]?.intValue, let day = item["day"]?.intValue else { return nil }
                return "\(month)-\(day)"
            }
            return { parts, _ in dates.contains("\(parts.month ?? 0)-\(parts.day ?? 0)") }
        default:
            return nil
        }
    }

    private static func wallClock(_ text: String) -> (hour: Int, minute: Int, second: Int)? {
        let fields = text.split(separator: ":").compactMap { Int($0) }
        guard (2...3).contains(fields.count), fields.count == text.split(separator: ":").count else { return nil }
        return (fields[0], fields[1], fields.count == 3 ? fields[2] : 0)
    }
}
