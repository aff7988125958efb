import Foundation
import VeetChat
import VeetCurses
import VeetStore
import VeetTerminal
import VeetTokens
import VeetTransport

/// The main loop: sleep in one wait (the terminal, its signals, a post to the
/// inbox) until the next deadline (LoopDeadline.swift), drain what background
/// work posted, reconcile on start, every 30 seconds and 10 seconds after a
/// watched run ends, and paint when something changed or a shown time did.
/// All UI state lives in `state` and is touched only here, on one thread.
@MainActor
final class ChatScreen {
    static let reconcileInterval: TimeInterval = 30
    static let reconcileAfterRun: TimeInterval = 10

    let terminal: TerminalSession
    var backend: Backend {
        didSet { keepDraftsOnLeave(); wakeOnPosts() }
    }
    /// The composer as last noted for the draft (ChatScreen+Drafts.swift).
    var lastDraftSeen: DraftSeen?
    /// The connection on screen (switched with F9; nil only in tests).
    var connection: ActiveConnection?
    /// Printed after the terminal is given back (forgetting the last connection).
    var quitMessage: String?
    /// The terminal's background as it answered at start-up, for "follow the terminal".
    var terminalBackground: RGB?
    let environment: [String: String]
    var composers = AttachmentComposers()
    var state = ScreenState()
    /// The task of the work running for the open conversation (a send or a follow).
    var workTask: Task<Void, Never>?
    var searchTask: Task<Void, Never>?
    var nextWorkID = 1
    /// The last feature screen mounted (ChatScreen+Faces.swift): answers name the mount they belong to.
    var nextMount = 0
    var lastReconcile = Date.distantPast
    /// A reconcile due after a watched run ended (titles arrive late).
    var reconcileDue: Date?
    var needsPaint = true
    /// What the loop's deadline remembers between waits (LoopDeadline.swift).
    var wakeMemory = LoopWakeMemory()
    /// The conversation last announced to veetd (outer nil: nothing announced yet).
    var announcedVisible: String??
    /// `--first-frame-exit`: leave right after the first frame (cold-start measurement).
    var exitAfterFirstFrame = false
    /// `--session ID [--run ID] [--focus ...]`, until its card docks or its work ends (ChatScreen+DeepLink.swift).
    var deepLink: DeepLink?
    var deepLinkWork: Int?
    /// Terminal notifications (ChatScreen+TerminalAlerts.swift) and the results acknowledged as seen.
    var terminalAlerts = TerminalAlertRule()
    var pendingFinished: [AttentionItem] = []
    var lastDaemonAlertsRead = Date.distantPast
    var acknowledgedRuns: Set<String> = []

    init(terminal: TerminalSession, backend: Backend, connectionLabel: String, environment: [String: String]) {
        self.terminal = terminal
        self.backend = backend
        self.environment = environment
        state.connectionLabel = connectionLabel
        keepDraftsOnLeave()
        wakeOnPosts()
    }

    /// Background work posting to the inbox ends the loop's wait.
    func wakeOnPosts() {
        let waker = terminal.waker
        backend.inbox.wakeWith { waker.wake() }
    }

    func run() {
        loadConnectionState()
        openDeepLink()
        restoreDraft()
        // The first frame comes from the cache, before the first wait for input,
        // the first reconcile and the first call to veetd (they start right after).
        followDeepLink()
        raiseTerminalAlerts(now: Date())
        acknowledgeViewedResult()
        paint(now: Date())
        if exitAfterFirstFrame { state.shouldQuit = true }
        if !exitAfterFirstFrame {
            backend.daemon.tellLooking(terminalAlerts.focused != false)
            registerThisDevice()
        }
        while !state.shouldQuit {
            let deadline = nextDeadline(now: Date())
            for event in terminal.nextEvents(timeoutMilliseconds: LoopDeadline.timeoutMilliseconds(until: deadline, now: Date())) {
                handle(event)
                needsPaint = true
            }
            for message in backend.inbox.drain() {
                apply(message)
                needsPaint = true
            }
            sendQueuedMessageIfRunEnded()
            followDeepLink()
            keepDraft(now: Date())
            if needsPaint {
                raiseTerminalAlerts(now: Date())
                acknowledgeViewedResult()
            }
            tickScreens(now: Date())
            if announcedVisible != .some(state.sessionID) {
                announcedVisible = .some(state.sessionID)
                backend.daemon.show(state.sessionID)
            }
            let now = Date()
            if now.timeIntervalSince(lastReconcile) >= Self.reconcileInterval || reconcileDue.map({ now >= $0 }) == true {
                // The tick (not an event's reconcile) and whether the owner looks: Backend+Daemon.swift.
                let periodic = reconcileDue.map { now < $0 } ?? true
                lastReconcile = now
                reconcileDue = nil
                _ = backend.reconcile(periodic: periodic, looking: terminalAlerts.focused != false)
            }
            // A deadline passed: a shown time (relative ages count seconds in their first minute) may read differently.
            if needsPaint || deadline.map({ now >= $0 }) == true { paint(now: now) }
        }
        // Quitting with a run waiting for the owner: veetd hears of it now, as from `veet chat --once`.
        if let left = state.runLeftWaiting { backend.daemon.tellRunLeftWaiting(runID: left.runID, sessionID: left.sessionID) }
        keepDraft(now: Date())
        backend.drafts.flush(force: true)
        leaveConversationWork()
        terminal.stop()
        if let quitMessage { print(quitMessage) }
    }

