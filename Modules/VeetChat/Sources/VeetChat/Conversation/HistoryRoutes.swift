import Foundation
import VeetTransport

/// Whether an answer means the server lacks a route rather than a resource:
/// the web framework's own texts for an unmatched path (`404` "The requested
/// resource was not found.") and an unsupported method (`400 malformed_request`
/// "The HTTP request is not supported.", or any `405`), as docs/wire/README.md §6.4
/// fixes them byte for byte. A resource-level `404` (a deleted conversation)
/// carries a route-specific message and is not a missing route.
public enum HistoryRoutes {
    public static let unmatchedPathMessage = "The requested resource was not found."
    public static let unsupportedMethodMessage = "The HTTP request is not supported."

    /// True when a history route (the session list, a session's read or delete)
    /// answered as missing: the server predates it and must be updated.
    public static func meansRouteUnavailable(_ error: any Error) -> Bool {
        guard let api = error as? APIError else { return false }
        switch api.status {
        case 405: return true
        case 404: return api.message == unmatchedPathMessage
        case 400: return api.code == .malformedRequest && api.message == unsupportedMethodMessage
        default: return false
        }
    }

    /// A read answered that the conversation itself is gone (a `404` on an existing route).
    public static func meansConversationDeleted(_ error: any Error) -> Bool {
        guard let api = error as? APIError, api.status == 404 else { return false }
        return !meansRouteUnavailable(api)
    }
}
