import Dispatch
import Foundation

/// Raises inbox items the way the real notifier does when a run needs the
/// owner: `approval_requested` (with the tool name) when a run waits on an
/// approval, `question_asked` when it waits for an answer, `run_failed` when
/// it fails. Each approval, question and failure is raised once. It looks at
/// the runs every `interval` seconds on a Dispatch timer until `stop()`.
public final class AutoNotifications: @unchecked Sendable {  // the timer is set up in init; cancel() is thread-safe
    private let timer: DispatchSourceTimer
    private let raised = Locked<Set<String>>([])

    init(server: FixtureServer, interval: TimeInterval) {
        timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "fixture.auto-notifications"))
        timer.schedule(deadline: .now() + interval, repeating: interval)
        timer.setEventHandler { [raised, weak server] in
            guard let server else { return }
            for wait in server.runsNeedingOwner() {
                guard raised.update({ $0.insert(wait.key).inserted }) else { continue }
                server.raiseNotification(kind: wait.kind, sessionID: wait.sessionID, runID: wait.runID,
                                         approvalID: wait.approvalID, questionID: wait.questionID, toolName: wait.toolName)
            }
        }
        timer.resume()
    }

    public func stop() { timer.cancel() }

    deinit { timer.cancel() }
}

struct OwnerWait {
    var key: String
    var kind: String
    var sessionID: String
    var runID: String
    var approvalID: String?
    var questionID: String?
    var toolName: String?
}

extension FixtureServer {
    /// Starts raising notifications for runs that wait on the owner or fail (see `AutoNotifications`).
    public func startAutoNotifications(interval: TimeInterval = 0.1) -> AutoNotifications {
        AutoNotifications(server: self, interval: interval)
    }

    func runsNeedingOwner() -> [OwnerWait] {
        store.transaction { state in
            state.runs.values.compactMap { run -> OwnerWait? in
                switch run.status {
                case .waitingForApproval:
                    guard let id = run.pendingApprovalID else { return nil }
                    return OwnerWait(key: "approval:\(id)", kind: "approval_requested", sessionID: run.sessionID,
                                     runID: run.id, approvalID: id, toolName: state.approvals[id]?.toolName)
                case .waitingForUser:
                    guard let id = run.outstandingQuestionID else { return nil }
                    return OwnerWait(key: "question:\(id)", kind: "question_asked", sessionID: run.sessionID,
                                     runID: run.id, questionID: id)
                case .failed:
                    return OwnerWait(key: "failed:\(run.id)", kind: "run_failed", sessionID: run.sessionID, runID: run.id)
                default:
                    return nil
                }
            }
        }
    }
}
