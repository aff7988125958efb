import Foundation
import VeetTransport

/// The server does not offer task permissions (docs/wire/website-access.md §8: the
/// snapshot answers `404` on the task-grant and task-scope routes). Thrown
/// instead of the bare 404, so "not found" is kept for an unknown grant on a
/// server that has them.
public struct TaskPermissionsUnavailable: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is missing: all of task permissions, or only the task scopes (the grants work).
    public enum Part: String, Sendable, Hashable { case all, scopes }

    public var underlying: APIError
    public var part: Part

    public init(underlying: APIError, part: Part = .all) {
        self.underlying = underlying
        self.part = part
    }

    public var description: String {
        switch part {
        case .all: "This server does not offer task permissions."
        case .scopes: "This server does not offer task scopes; the task permissions you grant still work."
        }
    }
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

    /// Runs a task-scope request: an answer that could mean "not there" is checked (for a
    /// write, first with a read of the scopes, so a refused body stays the server's own
    /// answer) with one read of the grant list, so a server that has grants but no scopes
    /// says only the scopes are missing.
    func explainingScopesAbsence<T>(isWrite: Bool = false, _ request: () async throws -> T) async throws -> T {
        do {
            return try await request()
        } catch let answer as APIError where Self.meansUnavailable(answer) {
            if isWrite, await scopesRouteAnswers() { throw answer }
            do {
                _ = try await send.decode(.page("/v1/browser-task-grants", limit: 1, cursor: nil)) as Page<TaskGrant>
            } catch let probe as APIError where Self.meansUnavailable(probe) {
                throw TaskPermissionsUnavailable(underlying: answer)
            } catch {}
            throw TaskPermissionsUnavailable(underlying: answer, part: .scopes)
        }
    }

    /// The scope list answers a read with anything but "not there".
    private func scopesRouteAnswers() async -> Bool {
        do {
            _ = try await send.decode(.get("/v1/browser-task-scopes")) as TaskScopes
            return true
        } catch where Self.meansUnavailable(error) {
            return false
        } catch {
            return true
        }
    }
}
