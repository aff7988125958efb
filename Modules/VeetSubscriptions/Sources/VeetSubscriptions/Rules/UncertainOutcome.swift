import Foundation

extension RowOperation {
    /// Nobody knows whether the action happened (the run said `uncertain`, or its code says
    /// the outcome, the send or the labels are unknown): the owner checks before trying again.
    public var outcomeUncertain: Bool {
        status == .uncertain || code == .outcomeUnknown || code == .sendUncertain || code == .labelsUncertain
    }
}

extension Subscription {
    /// The row's latest action has an uncertain outcome ("Needs you" lists it).
    public var outcomeUncertain: Bool { operation?.outcomeUncertain == true }
}
