import Foundation
import VeetConsole
import VeetTransport
import VeetWebsiteAccess

/// `veet sites grants|stop|grant|ungrant|scopes`: task permissions,
/// standing grants and task scopes.
extension SitesRun {
    func grants(_ command: ParsedCommand) async throws -> ExitCode {
        let api = try api()
        if command.flag(WebsiteAccessCommands.standing) {
            let items = try await api.allStandingGrants()
            if console.json { try console.printJSON(items); return .success }
            if items.isEmpty { err.writeLine("No standing grants.") }
            for grant in items {
                let state = grant.isRevoked ? "revoked" : "until \(grant.expiresAt?.text ?? "?")"
                out.writeLine("\(grant.id)  \(grant.allowedOrigins.joined(separator: " "))  \(state)")
            }
            return .success
        }
        let items = try await api.taskGrantsPage(sessionID: command.value(WebsiteAccessCommands.grantsSession), limit: 200).items
        if console.json { try console.printJSON(items); return .success }
        if items.isEmpty { err.writeLine("No task permissions are active.") }
        let now = Date()
        for grant in items {
            out.writeLine(grant.bannerText(now: now))
            out.writeLine(console.outStyle.dim("  \(grant.id)  conversation \(grant.sessionID)  stop: veet sites stop \(grant.id)"))
        }
        return .success
    }

    func stop(_ id: String) async throws -> ExitCode {
        let grant = try await api().stopTaskGrant(id: id)
        if console.json { try console.printJSON(grant) } else {
            out.writeLine("Stopped: \(grant.bannerText(now: Date()))")
        }
        return .success
    }

    func scopes(change: (add: Bool, arguments: [String])?) async throws -> ExitCode {
        let api = try api()
        var current = try await api.taskScopes()
        if let change {
            let scope = try TaskScope.validated(origin: change.arguments.first ?? "",
                                                pathPrefix: change.arguments.dropFirst().first ?? "")
            var scopes = current.scopes.filter { $0 != scope }
            if change.add { scopes.append(scope) }
            current = try await api.replaceTaskScopes(scopes, revision: current.revision)
        }
        if console.json { try console.printJSON(current); return .success }
        if current.scopes.isEmpty { err.writeLine("No task scopes: task permissions are never offered.") }
        for scope in current.scopes { out.writeLine("\(scope.origin)\(scope.pathPrefix)") }
        return .success
    }

    func createStandingGrant(_ command: ParsedCommand) async throws -> ExitCode {
        let api = try api()
        let profile = try await api.profile(id: command.argument(WebsiteAccessCommands.profile))
        let (option, text, unit): (String, String, TimeInterval) = command.value(WebsiteAccessCommands.hours).map { ("--hours", $0, 3600) }
            ?? ("--days", command.value(WebsiteAccessCommands.days) ?? "1", 86_400)
        guard let amount = Double(text), amount.isFinite else {
            throw UsageError(.invalidInteger(option: option, value: text), path: ["sites", "grant"])
        }
        let duration = amount * unit
        let draft = try StandingGrantDraft.validated(
            profile: profile, origins: command.values(WebsiteAccessCommands.grantOrigin),
            actionKinds: command.values(WebsiteAccessCommands.action).flatMap { $0.split(separator: ",").map(String.init) },
            purpose: command.value(WebsiteAccessCommands.purpose), startsAt: Date(), duration: duration)
        let grant = try await api.createStandingGrant(draft)
        if console.json { try console.printJSON(grant); return .success }
        out.writeLine("Standing grant \(grant.id): \(grant.actionKinds.joined(separator: ", ")) on "
                              + "\(grant.allowedOrigins.joined(separator: " ")) until \(grant.expiresAt?.text ?? "?").")
        err.writeLine("Revoke it with `veet sites ungrant \(grant.id)`.")
        return .success
    }

    func revokeStandingGrant(_ id: String) async throws -> ExitCode {
        let grant = try await api().revokeStandingGrant(id: id)
        if console.json { try console.printJSON(grant) } else {
            out.writeLine("Revoked standing grant \(grant.id) (\(grant.allowedOrigins.joined(separator: " "))).")
        }
        return .success
    }
}
