import VeetChat
import VeetConsole

/// `veet sites approve ID`, "Allow all actions for this task": the decision
/// rules (only a pending browser approval with an offer, the offer echoed
/// exactly, a confirmed step first) are VeetChat's `ApprovalBoard`; this shows
/// the offer and presses. It is Chat's approval, so the app answers it for
/// Website Access's command face, which may not import Chat.
enum SitesApprove {
    static func approveForTask(_ id: String, context: CLIContext) async throws -> ExitCode {
        let err = context.err
        var desk = try await ApprovalDesk.open(id, context: context)
        let approval = desk.approval
        guard let offer = approval.taskGrantOffer.map(TaskOfferDisplay.init) else {
            return context.fail("veet: this approval offers no task permission; use `veet approvals approve \(id)` to allow it once.", .failure)
        }
        guard desk.board.requestTaskPermission(on: id) else {
            let card = desk.board[id]
            return context.fail("veet: already resolved: \(card?.collapsedText ?? card?.statusText ?? approval.status.rawValue)", .failure)
        }
        err.writeLine("Allowing routine actions on \(offer.siteScope) for this task: \(offer.limits).")
        if let summary = offer.summary { err.writeLine("  \(summary)") }
        err.writeLine("  \(offer.exceptions)")
        let outcome = try await desk.decide(.approveForTask, context: context)
        guard outcome == .success else { return outcome }
        if let grantID = desk.board[id]?.approval.taskGrantID {
            err.writeLine("Stop it any time with `veet sites stop \(grantID)`.")
        }
        return .success
    }
}
