import Foundation
import VeetTransport

/// What a subscriptions failure means to the owner. Apps show `description`;
/// the underlying `APIError`, when there is one, keeps the code and request id.
public enum SubscriptionsError: Error, Sendable, Hashable, CustomStringConvertible {
    /// 404/405 on the census: Email or unsubscribe assistance is off on this server.
    case unavailable
    /// 403 on a read: the token lacks `email.read`.
    case readDenied(APIError)
    /// 403 on a command: the token lacks the authority it needs.
    case writeDenied(APIError)
    /// 409: the row changed meanwhile (a new revision, new evidence, or another state).
    case stale(APIError)
    /// Not a 64-character hex subscription id.
    case notAnID(String)
    /// No such row in the census.
    case notFound(String)
    /// Refused here before any request: the sentence says why.
    case refused(String)

    public var description: String {
        switch self {
        case .unavailable: return "This server does not offer unsubscribe assistance (Email or the feature is off)."
        case .readDenied(let error):
            return "This token may not read mail (it lacks the email.read scope). \(error.reference)"
        case .writeDenied(let error):
            return "This token may not do that: it lacks email.write or the account's mail authority; nothing was "
                + "changed. \(error.reference)"
        case .stale(let error):
            return "This sender changed meanwhile (new mail, new evidence, or another decision); nothing was sent. "
                + "Read the list again and retry. \(error.reference)"
        case .notAnID(let text): return "\(text) is not a subscription id (64 lowercase hex characters)."
        case .notFound(let id): return "No subscription \(id) is listed (it may belong to another account or be gone)."
        case .refused(let why): return why + " Nothing was sent."
        }
    }

    static let commandMissingWords = "This server does not offer that command for subscriptions."

    /// The meaning of `error` for a read (`isWrite` false) or a command; nil when it has none.
    public static func from(_ error: any Error, isWrite: Bool) -> SubscriptionsError? {
        if let known = error as? SubscriptionsError { return known }
        guard let api = error as? APIError else { return nil }
        switch api.status {
        case 403: return isWrite ? .writeDenied(api) : .readDenied(api)
        case 404 where !isWrite, 405 where !isWrite: return .unavailable
        // A command's route missing says so of that command only: the census still works.
        case 405: return .refused(Self.commandMissingWords)
        case 409 where !api.isIdempotencyKeyReused: return .stale(api)
        default: return nil
        }
    }
}
