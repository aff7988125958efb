import Foundation
import VeetTransport

/// The next instants a cadence fires, computed locally to show "next runs".
/// The server's `next_fire_at` stays the authority for the very next one.
public enum FireTimes {
    /// The next runs to show for a schedule: none unless it is active; the
    /// server's `next_fire_at` first (it is the authority for that one), then
    /// the cadence's own instants after it, `count` in all.
    public static func upcoming(_ record: ScheduleRecord, now: Date, count: Int = 3) -> [Date] {
        guard record.schedule.state == .active, count > 0 else { return [] }
        let planned = record.schedule.nextFireAt?.date
        let computed = next(record.revision.definition.cadence, after: planned ?? now,
                            count: planned == nil ? count : count - 1)
        return (planned.map { [$0] } ?? []) + computed
    }

    /// Up to `count` instants strictly after `date`; empty for unknown kinds or bad fields.
    public static func next(_ cadence: Cadence, after date: Date, count: Int = 3) -> [Date] {
        guard count > 0 else { return [] }
        if cadence.kind == .once {
            guard let at = cadence.at?.date, at > date else { return [] }
            return [at]
        }
        guard let zoneName = cadence.timezone, let zone = TimeZone(identifier: zoneName),
              let time = cadence.localTime.flatMap(parseTime) else { return [] }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let matches: (DateComponents, Date) -> Bool
        switch cadence.kind {
        case .daily:
            matches = { _, _ in true }
        case .weekly:
            let days = Set(cadence.weekdays ?? [])
            // Calendar weekday: 1 = Sunday … 7 = Saturday; ISO: 1 = Monday … 7 = Sunday.
            matches = { parts, _ in days.contains(((parts.weekday ?? 1) + 5) % 7 + 1) }
        case .monthly:
            let days = Set(cadence.daysOfMonth ?? [])
            let last = cadence.lastDay == true
            matches = { parts, day in
                if days.contains(parts.day ?? 0) { return true }
                guard last, let range = calendar.range(of: .day, in: .month, for: day) else { return false }
                return parts.day == range.upperBound - 1
            }
        case .yearly:
            let dates = Set((cadence.dates ?? []).map { $0.month * 100 + $0.day })
            matches = { parts, _ in dates.contains((parts.month ?? 0) * 100 + (parts.day ?? 0)) }
        default:
            return []
        }
        var results: [Date] = []
        var day = calendar.startOfDay(for: date)
        // Eight years covers a 29 February and leap-year gaps.
        for _ in 0..<(366 * 8) where results.count < count {
            let parts = calendar.dateComponents([.year, .month, .day, .weekday], from: day)
            if matches(parts, day) {
                var fire = DateComponents(year: parts.year, month: parts.month, day: parts.day,
                                          hour: time.hour, minute: time.minute, second: time.second)
                fire.timeZone = zone
                if let instant = calendar.date(from: fire), instant > date { results.append(instant) }
            }
            guard let next = calendar.date(byAdding: .day, value: 1, to: day) else { break }
            day = next
        }
        return results
    }

    static func parseTime(_ text: String) -> (hour: Int, minute: Int, second: Int)? {
        let parts = text.split(separator: ":").map { Int($0) }
        guard parts.count >= 2, parts.allSatisfy({ $0 != nil }) else { return nil }
        return (parts[0]!, parts[1]!, parts.count > 2 ? parts[2]! : 0)
    }
}
