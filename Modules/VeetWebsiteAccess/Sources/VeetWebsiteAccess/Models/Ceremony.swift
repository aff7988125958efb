import Foundation
import VeetTransport

public enum CeremonyStatus: LenientEnum {
    case authenticationRequired, needsUser, ready, expired, cancelled
    case unknown(String)

    public static let wireNames: [(CeremonyStatus, String)] = [
        (.authenticationRequired, "authentication_required"), (.needsUser, "needs_user"), (.ready, "ready"),
        (.expired, "expired"), (.cancelled, "cancelled"),
    ]

    public var unknownValue: String? { if case .unknown(let raw) = self { raw } else { nil } }

    /// Ready, expired and cancelled never change again.
    public var isTerminal: Bool { self == .ready || self == .expired || self == .cancelled }
    public var isOpen: Bool { self == .authenticationRequired || self == .needsUser }

    /// What the person should do next, in plain words.
    public var nextStep: String {
        switch self {
        case .authenticationRequired: "Sign in on the page the link opened; VeetKit is waiting."
        case .needsUser: "The website wants you again (for example a code or a check box). Finish it on that page."
        case .ready: "Signed in. The profile can now be used for new conversations."
        case .expired: "The five-minute link expired before sign-in finished. Start over for a fresh link."
        case .cancelled: "This sign-in was cancelled. Start over for a fresh link; your earlier sign-in, if any, is kept."
        case .unknown(let raw): "The server reports \"\(raw)\". Check again, or start over."
        }
    }
}

/// A sign-in ceremony as the status routes show it. It never holds the
/// launch link: that arrives once, as `LaunchLink`, from `begin`.
public struct Ceremony: Codable, Sendable, Hashable, Identifiable {
    public var id: String
    public var profileID: String
    public var status: CeremonyStatus
    public var expiresAt: Timestamp?

    public init(id: String, profileID: String, status: CeremonyStatus, expiresAt: Timestamp? = nil) {
        self.id = id
        self.profileID = profileID
        self.status = status
        self.expiresAt = expiresAt
    }

    enum CodingKeys: String, CodingKey {
        case id, status
        case profileID = "profile_id"
        case expiresAt = "expires_at"
    }
}

/// The single-use, five-minute link to the remote sign-in page. Its
/// capability sits in the fragment, so it lives in memory only: it is not
/// Codable, and its description, debug description and mirror hide it. Only
/// `revealForTerminal()` hands the text out, for printing to a terminal or
/// giving to the desktop's opener.
public struct LaunchLink: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable
{
    private let text: String

    public init(_ text: String) {
        self.text = text
    }

    public func revealForTerminal() -> String { text }

    public var description: String { "<sign-in link hidden>" }
    public var debugDescription: String { description }
    public var customMirror: Mirror { Mirror(self, children: [:]) }
}
