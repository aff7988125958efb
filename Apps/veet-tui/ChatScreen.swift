import Foundation
import VeetChat
import VeetCurses
import VeetStore
import VeetTransport

/// The main loop: poll input (50 ms), drain what background work posted,
/// reconcile every 30 seconds, and paint when something changed. All UI
/// state lives in `state` and is touched only here, on one thread.
@MainActor
final class ChatScreen {
    static let reconcileInterval: TimeInterval = 30

    private let terminal: TerminalSession
    private let backend: Backend
    private var state = ScreenState()
    /// The task of the work running for the open conversation (a send or a follow).
    private var workTask: Task<Void, Never>?
    private var nextWorkID = 1
    private var lastReconcile = Date.distantPast
    private var lastPaintSecond = 0
    private var needsPaint = true

    init(terminal: TerminalSession, backend: Backend, connectionLabel: String) {
        self.terminal = terminal
        self.backend = backend
        state.connectionLabel = connectionLabel
    }

    func run() {
        state.sessions = backend.cachedSessions()
        while !state.shouldQuit {
            for event in terminal.nextEvents(timeoutMilliseconds: 50) {
                handle(event)
                needsPaint = true
            }
            for message in backend.inbox.drain() {
                apply(message)
                needsPaint = true
            }
            let now = Date()
            if now.timeIntervalSince(lastReconcile) >= Self.reconcileInterval {
                lastReconcile = now
                _ = backend.reconcile()
            }
            // Relative times in the sidebar count seconds in the first minute.
            let second = Int(now.timeIntervalSince1970)
            if needsPaint || second != lastPaintSecond {
                terminal.render(ScreenPainter.paint(&state, width: terminal.width, height: terminal.height, now: now))
                needsPaint = false
                lastPaintSecond = second
            }
        }
        leaveConversationWork()
        terminal.stop()
    }

    // MARK: Background results

    private func apply(_ message: AppMessage) {
        switch message {
        case .sessionsLoaded(let sessions, let waiting):
            state.sessions = sessions
            state.waitingSessionIDs = waiting
        case .transcriptLoaded(let sessionID, let messages):
            guard sessionID == state.sessionID else { return }
            state.transcript.restore(messages)
        case .frame(let sessionID, let frame):
            if state.sessionID == nil, state.work?.sessionID == sessionID { state.sessionID = sessionID }
            guard sessionID == state.sessionID else { return }
            _ = state.transcript.apply(frame)
        case .runStarted(let sessionID, let runID, let work):
            guard state.work?.id == work else { return }
            state.work?.sessionID = sessionID
            state.work?.runID = runID
            if state.sessionID == nil {
                state.sessionID = sessionID
                state.sidebar.selection = .item(sectionID: "history", itemID: sessionID)
                _ = backend.reconcile()
            }
        case .workEnded(let work, let problem):
            guard state.work?.id == work else { return }
            state.work = nil
            state.approval = nil
            state.question = nil
            if state.focus == .approval { state.focus = .composer }
            state.notice = problem ?? ""
            // Titles arrive late and "Needs you" may have changed: read the index again.
            _ = backend.reconcile()
        case .approvalNeeded(let approval, let ticket, let work):
            guard state.work?.id == work else {
                backend.broker.resolveApproval(ticket: ticket, with: .leavePending)
                return
            }
            state.transcript.attach(approval)
            state.approval = DockedApproval(approval: approval, ticket: ticket, work: work)
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
        case .notice(let text):
            state.notice = text
        }
    }

    // MARK: Keys

    private func handle(_ event: InputEvent) {
        if case .resize = event { terminal.invalidate(); return }
        if var dialog = state.quitConfirmation {
            guard case .key(let key) = event else { return }
            switch dialog.handle(key) {
            case .chose(1): state.shouldQuit = true
            case .chose, .dismissed: state.quitConfirmation = nil
            case .moved, .ignored: state.quitConfirmation = dialog
            }
            return
        }
        if var help = state.help {
            if case .key(let key) = event { state.help = help.handle(key) ? help : nil }
            return
        }
        if case .paste(let text) = event {
            if state.focus != .composer { state.focus = .composer }
            _ = state.composer.handle(.paste(text), policy: .chat)
            return
        }
        if case .mouse(let mouse) = event {
            if mouse.kind == .scrollUp { scrollTranscript(by: -3) }
            if mouse.kind == .scrollDown { scrollTranscript(by: 3) }
            return
        }
        guard case .key(let key) = event else { return }
        if handleGlobal(key) { return }
        switch state.focus {
        case .sidebar: handleSidebar(key)
        case .approval: handleApproval(key)
        case .composer: handleComposer(key)
        }
    }

    /// Keys that mean the same wherever the focus is.
    private func handleGlobal(_ key: KeyPress) -> Bool {
        switch key {
        case .char("c", .control):
            if state.isRunActive, let runID = state.work?.runID ?? state.transcript.latestRunID {
                backend.cancel(runID: runID)
                state.notice = "Stopping the run..."
            } else {
                state.quitConfirmation = .confirm(title: "Quit veet?", message: "Nothing is running. Leave the chat?",
                                                  confirmTitle: "Quit")
            }
        case .char("d", .control):
            state.shouldQuit = true
        case .char("n", .control):
            openConversation(nil)
        case .char("o", .control), KeyPress(.function(2)):
            state.sidebarOverlayOpen.toggle()
            state.focus = state.sidebarOverlayOpen ? .sidebar : .composer
        case KeyPress(.function(1)):
            state.help = Self.help
        case KeyPress(.tab), KeyPress(.tab, .shift):
            cycleFocus(backwards: key.modifiers.contains(.shift))
        case KeyPress(.escape):
            if state.sidebarOverlayOpen {
                state.sidebarOverlayOpen = false
                state.focus = .composer
            } else if let docked = state.question {
                backend.broker.resolveQuestion(ticket: docked.ticket, with: nil)
                state.question = nil
            } else {
                state.notice = ""
            }
        case KeyPress(.pageUp): scrollTranscript(by: -10)
        case KeyPress(.pageDown): scrollTranscript(by: 10)
        case .char("?"):
            guard state.focus != .composer || state.composer.isEmpty else { return false }
            state.help = Self.help
        default:
            return false
        }
        return true
    }

