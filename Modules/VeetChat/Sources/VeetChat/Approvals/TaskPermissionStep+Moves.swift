import Foundation
import VeetWire

/// The moves of the two-step "allow all actions for this task": asking shows
/// the scope and limits, and only a confirmation while they are shown gives
/// the task choice. `ApprovalBoard` moves its cards' steps with these, and a
/// frontend holding one approval (a docked card, a terminal prompt) does too.
extension TaskPermissionStep {
    /// `.offered` when the server made an offer, else `.notOffered`.
    public init(offer: TaskGrantOffer?) {
        self = offer == nil ? .notOffered : .offered
    }

    /// The step for one approval as a frontend shows it: offered only on a
    /// browser.act card (`card`, nil for any other tool) whose approval carries an offer.
    public init(approval: ApprovalView, card: BrowserActCard?) {
        self.init(offer: card?.taskOffer == nil ? nil : approval.taskGrantOffer)
    }

    /// Step one: show the offer and ask for confirmation. False (nothing
    /// changes) unless the choice is offered and not already being confirmed.
    @discardableResult
    public mutating func request() -> Bool {
        guard self == .offered else { return false }
        self = .confirming
        return true
    }

    /// Backs out of the confirmation: the choice is offered again.
    public mutating func withdraw() {
        if self == .confirming { self = .offered }
    }

    /// Step two: the confirmation. True only while the offer is shown; the
    /// step is spent either way the decision then goes.
    public mutating func confirm() -> Bool {
        guard self == .confirming else { return false }
        self = .offered
        return true
    }

    public var isConfirming: Bool { self == .confirming }
}
