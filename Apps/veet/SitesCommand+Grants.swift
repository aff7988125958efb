import Foundation
import VeetChat
import VeetConsole
import VeetTransport
import VeetWebsiteAccess

/// `veet sites grants|stop|approve|grant|ungrant|scopes`: task permissions,
/// standing grants and task scopes.
extension SitesCommand {
    func grants(_ command: ParsedCommand) async throws -> ExitCode {
        let api = try api()
        if command.flag("standing") {
            let items = try await api.allStandingGrants()
            if context.json { try JSONOutput.print(items, layout: .compact); return .success }
            if items.isEmpty { context.err.writeLine("No standing grants.") }
            for grant in items {
                let state = grant.isRevoked ? "revoked" : "until \(grant.expiresAt?.text ?? "?")"
                context.out.writeLine("\(grant.id)  \(grant.allowedOrigins.joined(separator: " "))  \(state)")
            }
            return .success
        }
        let items = try await api.taskGrantsPage(sessionID: command.value("session"), limit: 200).items
        if context.json { try JSONOutput.print(items, layout: .compact); return .success }
        if items.isEmpty { context.err.writeLine("No task permissions are active.") }
        let now = Date()
        for grant in items {
            context.out.writeLine(grant.bannerText(now: now))
            context.out.writeLine(context.outStyle.dim("  \(grant.id)  conversation \(grant.sessionID)  stop: veet sites stop \(grant.id)"))
        }
        return .success
    }

    func stop(_ id: String) async throws -> ExitCode {
        let grant = try await api().stopTaskGrant(id: id)
        if context.json { try JSONOutput.print(grant, layout: .compact) } else {
            context.out.writeLine("Stopped: \(grant.bannerText(now: Date()))")
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
        if context.json { try JSONOutput.print(current, layout: .compact); return .success }
        if current.scopes.isEmpty { context.err.writeLine("No task scopes: task permissions are never offered.") }
        for scope in current.scopes { context.out.writeLine("\(scope.origin)\(scope.pathPrefix)") }
        return .success
    }

    /// "Allow all actions for this task": the decision rules (only a pending
    /// browser approval with an offer, the offer echoed exactly, a confirmed
    /// step first) are VeetChat's `ApprovalBoard`; this shows the offer and presses.
    func approveForTask(_ id: String) async throws -> ExitCode {
        var desk = try await ApprovalDesk.open(id, context: context)
        let approval = desk.approval
        guard let offer = approval.taskGrantOffer.map(TaskOfferDisplay.init) else {
            return context.fail("veet: this approval offers no task permission; use `veet approvals approve \(id)` to allow it once.", .failure)
        }
        guard desk.board.requestTaskPermission(on: id) else {
            let card = desk.board[id]
            return context.fail("veet: already resolved: \(card?.collapsedText ?? card?.statusText ?? approval.status.rawValue)", .failure)
        }
        context.err.writeLine("Allowing routine actions on \(offer.siteScope) for this task: \(offer.limits).")
        if let summary = offer.summary { context.err.writeLine("  \(summary)") }
        context.err.writeLine("  \(offer.exceptions)")
        let outcome = try await desk.decide(.approveForTask, context: context)
        guard outcome == .success else { return outcome }
        if let grantID = desk.board[id]?.approval.taskGrantID {
            context.err.writeLine("Stop it any time with `veet sites stop \(grantID)`.")
        }
        return .success
    }

    func createStandingGrant(_ command: ParsedCommand) async throws -> ExitCode {
        let api = try api()
        let profile = try await api.profile(id: command.positionals.first ?? "")
        let (option, text, unit): (String, String, TimeInterval) = command.value("hours").map { ("--hours", $0, 3600) }
            ?? ("--days", command.value("days") ?? "1", 86_400)
        guard let amount = Double(text), amount.isFinite else {
            throw UsageError(.invalidInteger(option: option, value: text), path: ["sites", "grant"])
        }
        let duration = amount * unit
        let draft = try StandingGrantDraft.validated(
            profile: profile, origins: command.values("origin"),
            actionKinds: command.values("action").flatMap { $0.split(separator: ",").map(String.init) },
            purpose: command.value("purpose"), startsAt: Date(), duration: duration)
        let grant = try await api.createStandingGrant(draft)
        if context.json { try JSONOutput.print(grant, layout: .compact); return .success }
        context.out.writeLine("Standing grant \(grant.id): \(grant.actionKinds.joined(separator: ", ")) on "
                              + "\(grant.allowedOrigins.joined(separator: " ")) until \(grant.expiresAt?.text ?? "?").")
        context.err.writeLine("Revoke it with `veet sites ungrant \(grant.id)`.")
        return .success
    }

    func revokeStandingGrant(_ id: String) async throws -> ExitCode {
        let grant = try await api().revokeStandingGrant(id: id)
        if context.json { try JSONOutput.print(grant, layout: .compact) } else {
            context.out.writeLine("Revoked standing grant \(grant.id) (\(grant.allowedOrigins.joined(separator: " "))).")
        }
        return .success
    }
}