    private func cycleFocus(backwards: Bool) {
        var order: [Focus] = [.sidebar, .composer]
        if state.approval != nil { order.insert(.approval, at: 1) }
        let index = order.firstIndex(of: state.focus) ?? 0
        state.focus = order[(index + (backwards ? order.count - 1 : 1)) % order.count]
        if ScreenPainter.narrowWidth > terminal.width { state.sidebarOverlayOpen = state.focus == .sidebar }
    }

    private func handleSidebar(_ key: KeyPress) {
        let sections = Sidebar.sections(sessions: state.sessions, waiting: state.waitingSessionIDs, now: Date())
        if key == KeyPress(.enter), case .item(_, let itemID)? = state.sidebar.selection {
            openConversation(Sidebar.sessionID(ofItem: itemID))
            return
        }
        _ = state.sidebar.handle(key, in: sections, pageSize: max(terminal.height - 3, 1))
    }

    private func handleApproval(_ key: KeyPress) {
        guard let docked = state.approval else { state.focus = .composer; return }
        let answer: ApprovalAnswer
        switch key {
        case .char("a"), .char("y"): answer = .approveOnce
        case .char("d"), .char("n"): answer = .deny(reason: nil)
        default: return
        }
        backend.broker.resolveApproval(ticket: docked.ticket, with: answer)
        state.waitingSessionIDs.remove(docked.approval.sessionID)
        state.approval = nil
        state.focus = .composer
        state.notice = answer == .approveOnce ? "Approved once" : "Denied"
    }

    private func handleComposer(_ key: KeyPress) {
        switch state.composer.handle(.key(key), policy: .chat) {
        case .submit: submitComposer()
        case .edited, .moved, .ignored: break
        }
    }

    private func submitComposer() {
        let text = state.composer.text
        guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return }
        if let docked = state.question {
            backend.broker.resolveQuestion(ticket: docked.ticket, with: text)
            state.question = nil
            state.composer = TextInput()
            return
        }
        guard !state.isRunActive else {
            state.notice = "A run is still going: wait for it, or Ctrl-C to stop it."
            return
        }
        state.composer = TextInput()
        state.notice = ""
        _ = state.transcript.addOptimisticUserMessage([.text(text)], clientKey: UUID().uuidString)
        startWork(sessionID: state.sessionID) { backend, work in
            backend.send(text: text, sessionID: state.sessionID, work: work)
        }
    }

    private func scrollTranscript(by lines: Int) {
        state.transcriptScroll.scroll(by: lines)
    }

    // MARK: Conversations

    /// Opens a conversation (nil: a new one), leaving the open one's work pending.
    private func openConversation(_ sessionID: String?) {
        leaveConversationWork()
        state.sessionID = sessionID
        state.transcript = Transcript()
        state.transcriptScroll = ScrollView()
        state.rowCache = TranscriptRowCache()
        state.notice = ""
        state.focus = .composer
        state.sidebarOverlayOpen = false
        state.sidebar.selection = .item(sectionID: sessionID == nil ? "start" : "history",
                                        itemID: sessionID ?? ScreenState.newConversationID)
        guard let sessionID else { return }
        startWork(sessionID: sessionID) { backend, work in backend.open(sessionID: sessionID, work: work) }
    }

    private func startWork(sessionID: String?, _ start: (Backend, Int) -> Task<Void, Never>) {
        let id = nextWorkID
        nextWorkID += 1
        state.work = RunningWork(id: id, sessionID: sessionID, runID: nil)
        workTask = start(backend, id)
    }

    /// Stops following the open conversation; its approvals and questions stay pending on the server.
    private func leaveConversationWork() {
        workTask?.cancel()
        workTask = nil
        state.work = nil
        state.approval = nil
        state.question = nil
        backend.broker.releaseAll()
    }

    static let help = HelpOverlay(title: "Keys", groups: [
        .init("Conversation", [
            .init("Enter", "send the message"),
            .init("Alt-Enter, Ctrl-J", "new line in the message"),
            .init("PgUp, PgDn, wheel", "scroll the transcript"),
            .init("Ctrl-C", "stop the running run (quit when idle)"),
            .init("Ctrl-N", "new conversation"),
        ]),
        .init("Approval (docked above the composer)", [
            .init("a", "approve once"),
            .init("d", "deny"),
        ]),
        .init("Navigation", [
            .init("Tab, Shift-Tab", "move focus: chats, approval, composer"),
            .init("Up, Down, Enter", "choose a conversation in the sidebar"),
            .init("Ctrl-O, F2", "show or hide the chats (narrow terminals)"),
            .init("?, F1", "this help"),
            .init("Esc", "close an overlay; leave a question for later"),
            .init("Ctrl-D", "quit"),
        ]),
    ])
}