    private func paint(now: Date) {
        terminal.render(ScreenPainter.frame(&state, width: terminal.width, height: terminal.height, now: now))
        needsPaint = false
    }

    /// What the connection's store holds for the screen: its index, the folds, the expansion, its appearance.
    func loadConnectionState() {
        state.storeBanner = backend.storeProblem.map(StoreBanner.text(reason:))
        state.sessions = backend.cachedSessions()
        if let saved = try? backend.store.preferences.value(for: Sidebar.collapsedPreference) {
            state.sidebar.collapsed = Set(saved.split(separator: ",").map(String.init))
        }
        loadExpansion()
        state.outboxFloor = currentOutboxFloor()
        applyStoredAppearance()
    }

    /// The run ended with an answer on screen: what was typed meanwhile goes now.
    func sendQueuedMessageIfRunEnded() {
        guard !state.queue.isEmpty, !state.isRunActive, state.question == nil, state.approval == nil,
              let next = state.queue.takeNext() else { return }
        if state.focus == .queue, state.queue.isEmpty { state.focus = .composer }
        needsPaint = true
        send(next.text)
    }

    // MARK: Background results

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
            guard sessionID == state.sessionID else { return }
            state.transcript.restore(messages)
            refreshSendStates()
            backend.diagnostics?.debug(OpeningDiagnostics.shown(sessionID, messages: messages.count,
                                                                rows: state.transcript.entries.count))
        case .frame(let sessionID, let frame):
            if state.sessionID == nil, state.work?.sessionID == sessionID { state.sessionID = sessionID }
            guard sessionID == state.sessionID else { return }
            let wasActive = state.isRunActive
            _ = state.transcript.apply(frame)
            // A frame after "allow for this task" comes after the server resolved it: the grant exists now.
            if state.taskGrantsStale {
                state.taskGrantsStale = false
                _ = backend.loadTaskGrants(sessionID: sessionID)
            }
            if wasActive && !state.isRunActive { reconcileDue = Date().addingTimeInterval(Self.reconcileAfterRun) }
        case .runChange(let sessionID, let runID, let change):
            var waits = state.questionWaits
            waits.apply(change, runID: runID, sessionID: sessionID)
            if waits != state.questionWaits { state.questionWaits = waits }
        case .runStarted(let sessionID, let runID, let work):
            guard state.work?.id == work else { return }
            state.work?.sessionID = sessionID
            state.work?.runID = runID
            if state.sessionID == nil {
                backend.drafts.adoptNewConversation(as: sessionID)
                state.sessionID = sessionID
                lastDraftSeen?.sessionID = sessionID
                _ = backend.reconcile()
            }
            refreshSendStates()
        case .workEnded(let work, let problem):
            guard state.work?.id == work else { return }
            let wasDelivery = state.work?.isDelivery == true
            state.work = nil
            state.approval = nil
            state.question = nil
            if state.focus == .approval { state.focus = .composer }
            state.settleNotice(afterWork: problem)
            refreshSendStates()
            // The line under the message says what to do; the status bar says only what happened, short.
            if wasDelivery, problem != nil, let held = heldNotice() { state.notice = held }
            if let sessionID = state.sessionID { _ = backend.loadTaskGrants(sessionID: sessionID) }
            // Titles arrive late and "Needs you" may have changed: read the index now and again in 10 s.
            _ = backend.reconcile()
            reconcileDue = Date().addingTimeInterval(Self.reconcileAfterRun)
        case .approvalNeeded(let approval, let ticket, let work):
            guard state.work?.id == work else {
                backend.broker.resolveApproval(ticket: ticket, with: .leavePending)
                return
            }
            state.transcript.attach(approval)
            // Asked again after a decision that was not taken: the card keeps saying why.
            let problem = state.approval?.approval.id == approval.id ? state.approval?.problem : nil
            state.approval = DockedApproval(approval: approval, ticket: ticket, work: work)
            state.approval?.problem = problem
            state.focus = .approval
            state.sidebarOverlayOpen = false
            _ = backend.reconcile()
        case .questionAsked(let question, let ticket, let work):
            guard state.work?.id == work else {
                backend.broker.resolveQuestion(ticket: ticket, with: nil)
                return
            }
            state.question = DockedQuestion(question: question, ticket: ticket, work: work)
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
            if state.sessionID == sessionID { openConversation(nil) }
            state.notice = "Deleted everywhere"
            if !state.search.isEmpty { searchChanged() }
        case .conversationPage(let sessionID, let page):
            showPage(page, sessionID: sessionID)
        case .artifactOpened(let viewer):
            state.viewer = viewer
        case .sessionCreated(let sessionID):
            if state.sessionID == nil && state.work == nil { state.sessionID = sessionID }
            _ = backend.reconcile()
        case .outbox(let update):
            apply(update)
        case .runDetails(let update):
            apply(update)
        case .screenResult(let mount, let result):
            applyScreenResult(result, mount: mount)
        case .subscriptions(let update):
            apply(update)
        case .connection(let update):
            apply(update)
        case .taskGrantsLoaded(let sessionID, let grants):
            guard sessionID == state.sessionID else { return }
            state.taskGrants = grants
        case .foldersLoaded(let snapshot, let sessions):
            if snapshot != state.folderSnapshot { state.folderSnapshot = snapshot }
            checkOpenConversationStillListed(before: state.sessions, after: sessions)
            if sessions != state.sessions { state.sessions = sessions }
        case .folderFormError(let message):
            applyFolderForm(error: message, notice: nil)
        case .folderFormClosed(let notice):
            applyFolderForm(error: nil, notice: notice)
        case .attachmentChanged(let sessionID, let attachment):
            applyAttachment(attachment, sessionID: sessionID)
        case .attachmentsListed(let sessionID, let attachments):
            applyAttachments(attachments, sessionID: sessionID)
        }
    }

    // MARK: Conversations

    /// Sends the composer's text (with any uploaded files) in the open conversation.
    /// Files still uploading or not on the server keep the whole draft here, said why.
    func send(_ text: String) {
        guard let draft = sendableDraft(text) else { return }
        state.notice = ""
        let sessionID = state.sessionID
        let conversationKey = state.newConversationKey
        let attachments = state.attachments
        state.attachments = []
        state.trayCursor = nil
        if state.focus == .tray { state.focus = .composer }
        let clientKey = UUID().uuidString
        backend.drafts.sent(from: sessionID)
        _ = state.transcript.addOptimisticUserMessage(draft, clientKey: clientKey)
        state.transcriptScroll.scrollToBottom()
        let composer = sessionID.flatMap { composers.existing(for: $0) }
        startWork(sessionID: sessionID, isDelivery: true) { backend, work in
            backend.send(text: text, files: attachments.isEmpty ? nil : composer, clientKey: clientKey,
                         sessionID: sessionID, conversationKey: conversationKey, work: work)
        }
    }

    /// Opens a conversation (nil: a new one), leaving the open one's work pending.
    func openConversation(_ sessionID: String?, at sequence: Int64? = nil, run runID: String? = nil) {
        // Messages still waiting for the left conversation's run go back into its draft, unsent and not lost.
        if !state.queue.isEmpty { state.composer = TextInput(text: state.queue.giveBack(joinedAfter: state.composer.text)) }
        keepDraft(now: Date())
        backend.drafts.flush(force: true)
        leaveConversationWork()
        state.sessionID = sessionID
        state.newConversationKey = IdempotencyKey()
        state.transcript = Transcript()
        state.page = nil
        state.transcriptScroll = ScrollView()
        state.rowCache = TranscriptRowCache()
        state.selectedRow = nil
        state.expandedBundleIDs = []
        state.transcriptOffsets = TranscriptOffsets()
        state.revealSequence = sequence
        state.queueCursor = nil
        state.attachments = []
        state.trayCursor = nil
        state.taskGrants = []
        state.taskGrantsStale = false
        state.notice = ""
        state.focus = .composer
        state.sidebarOverlayOpen = false
        state.sendStates = [:]
        state.outboxFloor = currentOutboxFloor()
        let draft = restoreDraft()
        guard let sessionID else {
            state.sidebar.selection = .item(sectionID: "start", itemID: ScreenState.newConversationID)
            return
        }
        startWork(sessionID: sessionID) { backend, work in backend.open(sessionID: sessionID, run: runID, work: work) }
        _ = backend.loadTaskGrants(sessionID: sessionID)
        _ = backend.listAttachments(sessionID: sessionID, composers: composers,
                                    restoring: draft?.files ?? [])
    }

    func startWork(sessionID: String?, isDelivery: Bool = false, _ start: (Backend, Int) -> Task<Void, Never>) {
        let id = nextWorkID
        nextWorkID += 1
        state.work = RunningWork(id: id, sessionID: sessionID, runID: nil, isDelivery: isDelivery)
        workTask = start(backend, id)
    }

    /// Stops following the open conversation; its approvals and questions stay pending on the server.
    func leaveConversationWork() {
        workTask?.cancel()
        workTask = nil
        state.work = nil
        state.approval = nil
        state.question = nil
        backend.broker.releaseAll()
    }

    /// Copies through the terminal (OSC 52; wrapped for tmux when inside it).
    func copy(_ text: String, what: String) {
        // A clipboard program, confirmed by reading back, else OSC 52 (VeetTerminal decides and words it).
        let outcome = Clipboard.copy(text, environment: environment)
        if let sequence = outcome.sequence { terminal.sendControlSequence(sequence) }
        state.notice = outcome.notice(what: what)
    }
}
