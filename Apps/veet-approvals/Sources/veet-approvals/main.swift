// Lists the approvals waiting on the current connection, or resolves one.
import Foundation
import VeetChat
import VeetStore
import VeetTransport

let usage = """
    usage: veet-approvals                  list the pending approvals
           veet-approvals approve ID       approve one, once
           veet-approvals deny ID [REASON] deny one
    The server and token are veet's current connection (or VEET_URL and VEET_TOKEN).
    """

func fail(_ message: String, status: Int32 = 1) -> Never {
    FileHandle.standardError.write(Data("veet-approvals: \(message)\n".utf8))
    exit(status)
}

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--help" || arguments.first == "-h" { print(usage); exit(0) }
let connection: ResolvedConnection
do { connection = try ConnectionRegistry(paths: VeetPaths()).resolve() } catch { fail("\(error)") }
let api = ChatAPI(sender: .live(client: HTTPClient(settings: connection.settings)))
let approvals = ApprovalService(api: api, connection: ConnectionIdentity(connection.settings))

do {
    switch (arguments.first, arguments.count) {
    case (nil, _):
        let pending = try await api.pendingApprovals()
        if pending.isEmpty { print("Nothing is waiting for your approval.") }
        for approval in pending {
            print("\(approval.id)  \(approval.risk.rawValue.uppercased())  \(approval.toolName ?? "tool"): \(approval.actionSummary)")
        }
    case ("approve", 2), ("deny", 2...):
        let approval = try await api.approval(id: arguments[1])
        let scope = approvals.scope(sessionID: approval.sessionID)
        var board = ApprovalBoard(scope: scope)
        board.applyRead(Scoped(approval, scope: scope))
        let reason = arguments.dropFirst(2).joined(separator: " ")
        let choice: ApprovalChoice = arguments[0] == "approve" ? .approveOnce : .deny(reason: reason.isEmpty ? nil : reason)
        guard let card = await approvals.decide(choice, approvalID: approval.id, on: &board) else {
            fail("approval \(approval.id) is not in this conversation", status: 4)
        }
        if let notice = card.notice { fail(notice.description) }
        print(card.statusText)
    default:
        fail("unknown arguments\n\(usage)", status: 2)
    }
} catch let error as APIError where error.refusal == .notFound {
    fail("not found: \(error.message)", status: 4)
} catch {
    fail("\(error)")
}
