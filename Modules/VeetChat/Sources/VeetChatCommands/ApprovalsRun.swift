import Foundation
import VeetChat
import VeetConsole
import VeetTransport
import VeetWire

/// `veet approvals list|show|approve|deny`, and `veet sites approve` for Website Access's face.
struct ApprovalsRun {
    let host: ChatCommandHost
    let console: Console

    func list(_ session: String?) async throws -> ExitCode {
        let api = try host.api()
        let items: [ApprovalView]
        if let session {
            items = try await api.pendingApprovals(sessionID: session)
        } else {
            items = try await api.ownersPendingApprovals()
        }
        if console.json {
            try console.printJSON(items)
            return .success
        }
        if items.isEmpty { console.err.writeLine("Nothing is waiting for your approval.") }
        let style = console.outStyle
        for approval in items {
            console.out.writeLine("\(style.warning(approval.risk.rawValue))  \(style.emphasis(approval.toolName ?? "tool"))  \(approval.actionSummary)")
            console.out.writeLine(style.dim("  \(approval.id)  session \(approval.sessionID)  run \(approval.runID)"))
            let arguments = ApprovalArgumentLayout.standard.collapsed(approval.arguments)
            for line in arguments.lines + [arguments.moreText].compactMap({ $0 }) { console.out.writeLine("  " + line) }
        }
        return .success
    }

    /// The approval and every argument whole (secret-looking ones stay hidden), by VeetChat's rule.
    func show(_ id: String) async throws -> ExitCode {
        let approval = try await host.api().approval(id: id)
        if console.json {
            try console.printJSON(approval)
            return .success
        }
        let style = console.outStyle
        console.out.writeLine("\(style.warning(approval.risk.rawValue))  \(style.emphasis(approval.toolName ?? "tool"))  \(approval.status.rawValue)")
        console.out.writeLine("  " + approval.actionSummary)
        for line in ApprovalArgumentLayout.standard.expanded(approval.arguments) { console.out.writeLine("  " + line) }
        if let note = ApprovalArgumentLayout.serverCutNote(approval.arguments) { console.out.writeLine(style.dim("  " + note)) }
        console.out.writeLine(style.dim("  \(approval.id)  session \(approval.sessionID)  run \(approval.runID)"))
        return .success
    }

    func decide(_ id: String, choice: ApprovalChoice) async throws -> ExitCode {
        var desk = try await ApprovalDesk.open(id, host: host)
        if let settled = desk.board[id], settled.isSettled {
            console.err.writeLine("\(console.programName): already resolved: \(settled.collapsedText ?? settled.statusText)")
            if console.json { try console.printJSON(settled.approval) }
            return .failure
        }
        return try await desk.decide(choice, console: console)
    }

    /// "Allow all actions for this task": the decision rules (only a pending browser approval with an
    /// offer, the offer echoed exactly, a confirmed step first) are VeetChat's `ApprovalBoard`; this
    /// shows the offer and presses. Website Access's face may not import Chat, so the app hands it this.
    func approveForTask(_ id: String) async throws -> ExitCode {
        let err = console.err
        var desk = try await ApprovalDesk.open(id, host: host)
        let approval = desk.approval
        guard let offer = approval.taskGrantOffer.map(TaskOfferDisplay.init) else {
            throw CommandFailure("\(console.programName): this approval offers no task permission; "
                                 + "use `\(console.programName) approvals approve \(id)` to allow it once.")
        }
        guard desk.board.requestTaskPermission(on: id) else {
            let card = desk.board[id]
            throw CommandFailure("\(console.programName): already resolved: \(card?.collapsedText ?? card?.statusText ?? approval.status.rawValue)")
        }
        err.writeLine("Allowing routine actions on \(offer.siteScope) for this task: \(offer.limits).")
        if let summary = offer.summary { err.writeLine("  \(summary)") }
        err.writeLine("  \(offer.exceptions)")
        _ = try await desk.decide(.approveForTask, console: console)
        if let grantID = desk.board[id]?.approval.taskGrantID {
            err.writeLine("Stop it any time with `\(console.programName) sites stop \(grantID)`.")
        }
        return .success
    }
}
