import Foundation
import VeetTransport

/// A refused folder name, shown next to the form's name field rather than as
/// a global error: a duplicate (`folder_name_taken`) or a name the server's
/// rules reject (`400 malformed_request`).
public struct FolderNameError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Reason: Sendable, Hashable {
        case taken
        case invalid
        case limitReached
    }
    public var reason: Reason
    /// The server's message, for the form.
    public var message: String

    public init(reason: Reason, message: String) {
        self.reason = reason
        self.message = message
    }

    public var description: String { message }

    /// The field error hidden in `error`, if it is one; other failures stay global.
    public static func from(_ error: any Error) -> FolderNameError? {
        guard let api = error as? APIError else { return nil }
        switch (api.status, api.reason ?? api.details["code"]?.stringValue) {
        case (409, "folder_name_taken"?):
            return FolderNameError(reason: .taken, message: "A folder with this name already exists.")
        case (409, "folder_limit"?):
            return FolderNameError(reason: .limitReached, message: "You already have the most folders allowed.")
        case (400, _), (422, _):
            return FolderNameError(reason: .invalid, message: api.message.isEmpty ? "This name cannot be used." : api.message)
        default:
            return nil
        }
    }
}

/// Client-side refusals that never reach the server.
public enum FolderRuleError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Scheduled sessions never enter a folder.
    case scheduledSession(String)
    /// The server does not offer folders; no folder request is made.
    case unavailable

    public var description: String {
        switch self {
        case .scheduledSession: "Scheduled sessions cannot be filed in a folder."
        case .unavailable: "This server does not offer folders."
        }
    }
}

/// A `409` whose `details.reason` docs/wire/sessions-runs.md §9 lists (other than the
/// name reasons, which are `FolderNameError`), in its own words.
public struct FolderConflict: Error, Sendable, Hashable, CustomStringConvertible {
    public var reason: String
    public var underlying: APIError

    public static let words: [String: String] = [
        "proposal_resolved": "This suggestion was already declined or withdrawn; nothing was changed.",
        "proposal_stale": "This suggestion no longer applies (its conversations or folder are gone) and was withdrawn; "
            + "nothing was changed.",
        "session_not_chat": "Only chat conversations can be filed in a folder (this one belongs to a schedule or a "
            + "delegation); nothing was changed.",
    ]

    public var description: String { Self.words[reason] ?? underlying.description }

    /// The conflict hidden in `error`, if its reason is one of `words`.
    public static func from(_ error: any Error) -> FolderConflict? {
        guard let api = error as? APIError, api.status == 409, let reason = api.reason, words[reason] != nil else {
            return nil
        }
        return FolderConflict(reason: reason, underlying: api)
    }
}
