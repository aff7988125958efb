import Foundation

extension Subscription {
    /// What the sender offers, in plain words (docs/wire/subscriptions.md §3.1): never a link.
    public var offerText: String {
        if isChecking { return "Checking…" }
        switch mechanism {
        case .oneClick: return "One-click request to \(destination.isEmpty ? "the sender" : destination)"
        case .mailto:
            let to = destination.isEmpty ? (mailto?.to ?? "") : destination
            return "Sends an email to \(to.isEmpty ? "the sender" : to)"
        case .none, .unknown: return linkOnly ? "Unsubscribe link only" : "No automated unsubscribe"
        }
    }

    /// The state in words; pending rows by what is in flight (docs/wire/subscriptions.md §7, step 4); an
    /// unknown state shows its raw text.
    public var stateText: String {
        switch state {
        case .active: return isChecking ? "Checking…" : "Active"
        case .kept: return "Kept"
        case .pending:
            switch operation?.action {
            case .reportSpam?: return "Reporting spam…"
            case .notSpam?: return "Restoring from spam…"
            default: return "Unsubscribing…"
            }
        case .unsubscribed: return "Unsubscribed"
        case .failed: return isChecking ? "Unsubscribe failed · Checking…" : "Unsubscribe failed"
        case .stillSending: return "Still sending after you unsubscribed"
        case .reportedSpam: return "Reported as spam"
        case .unknown(let raw): return raw
        }
    }

    /// The row as one line beside a message (a thread's bulk-sender line): what the sender offers
    /// and its state, or only "Checking…" while it is checked.
    public var offerLine: String { isChecking ? stateText : "\(offerText) · \(stateText)" }

    /// "14 conversations" or "more than 200 conversations".
    public var countText: String {
        let noun = threadCount == 1 && !threadCountOverflow ? "conversation" : "conversations"
        return threadCountOverflow ? "more than \(threadCount) \(noun)" : "\(threadCount) \(noun)"
    }

    /// A sentence for the state that needs one: still_sending says so and points at Report spam.
    public var stateAdvice: String? {
        switch state {
        case .stillSending: "Mail kept arriving after the unsubscribe. Report spam, unsubscribe again, or Keep."
        case .failed: operation?.code.map { "\($0.sentence) Try again, Report spam, or Keep." }
            ?? "The last unsubscribe failed. Try again, Report spam, or Keep."
        case .reportedSpam: "Reported as spam. Not spam moves the conversations back."
        default: nil
        }
    }
}
