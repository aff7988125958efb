import VeetConsole
import VeetStore

/// What `veet outbox retry N` did, in words and as `--json`
/// (`{"id","result","session_id","run_id","reason"}`, snake_case; null when unknown).
struct RetryOutcome: Encodable {
    enum Result: String, Encodable {
        case delivered, alreadyDelivered = "already_delivered", busy, failed, refused, waiting
        case sendingElsewhere = "sending_elsewhere", discarded
    }

    var id: Int64
    var result: Result
    var sessionID: String?
    var runID: String?
    var reason: String?
    /// Another entry it waits behind, or the server already had the message (`byEcho`).
    var behind: Int64? = nil
    var byEcho = false
    var newConversation = false

    enum CodingKeys: String, CodingKey {
        case id, result, sessionID = "session_id", runID = "run_id", reason
    }

    func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(String(id), forKey: .id) // a string, as `veet outbox list --json` prints it
        try c.encode(result, forKey: .result)
        try c.encode(sessionID, forKey: .sessionID)
        try c.encode(runID, forKey: .runID)
        try c.encode(reason, forKey: .reason)
    }

    init(id: Int64, result: Result, sessionID: String?, runID: String?, reason: String?) {
        self.id = id
        self.result = result
        self.sessionID = sessionID
        self.runID = runID
        self.reason = reason
    }

    init(_ delivery: DeliveryResult, before: OutboxEntry, store: LocalStore) throws {
        id = before.id
        newConversation = before.conversationKey != nil
        sessionID = delivery.entry?.sessionID ?? before.sessionID
        switch delivery {
        case .confirmed(_, let run, let echo): result = .delivered; runID = run; byEcho = echo
        case .busy(_, let run): result = .busy; runID = run
        case .failed(_, let why): result = .failed; reason = why
        case .refused(_, let why, _): result = .refused; reason = why
        case .waiting(_, let earlier): result = .waiting; behind = earlier
        case .claimedElsewhere: result = .sendingElsewhere
        case .notPending:
            // Settled by another program meanwhile: delivered (its conversation is known), or discarded.
            if let settled = try store.outboxEntry(id: before.id), settled.state == .confirmed {
                result = .alreadyDelivered; sessionID = settled.sessionID; runID = settled.runID
            } else {
                result = .discarded; sessionID = nil
            }
        }
    }

    var exitCode: ExitCode {
        switch result {
        case .delivered, .alreadyDelivered: .success
        case .busy, .failed, .refused, .waiting, .sendingElsewhere, .discarded: .failure
        }
    }

    func text(id: Int64) -> String {
        let run = runID.map { "; run \($0)" } ?? ""
        let into = newConversation ? sessionID.map { " into the new conversation \($0)" } ?? "" : ""
        switch result {
        case .delivered:
            return "Delivered" + (byEcho ? " (the server already had it)" : "") + into + run + "."
        case .alreadyDelivered:
            return "#\(id) was already delivered" + (sessionID.map { " (conversation \($0)" + run + ")" } ?? "")
                + "; nothing was sent again."
        case .busy:
            return "Not sent yet: a run is still working in that conversation (\(runID ?? "?")). "
                + "It stays in the outbox; `veet outbox retry \(id)` when that run ends."
        case .failed:
            return "Not delivered: \(reason ?? "no answer"). It stays in the outbox with its key; "
                + "`veet outbox retry \(id)` tries again (it is sent once either way)."
        case .refused:
            return "#\(id) was refused by the server (\(reason ?? "refused")); it will not be sent again. "
                + "`veet outbox discard \(id)` removes it."
        case .waiting:
            let conversation = newConversation && sessionID == nil ? "the new conversation it opens" : "that conversation"
            return "Not sent: an earlier message (#\(behind.map(String.init) ?? "?")) of \(conversation) must go first; "
                + "`veet outbox retry \(behind.map(String.init) ?? "?")` sends it, then this one follows."
        case .sendingElsewhere:
            return "#\(id) is being sent right now by another program (veetd, or another window); nothing was sent from here. "
                + "`veet outbox list` shows when it is through."
        case .discarded:
            return "#\(id) was discarded meanwhile; it was not sent."
        }
    }
}
