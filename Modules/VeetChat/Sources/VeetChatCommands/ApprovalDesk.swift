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

    static func open(_ id: String, host: ChatCommandHost) async throws -> ApprovalDesk {
        let api = try host.api()
        let approval = try await api.approval(id: id)
        let service = ApprovalService(api: api, connection: try host.identity())
        var board = ApprovalBoard(scope: service.scope(sessionID: approval.sessionID))
        try await service.refresh(&board)
        _ = board.applyRead(Scoped(approval, scope: board.scope))
        return ApprovalDesk(approval: approval, service: service, board: board)
    }

    /// Sends `choice` and prints the settled card (JSON with --json); a notice
    /// (refused, changed elsewhere) is thrown: the app writes it on stderr and fails the command.
    mutating func decide(_ choice: ApprovalChoice, console: Console) async throws -> ExitCode {
        guard let card = await service.decide(choice, approvalID: approval.id, on: &board) else {
            throw CommandFailure("\(console.programName): approval \(approval.id) is not in conversation \(approval.sessionID).",
                                 exitCode: .notFound)
        }
        if console.json {
            try console.printJSON(card.approval)
        } else {
            console.out.writeLine(card.collapsedText ?? card.statusText)
        }
        if let notice = card.notice {
            throw CommandFailure(notice.description)
        }
        return .success
    }
}
