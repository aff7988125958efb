import Foundation
import VeetTransport

extension WebsiteAccessAPI {
    /// Begins a remote ceremony. Sent once: a lost answer is handled by
    /// `CeremonyDriver`'s start-over rule, never by a blind resend.
    /// `mode` is sent only for the device hand-off (`.device`): a snapshot
    /// server refuses the field, so the remote ceremony leaves it out.
    public func beginCeremony(profileID: String, loginURL: String,
                              mode: CeremonyMode = .remote) async throws -> (Ceremony, LaunchLink) {
        var body = ["login_url": loginURL]
        if mode == .device { body["mode"] = "device" }
        let request = try HTTPRequest.post("/v1/browser-profiles/\(segment: profileID)/authentication-ceremonies",
                                           json: body)
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

/// Where the owner signs in: in the server's browser (remote), or in a
/// private window on this device whose session is handed over once (device).
public enum CeremonyMode: Sendable, Hashable {
    case remote, device
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
