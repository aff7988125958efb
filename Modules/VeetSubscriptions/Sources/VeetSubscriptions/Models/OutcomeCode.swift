import Foundation
import VeetTransport

/// The closed, content-free outcome of a row's last operation (docs/wire/subscriptions.md §6), in words.
public enum OutcomeCode: LenientEnum {
    case accepted, redirectRefused, rejected, destinationRefused, tlsFailed, unreachable
    case evidenceChanged, notEligible, requiresSend, sent, sendFailed, sendUncertain
    case labelsCompleted, labelsFailed, labelsUncertain, notAttempted, outcomeUnknown
    case unknown(String)

    public static let wireNames: [(OutcomeCode, String)] = [
        (.accepted, "unsubscribe.accepted"), (.redirectRefused, "unsubscribe.redirect_refused"),
        (.rejected, "unsubscribe.rejected"), (.destinationRefused, "unsubscribe.destination_refused"),
        (.tlsFailed, "unsubscribe.tls_failed"), (.unreachable, "unsubscribe.unreachable"),
        (.evidenceChanged, "unsubscribe.evidence_changed"), (.notEligible, "unsubscribe.not_eligible"),
        (.requiresSend, "unsubscribe.requires_send"), (.sent, "unsubscribe.sent"),
        (.sendFailed, "unsubscribe.send_failed"), (.sendUncertain, "unsubscribe.send_uncertain"),
        (.labelsCompleted, "labels.completed"), (.labelsFailed, "labels.failed"), (.labelsUncertain, "labels.uncertain"),
        (.notAttempted, "unsubscribe.not_attempted"), (.outcomeUnknown, "unsubscribe.outcome_unknown"),
    ]
    public var unknownValue: String? { if case .unknown(let raw) = self { raw } else { nil } }

    /// What happened, in one sentence an owner can act on. `accepted` means the
    /// sender's server took the request, not that mail will stop.
    public var sentence: String {
        switch self {
        case .accepted: "The sender accepted the unsubscribe request (mail may still arrive for a few days)."
        case .sent: "The unsubscribe email was sent."
        case .redirectRefused: "The sender tried to redirect the request elsewhere, so it was not followed."
        case .rejected: "The sender's server refused the unsubscribe request."
        case .destinationRefused: "The sender's unsubscribe address is not one Veetbot will contact."
        case .tlsFailed: "A secure connection to the sender could not be made."
        case .unreachable: "The sender's server could not be reached."
        case .evidenceChanged: "The sender's unsubscribe details changed since they were checked; nothing was sent."
        case .notEligible: "This sender cannot be unsubscribed automatically right now; nothing was sent."
        case .requiresSend: "This sender needs an email sent, which this account may not send; nothing was sent."
        case .sendFailed: "The unsubscribe email could not be sent."
        case .sendUncertain: "It is not known whether the unsubscribe email was sent."
        case .labelsCompleted: "The mailbox was updated."
        case .labelsFailed: "The mailbox could not be updated."
        case .labelsUncertain: "It is not known whether the mailbox was updated."
        case .notAttempted: "The work ended before the sender was contacted; nothing was sent."
        case .outcomeUnknown: "It is not known whether the request or a mailbox change happened."
        case .unknown: "The server reported an outcome this client does not know."
        }
    }
}
