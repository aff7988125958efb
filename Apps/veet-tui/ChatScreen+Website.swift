import Foundation
import VeetChat
import VeetChatScreens
import VeetCurses
import VeetWebsiteAccess
import VeetWebsiteAccessScreens

/// Website access in the chat: the approval dock's keys (a browser.act card's
/// "allow for this task" in two steps) and the task permission's Stop. The
/// Website Access screen is the feature's own (VeetWebsiteAccessScreens, mounted in ChatScreen+Faces.swift).
extension ChatScreen {
    func handleApproval(_ key: KeyPress) {
        guard let docked = state.conversation.approval else { state.focus = .composer; return }
        // On its way: a second press sends nothing (the card says which decision travels).
        guard docked.sending == nil else { return }
        let answer: ApprovalAnswer
        switch key {
        case .char("y") where docked.taskPermission.isConfirming, KeyPress(.enter) where docked.taskPermission.isConfirming:
            guard state.conversation.approval?.taskPermission.confirm() == true else { return }
            answer = .approveForTask
            state.taskGrantsStale = true
        case .char("n") where docked.taskPermission.isConfirming:
            state.conversation.approval?.taskPermission.withdraw()
            return
        case .char("t") where docked.taskPermission == .offered:
            state.conversation.approval?.taskPermission.request()
            return
        case .char("v"):
            state.conversation.approval?.argumentsExpanded.toggle()
            state.conversation.approval?.argumentScroll = 0
            return
        case KeyPress(.up), .char("k"):
            state.conversation.approval?.argumentScroll -= 1
            return
        case KeyPress(.down), .char("j"):
            // The settle step stops it at the last line.
            state.conversation.approval?.argumentScroll += 1
            return
        case .char("a"), .char("y"): answer = .approveOnce
        case .char("d"), .char("n"):
            // Deny asks for an optional reason first (Enter alone denies without one).
            state.linePrompt = LinePrompt(purpose: .denyReason(ticket: docked.ticket), label: "Reason for denying (optional):")
            return
        default: return
        }
        decide(answer, ticket: docked.ticket)
    }

    /// Hands the decision to the waiting turn; the card stays docked, showing
    /// it on its way, until the server confirms it (`applyApprovalProgress`).
    func decide(_ answer: ApprovalAnswer, ticket: Int) {
        guard state.conversation.approval?.ticket == ticket, state.conversation.approval?.sending == nil else { return }
        state.conversation.approval?.sending = answer
        state.conversation.approval?.problem = nil
        backend.broker.resolveApproval(ticket: ticket, with: answer)
    }

    func applyApprovalProgress(_ approvalID: String, _ report: ApprovalProgressReport) {
        if case .runRead = report {} else { guard state.conversation.approval?.approval.id == approvalID else { return } }
        switch report {
        case .sending(let answer):
            state.conversation.approval?.sending = answer
        case .notTaken(let reason):
            state.conversation.approval?.sending = nil
            state.conversation.approval?.problem = reason
        case .settled(let notice):
            let sent = state.conversation.approval?.sending
            // Recorded: "Needs you" drops it before the next read says so.
            state.pendingApprovals.removeAll { $0.id == approvalID }
            state.conversation.approval = nil
            state.focus = .composer
            let decided: String = switch sent {
            case .approveForTask?: "Allowed for this task"
            case .deny?: "Denied"
            default: "Approved once"
            }
            // No notice: this client's decision. A notice: settled without it (another device first, an expiry).
            state.conversation.transcript.noteDecisionPlace(notice == nil && sent != nil ? .here : .elsewhere, approvalID: approvalID)
            state.notice = notice ?? decided
        case .runRead(let run):
            // The dock is gone by now; a finished run's outcome joins what was decided.
            guard !state.notice.isEmpty, !state.notice.contains(" · the run ") else { return }
            state.notice = HandBack.settledNotice(state.notice, run: run)
        }
    }
}

extension ChatScreen {
    /// Ctrl-G: stops the one task permission, or with several opens the chooser.
    func stopTaskPermission() {
        let active = TaskPermissionsRow.active(state.taskGrants, sessionID: state.conversation.sessionID, now: Date())
        guard let sessionID = state.conversation.sessionID, let only = active.first else {
            state.notice = "No task permission in this conversation"
            return
        }
        guard active.count == 1 else {
            state.taskPermissionChooser = TaskPermissionChooser(grants: active, openedAt: Date())
            return
        }
        state.notice = "Stopping the task permission..."
        _ = backend.stopTaskGrant(id: only.id, sessionID: sessionID)
    }

    func handleTaskPermissionChooser(_ key: KeyPress) {
        guard var chooser = state.taskPermissionChooser else { return }
        let outcome = chooser.update(key)
        state.taskPermissionChooser = outcome == .open ? chooser : nil
        guard case .stop(let grant) = outcome, let sessionID = state.conversation.sessionID else { return }
        state.notice = "Stopping the task permission..."
        _ = backend.stopTaskGrant(id: grant.id, sessionID: sessionID)
    }
}
