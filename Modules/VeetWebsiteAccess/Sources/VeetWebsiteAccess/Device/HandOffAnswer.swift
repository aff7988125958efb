import Foundation
import VeetTransport

/// The hand-off endpoint's answer (docs/wire/website-access.md §5), in the owner's
/// words. The ceremony's status, read after it, is the authority.
public enum HandOffAnswer: Sendable, Hashable, CustomStringConvertible {
    /// 200 `{"status": "ready"}`: verified and sealed.
    case sealed
    /// 401: the capability was missing, wrong, used, expired, or not a device one.
    case capabilityRefused
    /// 413: over 1 MiB.
    case tooLarge
    /// 400 `invalid_request`: the service could not read the body.
    case malformed
    /// 422 `session_empty`: nothing in the profile's scope.
    case sessionEmpty
    /// 422 `session_signed_out`: the page is still signed out.
    case sessionSignedOut
    /// 422 `session_unconfirmed`: the page looks the same without the session.
    case sessionUnconfirmed
    /// 409 `tool.browser.provider_unavailable`: verification could not run.
    case providerUnavailable
    /// 409 `tool.browser.profile_unavailable`: the profile was revoked meanwhile.
    case profileUnavailable
    /// Any other answer, kept with its status and error code.
    case unexpected(status: Int, code: String?)
    /// No answer arrived (the connection failed or timed out); the status read decides.
    case noAnswer

    public init(_ response: HTTPResponse) {
        let code = Self.errorCode(response.body)
        switch (response.status, code) {
        case (200, _) where Self.status(response.body) == "ready": self = .sealed
        case (401, _): self = .capabilityRefused
        case (413, _): self = .tooLarge
        case (400, _): self = .malformed
        case (422, "session_empty"): self = .sessionEmpty
        case (422, "session_signed_out"): self = .sessionSignedOut
        case (422, "session_unconfirmed"): self = .sessionUnconfirmed
        case (409, "tool.browser.provider_unavailable"): self = .providerUnavailable
        case (409, "tool.browser.profile_unavailable"): self = .profileUnavailable
        default: self = .unexpected(status: response.status, code: code)
        }
    }

    public var description: String {
        switch self {
        case .sealed: "The service verified the sign-in and sealed it."
        case .capabilityRefused: "The service refused the hand-off link (used, expired or wrong); start over to try again."
        case .tooLarge: "The service refused the sign-in as too large (over 1 MiB)."
        case .malformed: "The service could not read the hand-off (a fault on VeetKit's side); start over to try again."
        case .sessionEmpty: "The service found nothing of this website's sign-in in what the browser held."
        case .sessionSignedOut: "The service opened the website with this sign-in and it was still signed out."
        case .sessionUnconfirmed:
            "The service could not tell the sign-in apart: the website looks the same without it."
        case .providerUnavailable: "The service could not check the sign-in right now (no browser available); try again later."
        case .profileUnavailable: "This profile was revoked meanwhile, so the sign-in was not kept."
        case .unexpected(let status, let code):
            "The service answered \(status)\(code.map { " (\($0))" } ?? ""), which VeetKit does not know; the sign-in's status decides."
        case .noAnswer: "No answer came from the service; the sign-in's status decides."
        }
    }

    /// Refused for what the browser held: the remote ceremony, where the
    /// service's own browser signs in, may still work.
    public var offersRemote: Bool {
        [.tooLarge, .sessionEmpty, .sessionSignedOut, .sessionUnconfirmed].contains(self)
    }

    private static func object(_ body: Data) -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: body)) as? [String: Any]
    }

    private static func errorCode(_ body: Data) -> String? {
        (object(body)?["error"] as? [String: Any])?["code"] as? String
    }

    private static func status(_ body: Data) -> String? {
        object(body)?["status"] as? String
    }
}

/// How a device sign-in ended.
public enum DeviceSignInOutcome: Sendable, Hashable, CustomStringConvertible {
    /// The owner cancelled; the window was wiped and nothing was sent.
    case cancelledByOwner
    /// Nothing was sent: what the browser held could not be handed over. No ceremony was begun.
    case notSent(HandOffRefusal)
    /// Sent: the service's answer, then the ceremony as read after it (nil
    /// when that read failed), and what the builder left out.
    case answered(HandOffAnswer, ceremony: Ceremony?, leftOut: HandOffLeftOut)

    /// Only the ceremony's status says ready.
    public var isReady: Bool {
        if case .answered(_, let ceremony?, _) = self { return ceremony.status == .ready }
        return false
    }

    /// Refused as too large, empty, still signed out or unconfirmed: offer the remote ceremony.
    public var offersRemote: Bool {
        switch self {
        case .cancelledByOwner: false
        case .notSent(let refusal): refusal.offersRemote
        case .answered(let answer, _, _): !isReady && answer.offersRemote
        }
    }

    public var ceremony: Ceremony? {
        if case .answered(_, let ceremony, _) = self { return ceremony }
        return nil
    }

    public var description: String {
        switch self {
        case .cancelledByOwner: "Cancelled; the browser window's data was wiped and nothing was sent."
        case .notSent(let refusal): refusal.description
        case .answered(let answer, let ceremony, _):
            if let ceremony {
                ceremony.status == .ready ? "Signed in. \(ceremony.status.nextStep)"
                    : "\(answer.description) The sign-in is \(ceremony.status.rawValue)."
            } else {
                "\(answer.description) The sign-in's status could not be read."
            }
        }
    }
}
