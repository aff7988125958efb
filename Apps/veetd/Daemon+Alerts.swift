import Foundation
import VeetAccount
import VeetChat
import VeetStore
import VeetTransport
import VeetWire

extension Daemon {
    var visibleSessions: Set<String> { Set(visible.values) }

    /// Moves run and inbox signals onto the board.
    func applySignals() {
        let now = Date()
        for (signal, connection) in signals.drain() {
            if board.apply(signal, now: now, visibleSessions: visibleSessions), case .raise(let candidate) = signal {
                alertConnections[candidate.key] = connection
                learnWhenAsked(candidate, connection: connection)
            }
        }
        let pendingKeys = Set(board.pending.keys)
        alertConnections = alertConnections.filter { pendingKeys.contains($0.key) }
    }

    /// A live stream says only which approval waits; the server says since when
    /// (`created_at`), and the hold counts from then (`AlertBoard.learnAskedAt`).
    private func learnWhenAsked(_ candidate: AlertCandidate, connection: String) {
        guard candidate.kind == .approval, candidate.askedAt == nil, let approvalID = candidate.targets.approvalID,
              let runtime = connections[connection] else { return }
        let chat = ChatAPI(sender: .live(client: runtime.client))
        Task {
            guard let asked = try? await chat.approval(id: approvalID).createdAt.date else { return }
            self.learned(key: candidate.key, askedAt: asked)
        }
    }

    private func learned(key: String, askedAt: Date) {
        board.learnAskedAt(key: key, askedAt: askedAt, now: Date())
        wakeup.poke()
    }

    /// Shows what came due, after checking with the server that it still matters.
    func raiseDueAlerts() async {
        let due = board.takeDue(now: Date(), visibleSessions: visibleSessions)
        for candidate in due {
            let connection = alertConnections.removeValue(forKey: candidate.key)
            guard let runtime = connection.flatMap({ connections[$0] }) else { continue }
            guard let ready = await enricher(for: runtime).enrich(candidate) else {
                log.info("alert \(candidate.kind.rawValue) dropped: handled elsewhere")
                continue
            }
            // A client may have opened the conversation while the server was asked.
            if let session = ready.targets.sessionID, visibleSessions.contains(session) { continue }
            showAlert(AlertWording.alert(for: ready), connection: runtime.name)
        }
    }

    private func enricher(for runtime: ConnectionRuntime) -> AlertEnricher {
        let chat = ChatAPI(sender: .live(client: runtime.client))
        let account = AccountAPI(sender: .live(client: runtime.client))
        return AlertEnricher(
            approval: { id in
                guard let view = try? await chat.approval(id: id) else { return nil }
                return (view.toolName, view.status == .pending)
            },
            runWaiting: { runID in
                guard let run = try? await chat.run(id: runID) else { return nil }
                return run.status == .waitingForUser
            },
            schedule: ScheduleFactsLookup(sender: account.send))
    }

    /// The owner chose Approve once or Deny on an approval alert. A decision that
    /// did not go through raises a second alert saying so and why: the owner
    /// must never believe a refused or lost decision was made.
    func perform(action: String, on alert: DesktopAlert, connection: String?) async {
        guard let approvalID = alert.targets.approvalID else { return }
        // Only the connection the alert came from (or the only one there is): an
        // approval id means nothing to another server.
        let only = connections.count == 1 ? connections.values.first : nil
        guard let runtime = connection.map({ connections[$0] }) ?? only else {
            log.warn("approval \(approvalID) not resolved from the notification: its connection is gone")
            notifier?.show(Self.notDone(alert, why: "VeetKit no longer knows the server this approval came from."))
            return
        }
        let decision: ApprovalDecision = action == "approve_once" ? .approveOnce : .deny
        do {
            _ = try await ChatAPI(sender: .live(client: runtime.client)).resolve(approvalID: approvalID, decision: decision)
            log.info("approval \(approvalID) resolved from the notification (\(action))")
        } catch {
            log.warn("approval \(approvalID) not resolved from the notification (\(RunHub.kind(of: error)))")
            notifier?.show(Self.notDone(alert, why: Self.reason(error)))
        }
    }

    /// Why a decision sent from a notification did not go through, in the owner's words.
    static func reason(_ error: Error) -> String {
        guard let refusal = error as? APIError else {
            return "The server did not answer. Open veet or veet-tui to decide it."
        }
        return ApprovalService.notice(for: refusal).description
    }

    /// The follow-up to an approval alert whose decision failed (no buttons: deciding again happens in a client).
    static func notDone(_ alert: DesktopAlert, why: String) -> DesktopAlert {
        var followUp = alert
        followUp.key = alert.key + ":not-done"
        followUp.title = "Your decision did not go through"
        followUp.body = why
        followUp.actions = []
        return followUp
    }

    func connectionName(forRun runID: String?) -> String? {
        guard let runID else { return nil }
        return hub.channel(runID: runID)?.connection
    }
}
