import Foundation
import VeetTransport

/// A `409` whose `details.reason` the chat routes list
/// (docs/wire/README.md §6.3) and that no other type already words (`active_run_exists` is
/// followed, approval reasons are `ApprovalOutcome`s), in its own words.
public struct ChatConflict: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was refused, for the sentence.
    public enum Subject: String, Sendable, Hashable {
        case message, file
    }

    public var reason: String
    public var subject: Subject
    public var underlying: APIError

    /// Lower-case, without a full stop: the outbox and the attachment tray
    /// put it after "The server refused the message:" / "not accepted:".
    public var phrase: String {
        switch reason {
        case "idempotency_key_reused":
            "another \(subject.rawValue) already holds this \(subject.rawValue)'s idempotency key, so the server "
                + "will not take a second one under it (idempotency_key_reused)"
        default:
            underlying.description
        }
    }

    public var description: String { "The server refused the \(subject.rawValue): \(phrase). Nothing was sent." }

    /// The listed conflict hidden in `error`, if it is one.
    public static func from(_ error: any Error, subject: Subject) -> ChatConflict? {
        guard let api = error as? APIError, api.status == 409, let reason = api.reason,
              listed.contains(reason) else { return nil }
        return ChatConflict(reason: reason, subject: subject, underlying: api)
    }

    static let listed: Set<String> = ["idempotency_key_reused"]
}
