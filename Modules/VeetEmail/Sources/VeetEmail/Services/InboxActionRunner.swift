import Foundation
import VeetTransport
import VeetWire

/// Performs one optimistic inbox action and reports how it ended. The app
/// hides the row (`ThreadListModel.hidePending`) and moves the reading page
/// (`SuccessorSelection`) before calling `perform`, without waiting for it;
/// then removes the row on `.done` or restores it with the error otherwise.
/// Archive and spam are followed through their operation to the thread's
/// `archive_operation`, the only proof Gmail changed.
public struct InboxActionRunner: Sendable {
    public let api: EmailAPI
    /// Status reads of one operation before its outcome counts as unreadable.
    public var maxPolls: Int

    public init(api: EmailAPI, maxPolls: Int = 30) {
        self.api = api
        self.maxPolls = maxPolls
    }

    /// Runs `action` on `thread`. `key` is the intent's key: pass the same one
    /// to retry the same gesture.
    public func perform(_ action: InboxAction, on thread: EmailThreadSummary, account: EmailAccount?,
                        key: IdempotencyKey = IdempotencyKey()) async -> InboxActionOutcome {
        guard InboxActionAvailability().actions(for: thread, account: account).contains(action) else {
            return .restored(.unsupported(action))
        }
        do {
            switch action {
            case .markHandled, .markUnhandled:
                let updated = try await api.setHandled(action == .markHandled, threadID: thread.id,
                                                       expectedRevision: thread.revision, key: key)
                return .done(updated)
            case .clearSuspicion:
                return .done(try await api.setSuspicionCleared(true, threadID: thread.id, key: key))
            case .archive, .unarchive:
                let operation = try await api.setArchived(action == .archive, threadID: thread.id,
                                                          expectedRevision: thread.revision, key: key)
                return await follow(operation, thread: thread)
            case .reportSpam, .notSpam:
                let operation = try await api.setSpam(action == .reportSpam, threadID: thread.id,
                                                      expectedRevision: thread.revision, key: key)
                return await follow(operation, thread: thread)
            }
        } catch {
            return .restored(failure(for: error, action: action))
        }
    }

    /// Polls the operation to its end, then reads the thread back once.
    private func follow(_ operation: EmailOperation, thread: EmailThreadSummary) async -> InboxActionOutcome {
        var latest = operation
        var polling = OperationPolling()
        var reads = 0
        var delay = polling.nextDelayAfterAnswer()
        while !latest.status.isTerminal {
            guard reads < maxPolls else { return .restored(.unreadable("The operation did not finish in time.")) }
            do { try await api.send.sleeper(delay) } catch { return .cancelled }
            reads += 1
            do {
                latest = try await api.operation(id: operation.operationID)
                delay = polling.nextDelayAfterAnswer()
            } catch {
                if QuietFailure.isCancellation(error) { return .cancelled }
                guard let wait = polling.nextDelayAfterFailure() else {
                    return .restored(.unreadable(String(describing: error)))
                }
                delay = wait
            }
        }
        let detail: EmailThreadDetail
        do {
            detail = try await api.thread(id: thread.id)
        } catch {
            if QuietFailure.isCancellation(error) { return .cancelled }
            return .restored(.unreadable(String(describing: error)))
        }
        let summary = detail.thread
        switch summary.archiveOperation?.status {
        case .completed?: return .done(summary)
        case .failed?: return .restored(.failed(summary.archiveOperation?.error ?? "the operation failed."), summary)
        case .uncertain?: return .restored(.uncertain(summary.archiveOperation?.error ?? ""), summary)
        default:
            // A terminal run with a still-pending (or missing) operation is not done: never present it as done.
            return .restored(.unreadable("The mailbox change was not confirmed (run \(latest.status.rawValue))."), summary)
        }
    }

    private func failure(for error: any Error, action: InboxAction) -> InboxActionFailure {
        guard let api = error as? APIError else {
            return QuietFailure.isCancellation(error) ? .other("Cancelled.") : .unreadable(String(describing: error))
        }
        switch api.status {
        case 402: return .budget(BudgetRefusal(api) ?? BudgetRefusal())
        case 403: return .denied(reason: "This token may not \(action.phrase) on this account (missing scope). \(api.reference)")
        case 404 where api.message == "The requested resource was not found.", 405: return .routeMissing(action)
        case 409: return .conflict
        default: return .other(EmailError.from(api)?.description ?? api.description)
        }
    }
}

/// How an optimistic action ended.
public enum InboxActionOutcome: Sendable, Hashable {
    /// Confirmed: the row leaves for good (the updated thread, when read back).
    case done(EmailThreadSummary?)
    /// Put the row back, with this error beside it (and the thread as re-read, when it was).
    case restored(InboxActionFailure, EmailThreadSummary? = nil)
    /// The client cancelled it; the outcome resumes being checked when Email reopens.
    case cancelled

    /// The account and kind to hide after a `403`, for `InboxActionAvailability.deny`.
    public var deniedReason: String? {
        if case .restored(.denied(let reason), _) = self { return reason }
        return nil
    }
}

extension InboxAction {
    var phrase: String {
        switch self {
        case .archive: "archive in Gmail"
        case .unarchive: "move conversations back to the Inbox"
        case .markHandled, .markUnhandled: "change the handled state"
        case .reportSpam: "report spam"
        case .notSpam, .clearSuspicion: "mark conversations as not spam"
        }
    }
}
