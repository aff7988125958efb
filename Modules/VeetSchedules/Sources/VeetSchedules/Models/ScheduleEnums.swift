import VeetTransport

/// UPPERCASE on the wire; unknown states keep their raw text so they still render.
public enum ScheduleState: LenientEnum {
    case active, paused, completed, cancelled
    case unknown(String)
    public static let knownValues: [ScheduleState] = [.active, .paused, .completed, .cancelled]
    public var rawValue: String {
        switch self {
        case .active: "ACTIVE"
        case .paused: "PAUSED"
        case .completed: "COMPLETED"
        case .cancelled: "CANCELLED"
        case .unknown(let raw): raw
        }
    }

    /// `COMPLETED` and `CANCELLED` are final.
    public var isFinal: Bool { self == .completed || self == .cancelled }
}

public enum CadenceKind: LenientEnum {
    case once, daily, weekly, monthly, yearly
    case unknown(String)
    public static let knownValues: [CadenceKind] = [.once, .daily, .weekly, .monthly, .yearly]
    public var rawValue: String {
        switch self {
        case .once: "ONCE"
        case .daily: "DAILY"
        case .weekly: "WEEKLY"
        case .monthly: "MONTHLY"
        case .yearly: "YEARLY"
        case .unknown(let raw): raw
        }
    }
}

/// What became of one firing (schedules.md §6).
public enum OccurrenceDisposition: LenientEnum {
    case materialized, missed, skippedOverlap, authorizationFailed, configurationFailed
    case unknown(String)
    public static let knownValues: [OccurrenceDisposition] = [
        .materialized, .missed, .skippedOverlap, .authorizationFailed, .configurationFailed,
    ]
    public var rawValue: String {
        switch self {
        case .materialized: "MATERIALIZED"
        case .missed: "MISSED"
        case .skippedOverlap: "SKIPPED_OVERLAP"
        case .authorizationFailed: "AUTHORIZATION_FAILED"
        case .configurationFailed: "CONFIGURATION_FAILED"
        case .unknown(let raw): raw
        }
    }
}
