import VeetTransport

/// UPPERCASE on the wire; unknown states keep their raw text so they still render.
public enum ScheduleState: LenientEnum {
    case active, paused, completed, cancelled
    case unknown(String)
    public static let wireNames: [(ScheduleState, String)] = [
        (.active, "ACTIVE"), (.paused, "PAUSED"), (.completed, "COMPLETED"), (.cancelled, "CANCELLED"),
    ]
    public var unknownValue: String? { if case .unknown(let raw) = self { raw } else { nil } }

    /// `COMPLETED` and `CANCELLED` are final.
    public var isFinal: Bool { self == .completed || self == .cancelled }
}

public enum CadenceKind: LenientEnum {
    case once, daily, weekly, monthly, yearly
    case unknown(String)
    public static let wireNames: [(CadenceKind, String)] = [
        (.once, "ONCE"), (.daily, "DAILY"), (.weekly, "WEEKLY"), (.monthly, "MONTHLY"), (.yearly, "YEARLY"),
    ]
    public var unknownValue: String? { if case .unknown(let raw) = self { raw } else { nil } }
}

/// What became of one firing (docs/wire/schedules.md §6).
public enum OccurrenceDisposition: LenientEnum {
    case materialized, missed, skippedOverlap, authorizationFailed, configurationFailed
    case unknown(String)
    public static let wireNames: [(OccurrenceDisposition, String)] = [
        (.materialized, "MATERIALIZED"), (.missed, "MISSED"), (.skippedOverlap, "SKIPPED_OVERLAP"),
        (.authorizationFailed, "AUTHORIZATION_FAILED"), (.configurationFailed, "CONFIGURATION_FAILED"),
    ]
    public var unknownValue: String? { if case .unknown(let raw) = self { raw } else { nil } }
}
