import VeetChat
import VeetConsole
import VeetTransport
import VeetWire

/// One approval with its conversation's board, read fresh: what `veet
/// approvals approve|deny` and `veet sites approve` both decide on. The
/// decision rules stay in VeetChat's `ApprovalBoard` and `ApprovalService`.
struct ApprovalDesk {
    let approval: ApprovalView
    let service: ApprovalService
    var board: ApprovalBoard

    static func open(_ id: String, context: CLIContext) async throws -> ApprovalDesk {
        let client = try context.client()
        let api = ChatAPI(sender: .live(client: client))
        let approval = try await api.approval(id: id)
        let service = ApprovalService(api: api, connection: ConnectionIdentity(client.settings))
        var board = ApprovalBoard(scope: service.scope(sessionID: approval.sessionID))
        try await service.refresh(&board)
        _ = board.applyRead(Scoped(approval, scope: board.scope))
        return ApprovalDesk(approval: approval, service: service, board: board)
    }

    /// Sends `choice` and prints the settled card (JSON with --json); a notice
    /// (refused, changed elsewhere) goes to stderr and fails the command.
    mutating func decide(_ choice: ApprovalChoice, context: CLIContext) async throws -> ExitCode {
        guard let card = await service.decide(choice, approvalID: approval.id, on: &board) else {
            return context.fail("veet: approval \(approval.id) is not in conversation \(approval.sessionID).", .notFound)
        }
        if context.json {
            try JSONOutput.print(card.approval, layout: .compact)
        } else {
            context.out.writeLine(card.collapsedText ?? card.statusText)
        }
        if let notice = card.notice {
            return context.fail(notice.description, .failure)
        }
        return .success
    }
}
