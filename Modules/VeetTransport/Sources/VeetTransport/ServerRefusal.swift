/// What a server's refusal means, in the words every feature shares. This is
/// the one place a refusal's HTTP status is read: features classify through it
/// and throw their own typed errors; apps and faces switch on the meaning
/// (an exit code, a page) and never on a number.
public enum ServerRefusal: Sendable, Hashable {
    /// 401: the token was not accepted; sign in again.
    case signInAgain
    /// 403: this token may not do that (a scope is missing).
    case notAllowed
    /// 402: the account's budget is spent.
    case budgetExhausted
    /// 404: the thing asked for does not exist (or is not the owner's).
    case notFound
    /// 405: the route exists but not this method (a family or write not offered).
    case methodNotOffered
    /// 409 with `active_run_exists`: another run of the conversation is going.
    case runInProgress
    /// 409 otherwise: it changed elsewhere (on another device) meanwhile.
    case changedElsewhere
    /// 413: too large.
    case tooLarge
    /// 429: too many requests for now.
    case slowDown
    /// 400 and 422: the request was refused as invalid.
    case invalid
    /// 5xx: the server failed.
    case serverFailed
    /// Any other status.
    case other

    public init(_ answer: APIError) {
        self.init(status: answer.status, reason: answer.reason)
    }

    /// The meaning of a status heard without its whole answer (an outbox entry keeps only that).
    public init(status: Int, reason: String? = nil) {
        switch status {
        case 401: self = .signInAgain
        case 402: self = .budgetExhausted
        case 403: self = .notAllowed
        case 404: self = .notFound
        case 405: self = .methodNotOffered
        case 409: self = reason == "active_run_exists" ? .runInProgress : .changedElsewhere
        case 413: self = .tooLarge
        case 429: self = .slowDown
        case 400, 422: self = .invalid
        case 500...: self = .serverFailed
        default: self = .other
        }
    }

    /// The server's words for a request its web framework could not route (a 400 on some servers).
    public static let unsupportedRequestText = "The HTTP request is not supported."

    /// The one "this server does not offer it" rule: a 404 or 405 on a family's route, and, where
    /// `badRequestToo` (routes whose framework answers an unknown method with 400), a 400 too;
    /// `frameworkBadRequest` admits only the framework's own 400 text.
    public static func meansNotOffered(_ error: any Error, badRequest: BadRequestRule = .never) -> Bool {
        guard let answer = error as? APIError else { return false }
        switch answer.status {
        case 404, 405: return true
        case 400:
            switch badRequest {
            case .never: return false
            case .any: return true
            case .frameworkText: return answer.message == unsupportedRequestText
            }
        default: return false
        }
    }

    /// Whether a 400 also means "not offered" on a family's routes.
    public enum BadRequestRule: Sendable {
        case never
        /// Any 400 (routes that take no body on their read).
        case any
        /// Only a 400 carrying the framework's own text.
        case frameworkText
    }
}

extension APIError {
    /// What this refusal means (`ServerRefusal`).
    public var refusal: ServerRefusal { ServerRefusal(self) }
}

/// An error a feature throws that stands for a server's answer: apps read the
/// meaning and the answer (for `--json`'s status, code and request id) from it.
public protocol ServerAnswered: Error, Sendable {
    var answer: APIError { get }
}

extension ServerAnswered {
    public var refusal: ServerRefusal { answer.refusal }
}
