import VeetTransport

/// A mutation sent a stale `expected_revision` (or asked for an impossible
/// transition): nothing changed. `current` is the record read back right
/// after, so the form can show what is there now.
public struct ScheduleConflict: Error, Sendable, Hashable, CustomStringConvertible {
    public var current: ScheduleRecord?
    public var underlying: APIError

    public var description: String {
        if let current {
            return "The schedule changed meanwhile (now revision \(current.schedule.currentRevision), "
                + "\(current.schedule.state.rawValue)); nothing was changed."
        }
        return "The schedule changed meanwhile; nothing was changed."
    }
}

/// `422 schedule_validation_error`, with its stable `details.reason` (`schedule.*`).
public struct ScheduleValidationError: Error, Sendable, Hashable, CustomStringConvertible {
    public var reason: String
    public var message: String
    public var underlying: APIError

    public var description: String { "\(message) (\(reason))" }

    static func from(_ error: APIError) -> ScheduleValidationError? {
        guard error.status == 422 else { return nil }
        return ScheduleValidationError(reason: error.reason ?? error.code.rawValue, message: error.message,
                                       underlying: error)
    }
}
