import Foundation
import VeetTransport
import VeetWire

/// A decision ready to send, produced by a press the board accepted.
public struct ApprovalCommand: Sendable, Hashable {
    public let scope: ConversationScope
    public let approvalID: String
    public let runID: String
    public let choice: ApprovalChoice
    /// The body to post; `task_grant` is set exactly for `approve_for_task`.
    public let request: ApprovalResolveRequest
}

/// What the server said to a decision.
public enum ApprovalResolveResult: Sendable, Hashable {
    /// The decision was stored (or the same decision was already on record).
    case stored(ApprovalView)
    /// Not applied as asked; the notice says why.
    case refused(ApprovalNotice)
}

/// The approvals of the selected conversation, as pure state. Every input is
/// a `Scoped` value: a result asked for another conversation or connection is
/// dropped, so a late answer can never update the wrong card list.
public struct ApprovalBoard: Sendable, Hashable {
    public let scope: ConversationScope
    /// Oldest first.
    public private(set) var cards: [ApprovalDecisionCard] = []

    public init(scope: ConversationScope) {
        self.scope = scope
    }

    public subscript(id: String) -> ApprovalDecisionCard? {
        cards.first { $0.id.caseInsensitiveCompare(id) == .orderedSame }
    }

    /// Cards still waiting for a decision.
    public var pending: [ApprovalDecisionCard] { cards.filter { !$0.isSettled } }

    /// Applies a pending-list read. Returns the ids of cards that were pending
    /// here but are missing from the list: they were settled elsewhere (or
    /// cancelled), so the caller reads each one to learn the decision. Returns
    /// nil when the result belongs to another scope and was dropped.
    @discardableResult
    public mutating func applyPendingList(_ result: Scoped<[ApprovalView]>) -> [String]? {
        guard result.scope == scope else { return nil }
        let listed = result.value.filter { scope.owns(sessionID: $0.sessionID) }
        for view in listed { upsert(view) }
        let listedIDs = Set(listed.map { $0.id.lowercased() })
        return cards.filter { !$0.isSettled && !listedIDs.contains($0.id.lowercased()) }.map(\.id)
    }

    /// Applies one approval read (a point read, or a view from an event).
    /// Returns false when it was dropped (other scope or conversation).
    @discardableResult
    public mutating func applyRead(_ result: Scoped<ApprovalView>) -> Bool {
        guard result.scope == scope, scope.owns(sessionID: result.value.sessionID) else { return false }
        upsert(result.value)
        return true
    }

    /// A press on Approve once / Deny / (confirmed) Allow for this task.
    /// Returns the command to send, or nil when the press must be ignored: a
    /// decision is already in flight, the card is settled, or the task
    /// permission was not offered or not confirmed.
    public mutating func press(_ choice: ApprovalChoice, on id: String) -> ApprovalCommand? {
        guard let index = index(of: id), cards[index].canDecide else { return nil }
        let card = cards[index]
        let request: ApprovalResolveRequest
        switch choice {
        case .approveOnce:
            request = ApprovalResolveRequest(decision: .approveOnce)
        case .deny(let reason):
            request = ApprovalResolveRequest(decision: .deny, reason: reason)
        case .approveForTask:
            guard card.taskPermission == .confirming, let offer = card.approval.taskGrantOffer else { return nil }
            request = ApprovalResolveRequest(decision: .approveForTask, taskGrant: TaskGrantEcho(offer: offer))
        }
        cards[index].progress = .sending(choice)
        cards[index].notice = nil
        return ApprovalCommand(scope: scope, approvalID: card.id, runID: card.approval.runID,
                               choice: choice, request: request)
    }

    /// Step one of "allow all actions for this task": show scope and limits
    /// and ask for confirmation. False when the server offered no such choice.
    @discardableResult
    public mutating func requestTaskPermission(on id: String) -> Bool {
        guard let index = index(of: id), cards[index].canDecide else { return false }
        return cards[index].taskPermission.request()
    }

    /// Backs out of the confirmation step.
    public mutating func withdrawTaskPermission(on id: String) {
        guard let index = index(of: id) else { return }
        cards[index].taskPermission.withdraw()
    }

    /// Applies the answer to a command. Returns the run to read next (so a
    /// completed or failed outcome replaces the wait), or nil.
    @discardableResult
    public mutating func finish(_ command: ApprovalCommand, with result: Scoped<ApprovalResolveResult>) -> String? {
        guard result.scope == scope, command.scope == scope, let index = index(of: command.approvalID) else { return nil }
        switch result.value {
        case .stored(let view):
            guard scope.owns(sessionID: view.sessionID) else { return nil }
            cards[index].absorb(view)
        case .refused(let notice):
            cards[index].notice = notice
            switch notice {
            case .alreadyResolved(let decision):
                cards[index].settle(status: decision == .deny ? .denied : .approved, decision: decision)
            case .expired:
                cards[index].settle(status: .expired, decision: nil)
            case .cancelled:
                cards[index].settle(status: .cancelled, decision: nil)
            case .taskPermissionUnavailable, .taskPermissionOfferChanged, .notFound, .failed:
                // Nothing was decided: the card is live again (a changed offer must be confirmed anew).
                cards[index].progress = .idle
                cards[index].taskPermission.withdraw()
                return nil
            }
        }
        guard cards[index].isSettled else {
            cards[index].progress = .idle
            return nil
        }
        cards[index].progress = .readingRun
        return cards[index].approval.runID
    }

    /// Applies a run read taken after a decision: its outcome replaces the wait
    /// on every settled card of that run. False when dropped.
    @discardableResult
    public mutating func applyRun(_ result: Scoped<RunView>) -> Bool {
        guard result.scope == scope, scope.owns(sessionID: result.value.sessionID) else { return false }
        let outcome = ApprovalRunOutcome(result.value)
        for index in cards.indices
        where cards[index].approval.runID.caseInsensitiveCompare(result.value.id) == .orderedSame && cards[index].isSettled {
            cards[index].runOutcome = outcome
            cards[index].progress = .done
        }
        return true
    }

    /// The run was cancelled (stream `run.cancelled`): its pending cards settle as cancelled.
    public mutating func runCancelled(runID: String) {
        for index in cards.indices
        where cards[index].approval.runID.caseInsensitiveCompare(runID) == .orderedSame && !cards[index].isSettled {
            cards[index].settle(status: .cancelled, decision: nil)
            cards[index].progress = .done
        }
    }

    private func index(of id: String) -> Int? {
        cards.firstIndex { $0.id.caseInsensitiveCompare(id) == .orderedSame }
    }

    private mutating func upsert(_ view: ApprovalView) {
        if let index = index(of: view.id) {
            cards[index].absorb(view)
        } else {
            cards.append(ApprovalDecisionCard(approval: view, scope: scope))
            cards.sort { $0.approval.createdAt < $1.approval.createdAt }
        }
    }
}
