import VeetTransport

/// The check `veet connect` and veet-tui's connection form make before they
/// save anything: one read of the sessions with the token given.
public enum ConnectionCheck {
    public enum Outcome: Sendable {
        case accepted
        /// 401 (or the token refused in the envelope's words): nothing is saved.
        case tokenRefused(APIError)
        /// The address answers, but no Veetbot API lives there (a wrong path prefix, another web server).
        case noVeetbotAPI(NoVeetbotAPIError)
        /// Anything else (unreachable, a 5xx): the error as it came.
        case failed(any Error)
    }

    public static func check(_ client: HTTPClient) async -> Outcome {
        do {
            _ = try await ChatAPI(sender: .live(client: client)).sessionsPage(limit: 1)
            return .accepted
        } catch let error as APIError where error.needsSignIn {
            return .tokenRefused(error)
        } catch {
            if let missing = await client.missingAPI(after: error) { return .noVeetbotAPI(missing) }
            return .failed(error)
        }
    }
}
