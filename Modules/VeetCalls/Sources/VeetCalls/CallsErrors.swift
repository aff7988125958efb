import Foundation
import VeetTransport

/// A call route's refusal, in the feature's words (docs/wire/calls.md §8). Other answers
/// (sign-in, a missing scope, a server fault) stay `APIError`.
public enum CallsError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The server has no call routes (404/405 on the family; the list is the probe).
    case notOffered(APIError)
    /// No such call for this owner.
    case notFound(id: String, APIError)
    /// Erase asked of a call still in progress (`409`): stop it or wait, then try again.
    case stillInProgress(id: String, APIError)
    /// The id given is not a call id (a UUID); nothing was sent.
    case invalidID(String)

    public var description: String {
        switch self {
        case .notOffered: CallWords.notOffered
        case .notFound(let id, _): "No call \(id) on this server."
        case .stillInProgress: CallWords.stillInProgress
        case .invalidID(let text): "\"\(text)\" is not a call id (call ids look like 5f0c2a9e-8d41-4b7a-9e36-2c1d7f4a8b90)."
        }
    }

    /// The server's answer, when there was one.
    public var answer: APIError? {
        switch self {
        case .notOffered(let answer), .notFound(_, let answer), .stillInProgress(_, let answer): answer
        case .invalidID: nil
        }
    }
}

/// Call ids are UUIDs, sent in lowercase hyphenated form.
public enum CallID {
    public static func parse(_ text: String) throws(CallsError) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.count == 36, let uuid = UUID(uuidString: trimmed) else { throw .invalidID(text) }
        return uuid.uuidString.lowercased()
    }
}
