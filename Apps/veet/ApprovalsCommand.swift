import Foundation
import VeetChat
import VeetConsole
import VeetTransport
import VeetWire

/// `veet approvals list|approve|deny`.
struct ApprovalsCommand {
    let context: CLIContext

    static let spec = CommandSpec(
        name: "approvals",
        summary: "Approvals the agent is waiting for.",
        subcommands: [
            CommandSpec(name: "list", summary: "List pending approvals (all, or one conversation's).",
                        options: [.value("session", valueName: "id", help: "Only this conversation.")]),
            CommandSpec(name: "approve", summary: "Approve a pending approval once.",
                        positionals: [PositionalSpec("id", help: "The approval id.")]),
            CommandSpec(name: "deny", summary: "Deny a pending approval.",
                        options: [.value("reason", valueName: "text", help: "Why (shown to the agent).")],
                        positionals: [PositionalSpec("id", help: "The approval id.")]),
        ])

    func list(_ command: ParsedCommand) async throws -> ExitCode {
        let api = ChatAPI(sender: .live(client: try context.client()))
        let items: [ApprovalView]
        if let session = command.value("session") {
            items = try await api.pendingApprovals(sessionID: session)
        } else {
            items = try await api.pendingApprovals()
        }
        if context.json {
            try JSONOutput.print(items, layout: .compact)
            return .success
        }
        if items.isEmpty { context.err.writeLine("Nothing is waiting for your approval.") }
        let style = context.outStyle
        for approval in items {
            context.out.writeLine("\(style.warning(approval.risk.rawValue))  \(style.emphasis(approval.toolName ?? "tool"))  \(approval.actionSummary)")
            context.out.writeLine(style.dim("  \(approval.id)  session \(approval.sessionID)  run \(approval.runID)"))
        }
        return .success
    }

    func decide(_ id: String, choice: ApprovalChoice) async throws -> ExitCode {
        var desk = try await ApprovalDesk.open(id, context: context)
        if let settled = desk.board[id], settled.isSettled {
            context.err.writeLine("veet: already resolved: \(settled.collapsedText ?? settled.statusText)")
            if context.json { try JSONOutput.print(settled.approval, layout: .compact) }
            return .failure
        }
        return try await desk.decide(choice, context: context)
    }
}
