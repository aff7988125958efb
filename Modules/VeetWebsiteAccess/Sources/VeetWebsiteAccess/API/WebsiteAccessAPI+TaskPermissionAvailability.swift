import Foundation
import VeetTransport

/// The server does not offer task permissions (docs/wire/website-access.md §8: the
/// snapshot answers `404` on the task-grant and task-scope routes). Thrown
/// instead of the bare 404, so "not found" is kept for an unknown grant on a
/// server that has them.
public struct TaskPermissionsUnavailable: Error, Sendable, Hashable, CustomStringConvertible {
    public var underlying: APIError

    public init(underlying: APIError) {
        self.underlying = underlying
    }

    public var description: String { "This server does not offer task permissions." }
}

extension WebsiteAccessAPI {
    /// The answers that mean "this server has no task permissions" on a
    /// route without an id (the contract's probe rule, docs/wire/README.md §2).
    public static func meansUnavailable(_ error: any Error) -> Bool {
        ServerRefusal.meansNotOffered(error, badRequest: .any)
    }

    /// Runs a task-permission request; an answer that could mean "not
    /// offered" is checked with one read of the unfiltered list, so an
    /// unknown id (or a refused filter) on a server that has them stays the
    /// server's own answer.
    func explainingAbsence<T>(probeNeeded: Bool, _ request: () async throws -> T) async throws -> T {
        do {
            return try await request()
        } catch let answer as APIError where Self.meansUnavailable(answer) {
            guard probeNeeded else { throw TaskPermissionsUnavailable(underlying: answer) }
            do {
                _ = try await send.decode(.page("/v1/browser-task-grants", limit: 1, cursor: nil)) as Page<TaskGrant>
            } catch let probe as APIError where Self.meansUnavailable(probe) {
                throw TaskPermissionsUnavailable(underlying: answer)
            } catch {}
            throw answer
        }
    }
}
