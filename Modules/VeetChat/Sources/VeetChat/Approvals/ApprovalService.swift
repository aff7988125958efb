import Foundation
import VeetTransport
import VeetWire

/// The approval I/O: every read comes back tagged with the conversation and
/// connection it was asked for, and every decision answer is mapped to a
/// clear outcome. State lives in `ApprovalBoard`; this type only talks.
public struct ApprovalService: Sendable {
    public let api: ChatAPI
    /// The connection `api` talks to: every answer is tagged with it.
    public let connection: ConnectionIdentity

    public init(api: ChatAPI, connection: ConnectionIdentity) {
        self.api = api
        self.connection = connection
    }

    /// The scope this service tags reads of `sessionID` with (a board for them starts here).
    public func scope(sessionID: String) -> ConversationScope {
        connection.scope(sessionID: sessionID)
    }

    /// The pending approvals of `sessionID` on this connection.
    public func pending(sessionID: String) async throws -> Scoped<[ApprovalView]> {
        let scope = self.scope(sessionID: sessionID)
        return Scoped(try await api.pendingApprovals(sessionID: sessionID), scope: scope)
    }

    /// One approval, any status (used when a card vanished from the pending list).
    public func read(approvalID: String, sessionID: String) async throws -> Scoped<ApprovalView> {
        Scoped(try await api.approval(id: approvalID), scope: scope(sessionID: sessionID))
    }

    public func run(id: String, sessionID: String) async throws -> Scoped<RunView> {
        Scoped(try await api.run(id: id), scope: scope(sessionID: sessionID))
    }

    /// Sends a decision. Never throws: a refusal or failure is an outcome the card shows.
    public func resolve(_ command: ApprovalCommand) async -> Scoped<ApprovalResolveResult> {
        let scope = self.scope(sessionID: command.scope.sessionID)
        let body = command.request
        do {
            let stored = try await api.resolve(approvalID: command.approvalID, decision: body.decision,
                                               reason: body.reason, taskGrant: body.taskGrant)
            return Scoped(.stored(stored), scope: scope)
        } catch let refusal as APIError {
            return Scoped(.refused(Self.notice(for: refusal)), scope: scope)
        } catch {
            return Scoped(.refused(.failed(String(describing: error))), scope: scope)
        }
    }

    /// Maps a refusal to what the owner should read (docs/wire/sessions-runs.md §5.4).
    public static func notice(for error: APIError) -> ApprovalNotice {
        if error.status == 404 { return .notFound }
        guard error.status == 409 else { return .failed(error.description) }
        switch error.reason {
        case "approval_already_resolved":
            return .alreadyResolved(error.details["decision"]?.stringValue.map(ApprovalDecision.init(raw:)))
        case "task_grant_unavailable": return .taskPermissionUnavailable
        case "task_grant_offer_mismatch": return .taskPermissionOfferChanged
        default: break
        }
        switch error.details["status"]?.stringValue?.lowercased() {
        case "expired": return .expired
        case "cancelled": return .cancelled
        default: return .failed(error.description)
        }
    }

    /// The whole decision for a one-shot caller (the CLI): resolve, then read
    /// the run, each step applied to `board`. Returns the updated card.
    /// `.approveForTask` is ignored unless `board.requestTaskPermission(on:)`
    /// was called first, after the owner saw the scope and limits and confirmed.
    public func decide(_ choice: ApprovalChoice, approvalID: String,
                       on board: inout ApprovalBoard) async -> ApprovalDecisionCard? {
        guard let command = board.press(choice, on: approvalID) else { return board[approvalID] }
        let answer = await resolve(command)
        if let runID = board.finish(command, with: answer) {
            if let run = try? await self.run(id: runID, sessionID: board.scope.sessionID) {
                board.applyRun(run)
            }
        }
        return board[approvalID]
    }

    /// A board for `sessionID` filled from the pending list, with cards that
    /// vanished from it refreshed by a point read.
    public func refresh(_ board: inout ApprovalBoard) async throws {
        let listed = try await pending(sessionID: board.scope.sessionID)
        for vanished in board.applyPendingList(listed) ?? [] {
            if let view = try? await read(approvalID: vanished, sessionID: board.scope.sessionID) {
                board.applyRead(view)
            }
        }
    }
}
