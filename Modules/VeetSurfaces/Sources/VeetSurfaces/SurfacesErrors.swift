import Foundation
import VeetTransport

/// A surface route's refusal, in the feature's words (docs/wire/surfaces.md §9), read
/// from `details.reason`. Other answers (sign-in, a missing scope, a fault) stay `APIError`.
public enum SurfacesError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The server has no surface routes (404/405 on the family).
    case notOffered(APIError)
    case surfaceNotFound(id: String, APIError)
    case pairingNotFound(id: String, APIError)
    /// A granted scope is one this token does not hold itself (`surface.scope_ceiling`).
    case scopeCeiling(APIError)
    /// The mint's key was used before (`surface.pairing_code_already_issued`): mint again.
    case codeAlreadyIssued(APIError)
    /// Delete asked of a pairing still active (`surface.pairing_active`): revoke first.
    case pairingActive(APIError)
    /// An id that is not a UUID; nothing was sent.
    case invalidID(String, what: String)
    /// A pairing request the server would refuse; nothing was sent.
    case invalidRequest(String)

    public var description: String {
        switch self {
        case .notOffered: SurfaceWords.notOffered
        case .surfaceNotFound(let id, _): "No messaging surface \(id) on this server."
        case .pairingNotFound(let id, _): "No pairing \(id) on this server."
        case .scopeCeiling: "A pairing can only grant scopes this token holds itself. No code was made."
        case .codeAlreadyIssued: "That request was already used for a code, which is not shown again. Ask for a new code."
        case .pairingActive: "The pairing is still active: revoke it first, then delete it. Nothing was deleted."
        case .invalidID(let text, let what): "\"\(text)\" is not a \(what) id (ids look like 0198e5a0-3c11-7d42-8e6f-1a2b3c4d5e6f)."
        case .invalidRequest(let words): words + " No code was made."
        }
    }

    /// The server's answer, when there was one.
    public var answer: APIError? {
        switch self {
        case .notOffered(let a), .surfaceNotFound(_, let a), .pairingNotFound(_, let a), .scopeCeiling(let a),
             .codeAlreadyIssued(let a), .pairingActive(let a): a
        case .invalidID, .invalidRequest: nil
        }
    }
}

/// What both faces say about surfaces, said once.
public enum SurfaceWords {
    public static let notOffered = "This server does not offer messaging surfaces."
    public static let noneConfigured = "No messaging surface is configured on this server."
    public static let noPairings = "Nobody is paired with this surface."
    public static let shownOnce = "The code is shown only this once and is not kept anywhere."
    public static let revokeQuestion = "Revoke this pairing? The sender's next message will be refused."
    public static let deleteQuestion = "Delete this revoked pairing from the list?"
    public static let afterPairing = "After pairing, list the pairings again to see the new sender."

    /// `expires in 9 min 30 s` / `expired`.
    public static func expiry(of code: PairingCode, now: Date) -> String {
        guard let date = code.expiresAt.date else { return "expiry unknown (\(code.expiresAt.text))" }
        let seconds = Int(date.timeIntervalSince(now).rounded(.down))
        guard seconds > 0 else { return "expired" }
        return seconds >= 60 ? "expires in \(seconds / 60) min \(seconds % 60) s" : "expires in \(seconds) s"
    }
}
