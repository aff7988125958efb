import Foundation
import VeetTransport

/// What a People failure means to the owner, from the answer the server gave.
/// Apps show `description`; the underlying `APIError`, when there is one, keeps
/// the code and request id for support.
public enum PeopleError: Error, Sendable, Hashable, CustomStringConvertible {
    /// 404/405 on the directory: the server's People flag is off (docs/wire/people.md §1).
    case unavailable
    /// The route of one part answered 404/405 (or 400) while People itself is there: only that
    /// part's controls hide; the rest of People keeps working.
    case partUnavailable(PeoplePart)
    /// 403 on a read: the token lacks `people.read`.
    case readDenied(APIError)
    /// 403 on a write: the token lacks `people.write`; the writes are hidden.
    case writesDenied(APIError)
    /// 409 on a write: the record changed on another device.
    case stale(APIError)
    /// The preview's `expires_at` passed before it was applied; nothing was changed.
    case previewExpired(operationID: String)
    /// An operation did not complete while it was polled.
    case stillRunning(operationID: String)
    /// A write was attempted before an audit session was opened (docs/wire/people.md §1).
    case noAuditSession

    public var description: String {
        switch self {
        case .unavailable: return "People is not enabled on this server."
        case .partUnavailable(let part): return "This server does not offer \(part.noun); the rest of People works."
        case .readDenied(let error):
            return "This token may not read People (it lacks the people.read scope). \(error.reference)"
        case .writesDenied(let error):
            return "This token may read People but not change it (it lacks the people.write scope); "
                + "nothing was changed. \(error.reference)"
        case .stale(let error):
            return "This changed on another device meanwhile; nothing was changed. Read it again and retry. "
                + error.reference
        case .previewExpired:
            return "The preview expired before it was applied; nothing was changed. Preview it again."
        case .stillRunning(let id):
            return "The server is still working on operation \(id); check it again later."
        case .noAuditSession:
            return "No People audit session is open, so nothing was sent; open one first."
        }
    }

    /// The People meaning of `error` for a read (`isWrite` false) or a write; nil when it has none.
    public static func from(_ error: any Error, isWrite: Bool) -> PeopleError? {
        if let meaning = error as? PeopleError { return meaning }
        guard let api = error as? APIError else { return nil }
        switch api.status {
        case 403: return isWrite ? .writesDenied(api) : .readDenied(api)
        case 405: return .unavailable
        case 404 where api.message == "The requested resource was not found.": return .unavailable
        case 409 where isWrite && !api.isIdempotencyKeyReused: return .stale(api)
        default: return nil
        }
    }
}

/// A part of People that a server may lack while it serves the directory (docs/wire/people.md §2:
/// newer routes; an older server answers them `404`/`405`, or `400` where the path reads
/// as a person id).
public enum PeoplePart: String, Sendable, Hashable, CaseIterable {
    /// History imports (docs/wire/people.md §10).
    case imports

    /// How the owner would name it, in a sentence.
    public var noun: String {
        switch self {
        case .imports: "history imports"
        }
    }

    /// The answers on this part's route that mean the route is not there: the framework's
    /// 404 (an unknown import id answers a 404 of its own words), 405, and, for a GET of a
    /// path an older server reads as `/v1/people/{person_id}`, 400.
    static func meansMissing(_ error: any Error, readsAsPersonID: Bool) -> Bool {
        guard let api = error as? APIError else { return false }
        return api.status == 405 || (api.status == 404 && api.message == "The requested resource was not found.")
            || (api.status == 400 && readsAsPersonID)
    }
}

/// Whether the People writes are shown (docs/wire/people.md §1: `403` ⇒ denied). Once a
/// write is refused for a missing scope, every write control hides and the
/// reason is shown in their place, until the connection changes.
public struct PeopleWriteAccess: Sendable, Hashable {
    public private(set) var deniedReason: String?

    public init(deniedReason: String? = nil) {
        self.deniedReason = deniedReason
    }

    public var showsWrites: Bool { deniedReason == nil }

    /// The access after a write failed with `error`.
    public func after(_ error: any Error) -> PeopleWriteAccess {
        guard case .writesDenied? = PeopleError.from(error, isWrite: true) else { return self }
        return PeopleWriteAccess(deniedReason: "This token may read People but not change it (missing people.write).")
    }
}

/// A person's edit refused because the person changed elsewhere (on another
/// device) meanwhile: nothing was changed. `current` is the person as the
/// server holds them now, read again just after (nil when that read failed).
public struct PersonChangedElsewhere: ServerAnswered, CustomStringConvertible {
    public let answer: APIError
    public let current: PersonProfile?

    public init(answer: APIError, current: PersonProfile?) {
        self.answer = answer
        self.current = current
    }

    public var description: String {
        "This person changed on another device meanwhile; nothing was changed. \(answer.reference)"
    }
}
