import VeetChat
import VeetConsole

/// What `veet outbox retry N` did, in words and as `--json`
/// (`{"id","result","session_id","run_id","reason"}`, snake_case; null when unknown).
/// What happened is VeetChat's `OutboxRetry`; the words name the commands that act on it.
struct RetryOutcome: Encodable {
    var retry: OutboxRetry

    init(_ retry: OutboxRetry) {
        self.retry = retry
    }

    enum CodingKeys: String, CodingKey {
        case id, result, sessionID = "session_id", runID = "run_id", reason
    }

    func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(String(retry.entryID), forKey: .id) // a string, as `veet outbox list --json` prints it
        try c.encode(retry.result.rawValue, forKey: .result)
        try c.encode(retry.sessionID, forKey: .sessionID)
        try c.encode(retry.runID, forKey: .runID)
        try c.encode(retry.reason, forKey: .reason)
    }

    var exitCode: ExitCode { retry.isDelivered ? .success : .failure }

    func text(id: Int64) -> String {
        let run = retry.runID.map { "; run \($0)" } ?? ""
        let into = retry.newConversation ? retry.sessionID.map { " into the new conversation \($0)" } ?? "" : ""
        let behind = retry.behind.map(String.init) ?? "?"
        switch retry.result {
        case .delivered:
            return "Delivered" + (retry.byEcho ? " (the server already had it)" : "") + into + run + "."
        case .alreadyDelivered:
            return "#\(id) was already delivered" + (retry.sessionID.map { " (conversation \($0)" + run + ")" } ?? "")
                + "; nothing was sent again."
        case .busy:
            return "Not sent yet: a run is still working in that conversation (\(retry.runID ?? "?")). "
                + "It stays in the outbox; `veet outbox retry \(id)` when that run ends."
        case .failed:
            return "Not delivered: \(retry.reason ?? "no answer"). It stays in the outbox with its key; "
                + "`veet outbox retry \(id)` tries again (it is sent once either way)."
        case .refused:
            return "#\(id) was refused by the server (\(retry.reason ?? "refused")); it will not be sent again. "
                + "`veet outbox discard \(id)` removes it."
        case .waiting:
            let conversation = retry.newConversation && retry.sessionID == nil ? "the new conversation it opens" : "that conversation"
            return "Not sent: an earlier message (#\(behind)) of \(conversation) must go first; "
                + "`veet outbox retry \(behind)` sends it, then this one follows."
        case .sendingElsewhere:
            return "#\(id) is being sent right now by another program (veetd, or another window); nothing was sent from here. "
                + "`veet outbox list` shows when it is through."
        case .discarded:
            return "#\(id) was discarded meanwhile; it was not sent."
        }
    }
}
