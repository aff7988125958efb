import VeetAccount
import VeetChat

extension AlertSignal {
    /// A translation, one to one: what VeetChat's transcript says a run needs
    /// becomes what VeetAccount's alert rules take. It holds no rule of its own.
    init(_ attention: RunAttention, runID: String, sessionID: String?) {
        func candidate(_ kind: AlertCandidate.Kind, approvalID: String? = nil, questionID: String? = nil) -> AlertCandidate {
            AlertCandidate(kind: kind, targets: NotificationTargets(sessionID: sessionID, runID: runID,
                                                                    approvalID: approvalID, questionID: questionID))
        }
        switch attention {
        case .approvalPending(let approvalID): self = .raise(candidate(.approval, approvalID: approvalID))
        case .approvalSettled(let approvalID): self = .resolve(key: candidate(.approval, approvalID: approvalID).key)
        case .questionAsked(let questionID): self = .raise(candidate(.question, questionID: questionID))
        case .runMovedOn: self = .runMovedOn(runID: runID)
        case .runFailed: self = .raise(candidate(.runFailed))
        }
    }
}
