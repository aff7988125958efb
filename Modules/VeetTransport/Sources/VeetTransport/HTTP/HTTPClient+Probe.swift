import Foundation

extension HTTPClient {
    /// Tells a 404 about one thing from an address with no Veetbot API at all
    /// (a wrong path prefix, another web server): after a 404, one read of
    /// `/health/live` under the same base URL. Nil when `status` is not 404,
    /// or the probe answers anything but 404 (or nothing): then the 404 stands.
    public func missingAPI(afterStatus status: Int?) async -> NoVeetbotAPIError? {
        guard status == 404 else { return nil }
        guard let probe = try? await send(.get("/health/live")), probe.status == 404 else { return nil }
        return NoVeetbotAPIError(baseURL: settings.serverURL.url.absoluteString, probeStatus: probe.status)
    }

    /// `missingAPI(afterStatus:)` for an `APIError`; nil for any other error.
    public func missingAPI(after error: any Error) async -> NoVeetbotAPIError? {
        await missingAPI(afterStatus: (error as? APIError)?.status)
    }

    /// `missingAPI(afterStatus:)` for a refusal already read: only "not found" is asked about.
    public func missingAPI(after refusal: ServerRefusal?) async -> NoVeetbotAPIError? {
        await missingAPI(afterStatus: refusal == .notFound ? 404 : nil)
    }

    /// What the server's two health probes say (docs/wire/README.md §1): `/health/live`, then,
    /// when it is alive, `/health/ready`. Throws only when the first gets no answer at all.
    public func health() async throws -> ServerHealth {
        let live = try await send(.get("/health/live"))
        guard (200..<300).contains(live.status) else { return .noAPI(liveStatus: live.status) }
        let ready = try? await send(.get("/health/ready"))
        return .live(ready: ready.map { (200..<300).contains($0.status) } ?? false)
    }

    /// How a family's read route answers this token: whether it is offered, and if not, why.
    public func familyAnswer(_ request: HTTPRequest) async -> FamilyAnswer {
        guard let answer = try? await send(request) else { return .noAnswer }
        if (200..<300).contains(answer.status) { return .offered }
        return switch ServerRefusal(status: answer.status) {
        case .signInAgain: .signInRefused
        case .notAllowed: .lacksScope
        case .notFound, .methodNotOffered: .notOffered
        default: .answered(answer.status)
        }
    }
}

/// The server's health, from its probes.
public enum ServerHealth: Sendable, Equatable {
    /// `/health/live` answered; `ready`: `/health/ready` did too (its database is reachable).
    case live(ready: Bool)
    /// `/health/live` answered something else (`liveStatus`, to show): no Veetbot API at this address.
    case noAPI(liveStatus: Int)
}

/// One harmless read a feature names for its family of routes (`veet doctor` asks each with
/// `HTTPClient.familyAnswer`): the feature's name for it, the read, and the scope a token needs.
public struct FamilyProbe: Sendable, Hashable {
    public var name: String
    public var request: HTTPRequest
    public var scope: String

    public init(_ name: String, _ path: String, query: [URLQueryItem] = [], scope: String) {
        self.name = name
        self.request = .get(path, query: query)
        self.scope = scope
    }
}

/// How a family's read route answered (`HTTPClient.familyAnswer`).
public enum FamilyAnswer: Sendable, Equatable {
    case offered
    /// The token was refused (sign in again).
    case signInRefused
    /// Offered, but this token lacks the family's scope.
    case lacksScope
    /// Not offered by this server (404 or 405).
    case notOffered
    /// Another answer (its status, to show).
    case answered(Int)
    /// No answer at all.
    case noAnswer
}
