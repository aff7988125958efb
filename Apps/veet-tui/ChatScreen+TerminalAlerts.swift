import Foundation
import VeetCurses
import VeetDaemonProtocol
import VeetStore
import VeetTerminal

/// Terminal notifications (OSC 9 / 777, BEL; docs/tui.md "Notifications"):
/// the terminal reports focus (DECSET 1004, turned on by the terminal session);
/// while it is away, an approval, a question or a finished run in any
/// conversation is told once, unless veetd already showed a desktop alert for
/// it. The rule is `TerminalAlertRule`; this only feeds it and writes.
extension ChatScreen {
    /// veetd's shown alerts are asked at most this often while the terminal is away.
    static let daemonAlertsInterval: TimeInterval = 2

    /// A focus report, or any key or click (the owner is here). True when the event was a focus report.
    func noteFocus(_ event: InputEvent) -> Bool {
        switch event {
        case .focus(let focused):
            terminalAlerts.focusChanged(focused)
            backend.daemon.tellLooking(focused)  // veetd walks the index every 30 s only while someone looks
            // Back in the terminal (focus-in, or resumed after Ctrl-Z or SIGSTOP): the list is brought up to date.
            if focused, ReturnRefresh.isDue(now: Date(), lastReconcile: lastReconcile) { reconcileDue = Date() }
            if !focused { backend.daemon.refreshRaisedAlerts() }
            return true
        case .key, .mouse, .paste:
            terminalAlerts.ownerActed()
            return false
        case .resize:
            return false
        }
    }

    /// A fresh index: runs that left it active have finished.
    func noteIndexForTerminalAlerts(_ sessions: [CachedSession]) {
        pendingFinished += terminalAlerts.finishedRuns(in: sessions)
    }

    /// Once a loop turn in which something changed: tells what is new.
    func raiseTerminalAlerts(now: Date) {
        if terminalAlerts.focused == false, now.timeIntervalSince(lastDaemonAlertsRead) >= Self.daemonAlertsInterval {
            lastDaemonAlertsRead = now
            backend.daemon.refreshRaisedAlerts()
        }
        let dockedQuestion = state.conversation.question.flatMap { _ in state.conversation.work?.runID.map { ($0, state.conversation.sessionID) } }
        let items = TerminalAlertRule.waiting(approvals: state.pendingApprovals, docked: state.conversation.approval?.approval,
                                              questionRuns: state.questionWaits.runs,
                                              dockedQuestionRun: dockedQuestion) + pendingFinished
        pendingFinished = []
        let raised = backend.daemon.raisedAlerts
        let support = TerminalNotification.Support.detect(environment: environment)
        for item in terminalAlerts.toRaise(items, raisedByDaemon: { Self.daemonRaised($0, among: raised) }) {
            terminal.sendControlSequence(TerminalNotification.sequence(title: "Veet", body: item.title, support: support))
        }
    }

    /// Whether one of veetd's shown alerts is about the same thing.
    nonisolated static func daemonRaised(_ item: AttentionItem, among alerts: [RaisedAlert]) -> Bool {
        alerts.contains { alert in
            switch item.kind {
            case .approval: alert.approvalID == item.id
            case .question: alert.kind == "question" && alert.runID == item.runID
            case .finished: alert.kind != "approval" && alert.kind != "question" && alert.runID == item.runID
            }
        }
    }
}
