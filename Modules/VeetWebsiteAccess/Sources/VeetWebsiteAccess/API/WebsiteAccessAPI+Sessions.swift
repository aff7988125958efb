import Foundation
import VeetTransport
import VeetWire

extension WebsiteAccessAPI {
    /// Creates a conversation bound to a READY profile ([newer] servers). The
    /// profile id is sent only here, at creation; the server revalidates it.
    /// Sent once: without a key a retry could create two conversations.
    public func createSession(browserProfileID: String, agentID: String = "general",
                              metadata: JSONValue = .object(["client": .string("veet")])) async throws -> SessionView {
        let body: JSONValue = .object(["agent_id": .string(agentID), "browser_profile_id": .string(browserProfileID),
                                       "metadata": metadata])
        return try await send.decode(.post("/v1/sessions", json: body))
    }

    /// Connects a profile to an existing conversation ([newer]); returns the run it resumed, if any.
    public func bindProfile(sessionID: String, profileID: String) async throws -> String? {
        let body = try WireJSON.encoder().encode(["browser_profile_id": profileID])
        let request = HTTPRequest(method: "PUT", path: "/v1/sessions/\(segment: sessionID)/website", body: body)
        return try await sendRetrySafe.decode(request, as: BindAnswer.self).runID
    }
}

private struct BindAnswer: Decodable {
    var runID: String?

    enum CodingKeys: String, CodingKey {
        case runID = "run_id"
    }
}
