import Foundation
import VeetChat
import VeetCurses
import VeetWebsiteAccess

/// Website access in the chat: the approval dock's keys (a browser.act card's
/// "allow for this task" in two steps), the task permission's Stop, and the
/// Website Access screen.
extension ChatScreen {
    func handleApproval(_ key: KeyPress) {
        guard let docked = state.approval else { state.focus = .composer; return }
        // On its way: a second press sends nothing (the card says which decision travels).
        guard docked.sending == nil else { return }
        let answer: ApprovalAnswer
        switch key {
        case .char("y") where docked.taskPermission.isConfirming, KeyPress(.enter) where docked.taskPermission.isConfirming:
            guard state.approval?.taskPermission.confirm() == true else { return }
            answer = .approveForTask
            state.taskGrantsStale = true
        case .char("n") where docked.taskPermission.isConfirming:
            state.approval?.taskPermission.withdraw()
            return
        case .char("t") where docked.taskPermission == .offered:
            state.approval?.taskPermission.request()
            return
        case .char("v"):
            state.approval?.argumentsExpanded.toggle()
            state.approval?.argumentScroll = 0
            return
        case KeyPress(.up), .char("k"):
            state.approval?.argumentScroll -= 1
            return
        case KeyPress(.down), .char("j"):
            // The settle step stops it at the last line.
            state.approval?.argumentScroll += 1
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
        guard state.approval?.ticket == ticket, state.approval?.sending == nil else { return }
        state.approval?.sending = answer
        state.approval?.problem = nil
        backend.broker.resolveApproval(ticket: ticket, with: answer)
    }

    func applyApprovalProgress(_ approvalID: String, _ report: ApprovalProgressReport) {
        if case .runRead = report {} else { guard state.approval?.approval.id == approvalID else { return } }
        switch report {
        case .sending(let answer):
            state.approval?.sending = answer
        case .notTaken(let reason):
            state.approval?.sending = nil
            state.approval?.problem = reason
        case .settled(let notice):
            let sent = state.approval?.sending
            // Recorded: "Needs you" drops it before the next read says so.
            state.pendingApprovals.removeAll { $0.id == approvalID }
            state.approval = nil
            state.focus = .composer
            let decided: String = switch sent {
            case .approveForTask?: "Allowed for this task"
            case .deny?: "Denied"
            default: "Approved once"
            }
            // No notice: this client's decision. A notice: settled without it (another device first, an expiry).
            state.transcript.noteDecisionPlace(notice == nil && sent != nil ? .here : .elsewhere, approvalID: approvalID)
            state.notice = notice ?? decided
        case .runRead(let run):
            // The dock is gone by now; a finished run's outcome joins what was decided.
            guard !state.notice.isEmpty, !state.notice.contains(" · the run ") else { return }
            state.notice = Self.settledNotice(state.notice, run: run)
        }
    }
}

extension ChatScreen {
    /// Ctrl-G: stops the task permission the line above the composer shows.
    /// Ctrl-G: stops the one task permission, or with several opens the chooser.
    func stopTaskPermission() {
        let active = TaskPermissionsRow.active(state.taskGrants, sessionID: state.sessionID, now: Date())
        guard let sessionID = state.sessionID, let only = active.first else {
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
        switch key {
        case KeyPress(.escape): state.taskPermissionChooser = nil; return
        case KeyPress(.up): chooser.selected = max(chooser.selected - 1, 0)
        case KeyPress(.down): chooser.selected = min(chooser.selected + 1, chooser.grants.count - 1)
        case KeyPress(.enter), .char("x"):
            state.taskPermissionChooser = nil
            guard let sessionID = state.sessionID, chooser.grants.indices.contains(chooser.selected) else { return }
            state.notice = "Stopping the task permission..."
            _ = backend.stopTaskGrant(id: chooser.grants[chooser.selected].id, sessionID: sessionID)
            return
        default: return
        }
        state.taskPermissionChooser = chooser
    }
}

/// The Website Access screen's keys.
extension ChatScreen {
    func openWebsiteScreen() {
        state.websiteScreen = WebsiteScreen()
        _ = backend.loadWebsites()
    }

    func handleWebsiteScreen(_ key: KeyPress) {
        guard var screen = state.websiteScreen else { return }
        let count = screen.overview?.rows.count ?? 0
        switch key {
        case KeyPress(.escape):
            state.websiteScreen = nil
            stopFollowingCeremonies()
            return
        case KeyPress(.up): screen.selected = max(screen.selected - 1, 0)
        case KeyPress(.down): screen.selected = min(screen.selected + 1, max(count - 1, 0))
        case .char("a"):
            state.linePrompt = LinePrompt(purpose: .addWebsite, label: "Website address:")
        case .char("c"):
            guard let link = screen.link else { return }
            copy(link, what: "the sign-in link")
            screen.message = state.notice
        case .char("g"):
            screen.message = ""
            _ = backend.loadWebsites()
        case .char("s"):
            guard let row = screen.selectedRow else { return }
            guard row.canSignIn else {
                screen.message = "This profile cannot sign in again (\(row.profile.status.label))."
                break
            }
            screen.message = "Beginning the sign-in..."
            screen.link = nil
            _ = backend.signInAgain(row.profile)
        case .char("u"), KeyPress(.enter):
            guard let row = screen.selectedRow, !row.isChosen else { return }
            _ = backend.chooseWebsite(row.profile)
        case .char("r"):
            guard let row = screen.selectedRow else { return }
            screen.message = "Revoking..."
            _ = backend.revokeWebsite(id: row.profile.id)
        case .char("x"), KeyPress(.delete):
            guard let row = screen.selectedRow else { return }
            screen.message = "Deleting..."
            _ = backend.deleteWebsite(id: row.profile.id)
        default: return
        }
        state.websiteScreen = screen
    }

    /// Shows the profiles and follows each open sign-in not followed yet (the feature's bounded poll).
    func showWebsites(_ overview: WebsiteAccessOverview) {
        guard state.websiteScreen != nil else { return }
        state.websiteScreen?.show(overview)
        for ceremony in overview.rows.compactMap(\.openCeremony) { follow(ceremony) }
    }

    /// Follows an open sign-in once, while the screen is open.
    func follow(_ ceremony: Ceremony) {
        guard state.websiteScreen != nil, ceremony.status.isOpen, ceremonyPolls[ceremony.id] == nil else { return }
        ceremonyPolls[ceremony.id] = backend.followCeremony(id: ceremony.id)
    }

    func stopFollowingCeremonies() {
        for poll in ceremonyPolls.values { poll.cancel() }
        ceremonyPolls = [:]
    }

    /// Checks the address before anything is sent; a refusal says why, in one sentence.
    func addWebsite(_ typed: String) {
        do {
            let address = try WebsiteAddress(typed: typed)
            state.websiteScreen?.message = "Adding \(address.origin)..."
            state.websiteScreen?.link = nil
            _ = backend.addWebsite(address)
        } catch {
            state.websiteScreen?.message = "Not added: \(error)"
        }
    }
}
