import Foundation
import VeetChat
import VeetConsole
import VeetTransport
import VeetWire

/// `veet approvals list|show|approve|deny`.
struct ApprovalsCommand {
    let context: CLIContext

    static let spec = CommandSpec(
        name: "approvals",
        summary: "Approvals the agent is waiting for.",
        subcommands: [
            CommandSpec(name: "list", summary: "List pending approvals (all, or one conversation's).",
                        options: [.value("session", valueName: "id", help: "Only this conversation.")]),
            CommandSpec(name: "show", summary: "Show one approval with every argument whole.",
                        positionals: [PositionalSpec("id", help: "The approval id.")]),
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
            items = try await api.ownersPendingApprovals()
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
            let arguments = ApprovalArgumentLayout.standard.collapsed(approval.arguments)
            for line in arguments.lines + [arguments.moreText].compactMap({ $0 }) { context.out.writeLine("  " + line) }
        }
        return .success
    }

    /// The approval and every argument whole (secret-looking ones stay hidden), by VeetChat's rule.
    func show(_ id: String) async throws -> ExitCode {
        let approval = try await ChatAPI(sender: .live(client: try context.client())).approval(id: id)
        if context.json {
            try JSONOutput.print(approval, layout: .compact)
            return .success
        }
        let style = context.outStyle
        context.out.writeLine("\(style.warning(approval.risk.rawValue))  \(style.emphasis(approval.toolName ?? "tool"))  \(approval.status.rawValue)")
        context.out.writeLine("  " + approval.actionSummary)
        for line in ApprovalArgumentLayout.standard.expanded(approval.arguments) { context.out.writeLine("  " + line) }
        if let note = ApprovalArgumentLayout.serverCutNote(approval.arguments) { context.out.writeLine(style.dim("  " + note)) }
        context.out.writeLine(style.dim("  \(approval.id)  session \(approval.sessionID)  run \(approval.runID)"))
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
