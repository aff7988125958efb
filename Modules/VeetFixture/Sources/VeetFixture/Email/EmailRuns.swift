import Foundation

/// The runs behind email operations (an email operation is a run, docs/wire/email.md §13):
/// they live in one server-owned "Email" session and are moved by the email
/// handlers, never by the scripted agent.
extension StoreState {
    static let emailRunKind = "email_operation"

    func emailWorkSession() -> SessionRecord? {
        if let id = email.workSessionID, let session = sessions[id] { return session }
        guard let created = try? createSession(agentID: "general", metadata: ["run_kind": .string(Self.emailRunKind)]),
              let id = created["id"]?.stringValue, let session = sessions[id] else { return nil }
        session.title = "Email"
        email.workSessionID = id
        return session
    }

    /// A queued run in the Email session.
    func startEmailRun(prompt: String) -> RunRecord {
        let sessionID = emailWorkSession()?.id ?? Identifier.make()
        let run = RunRecord(id: Identifier.make(), sessionID: sessionID, scenario: .markdown, prompt: prompt,
                            createdAt: now())
        runs[run.id] = run
        if let session = sessions[sessionID] {
            session.runIDs.append(run.id)
            session.lastRunID = run.id
        }
        append("run.queued", ["priority": 0], to: run)
        return run
    }

    func markEmailRunRunning(_ run: RunRecord) {
        guard run.status == .queued else { return }
        run.attempt += 1
        run.status = .running
        append("run.started", ["attempt": .int(run.attempt), "lease_epoch": .int(run.attempt)], to: run)
    }

    func endEmailRun(_ run: RunRecord, failed message: String?) {
        guard !run.status.isTerminal else { return }
        if let message {
            let failure = RunFailure(reason: "tool_execution_error", message: message, stepNumber: nil, attemptNumber: nil,
                                     occurredAt: now(), errorClass: "EmailOperationFailed", details: [:])
            run.failure = failure
            finish(run, as: .failed, event: "run.failed", payload: [
                "failure": ["attempt_number": nil, "details": [:], "error_class": .string(failure.errorClass),
                            "message": .string(message), "occurred_at": .string(failure.occurredAt.zulu),
                            "reason": .string(failure.reason), "step_number": nil],
            ])
        } else {
            finish(run, as: .completed, event: "run.completed",
                   payload: ["final_message": StoreState.assistantMessage("Done.", itemIndex: 0)])
        }
    }
}
