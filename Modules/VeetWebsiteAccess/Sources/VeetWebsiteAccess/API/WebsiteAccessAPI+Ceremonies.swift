import Foundation
import VeetTransport

extension WebsiteAccessAPI {
    /// Begins a remote ceremony. Sent once: a lost answer is handled by
    /// `CeremonyDriver`'s start-over rule, never by a blind resend.
    public func beginCeremony(profileID: String, loginURL: String) async throws -> (Ceremony, LaunchLink) {
        let request = try HTTPRequest.post("/v1/browser-profiles/\(segment: profileID)/authentication-ceremonies",
                                           json: ["login_url": loginURL])
        let answer = try await send.decode(request, as: BeginAnswer.self)
        guard let link = answer.launchURL, !link.isEmpty else {
            throw InvalidResponseError("the ceremony answer has no launch link", requestID: nil)
        }
        return (Ceremony(id: answer.id, profileID: answer.profileID, status: answer.status,
                         expiresAt: answer.expiresAt), LaunchLink(link))
    }

    public func ceremony(id: String) async throws -> Ceremony {
        try await send.decode(.get("/v1/browser-authentication-ceremonies/\(segment: id)"))
    }

    /// A bare array, without launch links.
    public func ceremonies(profileID: String) async throws -> [Ceremony] {
        try await send.decode(.get("/v1/browser-profiles/\(segment: profileID)/authentication-ceremonies"))
    }

    public func cancelCeremony(id: String) async throws -> Ceremony {
        try await sendRetrySafe.decode(.post("/v1/browser-authentication-ceremonies/\(segment: id)/cancel"))
    }
}

/// The begin answer, the only one that carries `launch_url`.
private struct BeginAnswer: Decodable {
    var id: String
    var profileID: String
    var status: CeremonyStatus
    var expiresAt: Timestamp?
    var launchURL: String?

    enum CodingKeys: String, CodingKey {
        case id, status
        case profileID = "profile_id"
        case expiresAt = "expires_at"
        case launchURL = "launch_url"
    }
}
