import Foundation
import VeetTransport

/// A schedule's cadence (docs/wire/schedules.md §4, `kind` discriminator). Known kinds
/// are read into fields; the raw object is kept so an unknown kind still
/// renders and is sent back unchanged.
public struct Cadence: Codable, Sendable, Hashable {
    public struct MonthDay: Codable, Sendable, Hashable {
        public var month: Int
        public var day: Int
        public init(month: Int, day: Int) {
            self.month = month
            self.day = day
        }
    }

    public var kind: CadenceKind
    /// `ONCE`: the instant, UTC.
    public var at: Timestamp?
    /// `HH:MM:SS` in `timezone`.
    public var localTime: String?
    public var timezone: String?
    /// ISO weekdays, 1 = Monday … 7 = Sunday.
    public var weekdays: [Int]?
    public var daysOfMonth: [Int]?
    public var lastDay: Bool?
    public var dates: [MonthDay]?
    /// The object as received (empty for a cadence built here).
    public var raw: JSONValue

    public init(kind: CadenceKind, at: Timestamp? = nil, localTime: String? = nil, timezone: String? = nil,
                weekdays: [Int]? = nil, daysOfMonth: [Int]? = nil, lastDay: Bool? = nil, dates: [MonthDay]? = nil) {
        self.kind = kind
        self.at = at
        self.localTime = localTime
        self.timezone = timezone
        self.weekdays = weekdays
        self.daysOfMonth = daysOfMonth
        self.lastDay = lastDay
        self.dates = dates
        self.raw = .object([:])
    }

    public static func once(at instant: Timestamp) -> Cadence { Cadence(kind: .once, at: instant) }
    public static func daily(at localTime: String, timezone: String) -> Cadence {
        Cadence(kind: .daily, localTime: localTime, timezone: timezone)
    }
    public static func weekly(on weekdays: [Int], at localTime: String, timezone: String) -> Cadence {
        Cadence(kind: .weekly, localTime: localTime, timezone: timezone, weekdays: weekdays)
    }

    enum CodingKeys: String, CodingKey {
        case kind, at, timezone, weekdays, dates
        case localTime = "local_time"
        case daysOfMonth = "days_of_month"
        case lastDay = "last_day"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        kind = try c.decodeIfPresent(CadenceKind.self, forKey: .kind) ?? .unknown("")
        at = try? c.decodeIfPresent(Timestamp.self, forKey: .at)
        localTime = try? c.decodeIfPresent(String.self, forKey: .localTime)
        timezone = try? c.decodeIfPresent(String.self, forKey: .timezone)
        weekdays = try? c.decodeIfPresent([Int].self, forKey: .weekdays)
        daysOfMonth = try? c.decodeIfPresent([Int].self, forKey: .daysOfMonth)
        lastDay = try? c.decodeIfPresent(Bool.self, forKey: .lastDay)
        dates = try? c.decodeIfPresent([MonthDay].self, forKey: .dates)
        raw = (try? JSONValue(from: decoder)) ?? .object([:])
    }

    public func encode(to encoder: Encoder) throws {
        if !kind.isKnown, case .object(let fields) = raw, !fields.isEmpty {
            try raw.encode(to: encoder)
            return
        }
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(kind, forKey: .kind)
        try c.encodeIfPresent(at, forKey: .at)
        try c.encodeIfPresent(localTime, forKey: .localTime)
        try c.encodeIfPresent(timezone, forKey: .timezone)
        try c.encodeIfPresent(weekdays, forKey: .weekdays)
        try c.encodeIfPresent(daysOfMonth, forKey: .daysOfMonth)
        try c.encodeIfPresent(lastDay, forKey: .lastDay)
        try c.encodeIfPresent(dates, forKey: .dates)
    }
}
