import Foundation
import VeetChat
import VeetChatScreens
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
    /// The index on screen is the first frame's part of it (OpeningIndex.swift); the rest follows that frame.
    var indexIsPartial = false

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
            loadWholeIndex()
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
            if announcedVisible != .some(state.conversation.sessionID) {
                announcedVisible = .some(state.conversation.sessionID)
                backend.daemon.show(state.conversation.sessionID)
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
            loadWholeIndex()
        }
        // Quitting with a run waiting for the owner: veetd hears of it now, as from `veet chat --once`.
        if let left = state.conversation.runLeftWaiting { backend.daemon.tellRunLeftWaiting(runID: left.runID, sessionID: left.sessionID) }
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
        let opening = OpeningIndex.read(backend.store, height: terminal.height, opening: [deepLink?.sessionID].compactMap { $0 })
        state.sessions = opening.sessions
        indexIsPartial = !opening.isWhole
        if let saved = try? backend.store.preferences.value(for: Sidebar.collapsedPreference) {
            state.sidebar.collapsed = Set(saved.split(separator: ",").map(String.init))
        }
        loadExpansion()
        state.conversation.outboxFloor = currentOutboxFloor()
        applyStoredAppearance()
    }

    /// After a frame painted from the opening index: the whole of it (an answer on the inbox may have replaced it).
    func loadWholeIndex() {
        guard indexIsPartial else { return }
        indexIsPartial = false
        let whole = backend.cachedSessions()
        if whole != state.sessions { state.sessions = whole }
        needsPaint = true
    }

    /// The run ended with an answer on screen: what was typed meanwhile goes now.
    func sendQueuedMessageIfRunEnded() {
        guard let next = state.conversation.takeQueuedMessageIfRunEnded() else { return }
        if state.focus == .queue, state.conversation.queue.isEmpty { state.focus = .composer }
        needsPaint = true
        send(next)
    }
}
