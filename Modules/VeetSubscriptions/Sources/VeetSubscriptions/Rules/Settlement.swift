import Foundation

/// What became of one row after its command (docs/wire/subscriptions.md §7, step 3: the row's state and
/// operation are trusted, not the run's status). Success is quiet; every
/// failure restores the row with an error that says what to do and what remains.
public enum RowOutcome: Sendable, Hashable {
    /// Done as asked: nothing to say.
    case done(Subscription)
    /// Back in its prior or `failed` state, with what happened and the actions left.
    case restored(Subscription, message: String, remaining: [RowAction])
    /// Still in flight when polling stopped.
    case stillPending(Subscription, message: String)

    public var row: Subscription {
        switch self {
        case .done(let row), .restored(let row, _, _), .stillPending(let row, _): row
        }
    }

    public var message: String? {
        switch self {
        case .done: nil
        case .restored(_, let message, _), .stillPending(_, let message): message
        }
    }
}

/// The rule that turns a polled operation and the census read back into row outcomes.
public enum Settlement {
    /// `before`: the row as it was when the command was sent; `after`: as read
    /// back (nil when the census could not be read or no longer lists it).
    public static func outcome(before: Subscription, after: Subscription?, poll: PollEnd, action: OperationAction,
                               flags: AccountFlags) -> RowOutcome {
        let verb = action == .unsubscribe ? "unsubscribe" : action == .reportSpam ? "spam report" : "Not spam"
        let unreadable: String? = if case .unreadable(let error) = poll { "Its status could not be read (\(error))." }
            else { nil }
        guard let after else {
            let row = restoredLocally(before)
            return .restored(row, message: "\(unreadable ?? "The list could not be read back.") The \(verb) may or may "
                             + "not have happened; read the list again before trying once more.", remaining: row.actions(flags))
        }
        if after.state == .pending {
            guard let unreadable else {
                return .stillPending(after, message: "The server is still working on it. Read the list again later; "
                                     + "nothing else is needed now.")
            }
            let row = restoredLocally(after)
            return .restored(row, message: "\(unreadable) The \(verb) may still be running; read the list again "
                             + "before trying once more.", remaining: row.actions(flags))
        }
        let remaining = after.actions(flags)
        let options = remaining.isEmpty ? "" : " Still possible: " + remaining.map {
            $0 == .unsubscribe ? after.unsubscribeLabel : $0.label }.joined(separator: ", ") + "."
        let operation = after.operation
        let code = operation?.code
        if operation?.outcomeUncertain == true {
            return .restored(after, message: (code?.sentence ?? "It is not known whether the \(verb) happened.")
                             + " Check the sender's mail before trying again." + options, remaining: remaining)
        }
        if succeeded(after, action: action) { return .done(after) }
        var text = (unreadable.map { $0 + " " } ?? "") + (code?.sentence ?? "The \(verb) did not complete.")
        if case .finished(let status) = poll, status == .failed || status == .cancelled, code == nil {
            text = "The work behind the \(verb) \(status == .cancelled ? "was cancelled" : "failed") before it finished."
        }
        return .restored(after, message: text + options, remaining: remaining)
    }

    /// A row that ended where `action` leads.
    static func succeeded(_ row: Subscription, action: OperationAction) -> Bool {
        guard row.operation?.status == .completed || row.operation == nil else { return false }
        switch action {
        case .unsubscribe: return row.state == .unsubscribed
        case .reportSpam: return row.state == .reportedSpam
        case .notSpam: return row.state == .active
        case .unknown: return false
        }
    }

    /// The row as it was before the command, when nothing newer could be read.
    static func restoredLocally(_ before: Subscription) -> Subscription {
        var row = before
        if row.state == .pending { row.state = row.operation?.priorState ?? .active }
        return row
    }
}

extension Subscription {
    /// The row while its command runs: "Unsubscribing…", "Reporting spam…" or
    /// "Restoring from spam…", with no actions.
    public func pending(_ action: OperationAction) -> Subscription {
        var row = self
        row.operation = RowOperation(operationID: operation?.operationID ?? "", action: action, status: .pending,
                                     priorState: state)
        row.state = .pending
        return row
    }
}
