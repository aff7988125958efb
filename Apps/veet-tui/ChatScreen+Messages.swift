import Foundation
import VeetChat
import VeetChatScreens
import VeetCurses
import VeetFoldersScreens
import VeetStore
import VeetTerminal
import VeetTransport

/// What background work posted (AppMessage), applied to the one state on the main loop.
extension ChatScreen {
    func apply(_ message: AppMessage) {
        switch message {
        case .sessionsLoaded(let sessions, let pendingApprovals):
            checkOpenConversationStillListed(before: state.sessions, after: sessions)
            // Unchanged rows keep the sidebar model (rebuilding it orders every row).
            if sessions != state.sessions { state.sessions = sessions }
            noteIndexForTerminalAlerts(sessions)
            // veetd or an echo may have confirmed a message meanwhile.
            refreshSendStates()
            // A failed read keeps the last list: nothing is hidden, nothing newly marked.
            let approvals = pendingApprovals.approvals(keeping: state.pendingApprovals)
            if approvals != state.pendingApprovals { state.pendingApprovals = approvals }
            // The index (and the search's texts) changed: an open search is asked again.
            if !state.search.isEmpty { searchChanged() }
        case .needsYouRead(let reports):
            var board = state.needsYou
            for (feature, report) in reports { board.take(report, from: feature) }
            if board != state.needsYou { state.needsYou = board }
        case .transcriptLoaded(let sessionID, let messages):
            guard state.conversation.restore(messages, of: sessionID) else { return }
            refreshSendStates()
            backend.diagnostics?.debug(OpeningDiagnostics.shown(sessionID, messages: messages.count,
                                                                rows: state.conversation.transcript.entries.count))
        case .frame(let sessionID, let frame):
            guard case .applied(let endedTheRun) = state.conversation.apply(frame, of: sessionID) else { return }
            // A frame after "allow for this task" comes after the server resolved it: the grant exists now.
            if state.taskGrantsStale {
                state.taskGrantsStale = false
                _ = backend.loadTaskGrants(sessionID: sessionID)
            }
            if endedTheRun { reconcileDue = Date().addingTimeInterval(Self.reconcileAfterRun) }
        case .runChange(let sessionID, let runID, let change):
            var waits = state.questionWaits
            waits.apply(change, runID: runID, sessionID: sessionID)
            if waits != state.questionWaits { state.questionWaits = waits }
        case .runStarted(let sessionID, let runID, let work):
            guard let adopted = state.conversation.runStarted(sessionID: sessionID, runID: runID, work: work) else { return }
            if adopted {
                backend.drafts.adoptNewConversation(as: sessionID)
                lastDraftSeen?.sessionID = sessionID
                _ = backend.reconcile()
            }
            refreshSendStates()
        case .workEnded(let work, let problem):
            guard let wasDelivery = state.conversation.workEnded(work) else { return }
            if state.focus == .approval { state.focus = .composer }
            state.settleNotice(afterWork: problem)
            refreshSendStates()
            // The line under the message says what to do; the status bar says only what happened, short.
            if wasDelivery, problem != nil, let held = state.conversation.heldNotice { state.notice = held }
            if let sessionID = state.conversation.sessionID { _ = backend.loadTaskGrants(sessionID: sessionID) }
            // Titles arrive late and "Needs you" may have changed: read the index now and again in 10 s.
            _ = backend.reconcile()
            reconcileDue = Date().addingTimeInterval(Self.reconcileAfterRun)
        case .approvalNeeded(let approval, let ticket, let work):
            guard state.conversation.dock(approval, ticket: ticket, work: work) else {
                backend.broker.resolveApproval(ticket: ticket, with: .leavePending)
                return
            }
            state.focus = .approval
            state.sidebarOverlayOpen = false
            _ = backend.reconcile()
        case .questionAsked(let question, let ticket, let work):
            guard state.conversation.dock(question, ticket: ticket, work: work) else {
                backend.broker.resolveQuestion(ticket: ticket, with: nil)
                return
            }
            state.focus = .composer
            state.sidebarOverlayOpen = false
            _ = backend.reconcile()
        case .approvalProgress(let approvalID, let report):
            applyApprovalProgress(approvalID, report)
        case .messageNotSent(let sessionID, let unsent):
            takeBack(unsent, sessionID: sessionID)
        case .messageRefused(let words, let clientKey, let reason):
            takeBack(refused: words, clientKey: clientKey, reason: reason)
        case .notice(let text):
            // An empty one is the stream back: it clears only its own "reconnecting" line.
            if text.isEmpty, state.notice != TUIInteraction.reconnectingNotice { return }
            state.notice = text
        case .refreshProblem(let problem):
            if problem != state.refreshProblem { state.refreshProblem = problem }
        case .searchResults(let query, let outcome):
            guard query == state.search.text else { return }
            state.searchOutcome = outcome
        case .searchCoverage(let coverage):
            searchCoverageChanged(coverage)
        case .deleted(let sessionID):
            state.sessions.removeAll { $0.id == sessionID }
            if state.conversation.sessionID == sessionID { openConversation(nil) }
            state.notice = "Deleted everywhere"
            if !state.search.isEmpty { searchChanged() }
        case .conversationPage(let sessionID, let page):
            showPage(page, sessionID: sessionID)
        case .artifactOpened(let viewer):
            state.conversation.viewer = viewer
        case .sessionCreated(let sessionID):
            state.conversation.created(sessionID)
            _ = backend.reconcile()
        case .runDetails(let update):
            apply(update)
        case .screenResult(let mount, let result):
            applyScreenResult(result, mount: mount)
        case .subscriptions(let update):
            apply(update)
        case .connection(let update):
            apply(update)
        case .taskGrantsLoaded(let sessionID, let grants):
            guard sessionID == state.conversation.sessionID else { return }
            state.taskGrants = grants
        case .foldersLoaded(let snapshot, let sessions):
            if snapshot != state.folders.snapshot { state.folders.snapshot = snapshot }
            checkOpenConversationStillListed(before: state.sessions, after: sessions)
            if sessions != state.sessions { state.sessions = sessions }
        case .folders(let result):
            apply(result)
        case .attachmentChanged(let sessionID, let attachment):
            state.applyAttachment(attachment, sessionID: sessionID)
        case .attachmentsListed(let sessionID, let attachments):
            state.applyAttachments(attachments, sessionID: sessionID)
        }
    }
}
