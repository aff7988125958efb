import Foundation
import VeetTestSupport
import VeetTransport

/// Answers in the website-access shape, for the unit tests on the `ScriptedServer`.
enum Scripted {
    static func profile(_ id: String, _ status: String = "authentication_required",
                        origins: [String] = ["https://www.example.com"]) -> HTTPResponse {
        .json(["id": id, "allowed_origins": origins, "status": status, "generation": 1])
    }

    static func ceremonyObject(_ id: String, profile: String = "bp1", _ status: String = "authentication_required",
                               expires: String = "2026-08-22T18:05:00Z") -> [String: Any] {
        ["id": id, "profile_id": profile, "status": status, "expires_at": expires, "launch_url": NSNull()]
    }

    static func ceremony(_ id: String, profile: String = "bp1", _ status: String = "authentication_required") -> HTTPResponse {
        .json(ceremonyObject(id, profile: profile, status))
    }

    /// A begin answer: the only one with a launch link.
    static func begun(_ id: String, profile: String = "bp1") -> HTTPResponse {
        var object = ceremonyObject(id, profile: profile)
        object["launch_url"] = "https://browser.example/authentication/\(id)/remote#capability=secret"
        return .json(object, status: 201)
    }

    static func page(_ items: [[String: Any]], next: String? = nil) -> HTTPResponse {
        .json(["items": items, "next_cursor": next.map { $0 as Any } ?? NSNull()])
    }

    static func profileObject(_ id: String) -> [String: Any] {
        ["id": id, "allowed_origins": ["https://www.example.com"], "status": "ready"]
    }

    static let taskScopes: HTTPResponse = .json(["revision": 4, "scopes": [] as [Any]])

    static func taskGrant(_ id: String) -> HTTPResponse {
        .json(["id": id, "origin": "https://www.example.org", "path_prefix": "/lesson", "status": "revoked",
               "expires_at": "2026-08-22T18:30:00Z"])
    }

    static func standingGrant(_ id: String) -> HTTPResponse {
        .json(["id": id, "profile_id": "bp1", "allowed_origins": ["https://www.example.com"], "action_kinds": ["click"],
               "revoked_at": "2026-08-22T19:00:00Z", "starts_at": "2026-08-22T18:00:00Z", "expires_at": "2026-08-23T18:00:00Z"])
    }

    /// No answer at all, as when the connection dropped after the server applied the request.
    static let lost = TransportError(.connectionLost, "answer dropped by the test")
}
