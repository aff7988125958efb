import Foundation
import Synchronization
import VeetChat
import VeetChatScreens
import VeetEmail
import VeetFolders
import VeetStore
import VeetTransport
import VeetWire
import VeetWebsiteAccess

/// The features the screen calls, each started as a task that reports
/// through the inbox. It holds no UI state; the main loop owns that.
struct Backend: Sendable {
    /// For the feature APIs that are made per call (schedules, website access).
    let client: HTTPClient
    let api: ChatAPI
    let store: LocalStore
    let inbox: Inbox
    let broker: PromptBroker
    let searchGeneration = SearchGeneration()
    let artifacts: ArtifactService
    let folders: FolderCenter
    let websites: WebsiteAccessAPI
    let daemon: DaemonLink
    let reconcileGate = ReconcileGate()
    /// The features' "Needs you" reads, made with the reconcile's (Backend+NeedsYou.swift).
    let needsYou = NeedsYouGatherer()
    /// veetd's index stamp last read (Backend+Daemon.swift).
    let daemonIndex = DaemonIndexMemory()
    /// The folders and "Needs you" the screen last got with the index (LookingTick.swift).
    let shownReads = ShownReadsMemory()
    /// Email's refresh admission and status (in memory; restarted with the app).
    let emailRefresher: EmailRefresher
    /// Reads the transcripts search cannot see yet (`fillSearchableTranscripts`).
    let transcriptFiller = TranscriptFiller()
    /// Why the store on disk could not be opened, when this backend runs on one in memory.
    let storeProblem: String?
    /// The composer's draft, kept in this connection's store (DraftKeeper.swift).
    let drafts: DraftKeeper
    /// Debug lines (ids and counts only) when `VEET_LOG=debug` or `--log` asked for them.
    let diagnostics: DiagnosticLog?

    init(client: HTTPClient, store: LocalStore, inbox: Inbox, broker: PromptBroker, daemon: DaemonLink,
         storeProblem: String? = nil, diagnostics: DiagnosticLog? = nil) {
        self.storeProblem = storeProblem
        self.diagnostics = diagnostics
        drafts = DraftKeeper(store: store)
        self.daemon = daemon
        self.client = client
        api = ChatAPI(sender: .noticingSignIn(client: client, inbox: inbox))  // a 401 asks to sign in again
        self.store = store
        self.inbox = inbox
        self.broker = broker
        artifacts = api.artifactService(connection: ConnectionIdentity(client.settings), cache: ArtifactCache())
        folders = FolderCenter(api: FoldersAPI(sender: api.sender), store: store)
        websites = WebsiteAccessAPI(sender: api.sender)
        emailRefresher = EmailRefresher(api: EmailAPI(sender: api.sender))
    }

    /// The cached index at once, without waiting for the server.
    func cachedSessions() -> [CachedSession] {
        (try? store.sessions()) ?? []
    }

    /// Reconciles the index with the server (fenced by the folder feature, which
    /// also learns whether the server offers folders), refreshes the folders,
    /// then reads the pending approvals once for "Needs you" (`NeedsYou`).
    /// One runs at a time: a call while one is in flight marks it to run once
    /// more when it ends (the returned task is then already done).
    /// While veetd keeps this connection it walks the index, not the TUI (Backend+Daemon.swift):
    /// `periodic` (the 30 s tick) then reads the store when veetd's index changed, and the
    /// server's folders and "Needs you" only while `looking` (the terminal has the focus);
    /// the store again for those only when they changed.
    func reconcile(periodic: Bool = false, looking: Bool = true) -> Task<Void, Never> {
        guard reconcileGate.enter() else { return Task {} }
        return Task {
            var periodic = periodic
            repeat {
                await reconcileOnce(periodic: periodic, looking: looking)
                periodic = false
            } while reconcileGate.leave()
        }
    }

    private func reconcileOnce(periodic: Bool, looking: Bool) async {
        var problem: String?
        var askServer = true
        var storeMoved = true
        switch await indexThroughDaemon(periodic: periodic, looking: looking) {
        case .unchanged: return
        case .read(let kept, let ask, let moved):
            problem = kept
            askServer = ask
            storeMoved = moved
        case .notKept:
            do {
                let report = try await store.reconcile(from: FencedIndexSource(sender: api.sender, center: folders))
                noteServerReached()
                // A conversation the server no longer lists takes its cached file bytes with it.
                if !report.pruned.isEmpty { await artifacts.forgetConversations(report.pruned) }
            } catch {
                problem = Self.refreshProblem(error)
            }
        }
        if askServer {
            do { try await folders.refresh() } catch {
                problem = problem ?? Self.refreshProblem(error)
            }
        }
        // One short status, not a notice: a send's own notice stays on screen.
        inbox.post(.refreshProblem(problem))
        let pending = askServer ? await NeedsYouReader(sender: api.sender).read()
            : .unavailable(reason: "not read while nobody looks", notOffered: true)
        let snapshot = await folderSnapshot()
        // Nothing moved and nothing new beside the index: the screen shows it all already (LookingTick.swift).
        guard shownReads.note(ShownReads(folders: snapshot, pending: pending), storeMoved: storeMoved) else { return }
        let sessions = await folders.fencedRows(cachedSessions())
        inbox.post(.foldersLoaded(snapshot, sessions: sessions))
        inbox.post(.sessionsLoaded(sessions, pendingApprovals: pending))
        if askServer { inbox.post(.needsYouRead(await needsYou.gather(sender: api.sender))) }
        fillSearchableTranscripts()
    }

    /// What the status bar says while the index cannot be refreshed (it retries every 30 seconds).
    static func refreshProblem(_ error: any Error) -> String {
        switch error {
        case _ where HistoryRoutes.meansRouteUnavailable(error): ConversationPage.serverTooOld.title + " · update the server"
        case is TransportError: "Server unreachable · retrying"
        case let api as APIError where api.refusal == .signInAgain: "The server did not accept the token · `veet connect`"
        case let api as APIError: "Server answered \(api.status) · retrying"
        default: "Could not refresh · retrying"
        }
    }

    /// Opens a conversation with the chat feature's `ConversationOpener`: the
    /// cached transcript, the server's, then its latest run (followed live when
    /// active, replayed for tools and outcome when not); a deep link's `runID` instead when given.
    func open(sessionID: String, run runID: String? = nil, work: Int) -> Task<Void, Never> {
        Task {
            let opener = ConversationOpener(api: api, cache: store)
            let cached = opener.cachedMessages(sessionID: sessionID)
            if !cached.isEmpty { inbox.post(.transcriptLoaded(sessionID: sessionID, messages: cached)) }
            diagnostics?.debug(OpeningDiagnostics.selected(sessionID, cachedMessages: cached.count))
            do {
                let restored = try await opener.restore(sessionID: sessionID)
                noteServerReached()
                inbox.post(.transcriptLoaded(sessionID: sessionID, messages: restored.messages))
                let followed = runID ?? restored.run(.activeOrLatest)
                diagnostics?.debug(OpeningDiagnostics.restored(sessionID, messages: restored.messages.count, run: followed))
                guard let runID = followed, !Task.isCancelled else {
                    inbox.post(.workEnded(work: work, problem: nil))
                    return
                }
                inbox.post(.runStarted(sessionID: sessionID, runID: runID, work: work))
                _ = try await opener.follow(runID: runID, of: restored,
                                            interaction: interaction(SessionSlot(sessionID), work: work))
                diagnostics?.debug(OpeningDiagnostics.replayFinished(sessionID, run: runID))
                inbox.post(.workEnded(work: work, problem: nil))
            } catch {
                let page = Task.isCancelled ? nil : ConversationPage(openingFailedWith: error, cachedAnything: !cached.isEmpty,
                                                                     lastReached: lastReached())
                diagnostics?.debug(OpeningDiagnostics.failed(sessionID, page: page.map { "\($0)" }, error: error))
                if let page {
                    if page == .deleted { forgetDeleted(sessionID: sessionID) }
                    inbox.post(.conversationPage(sessionID: sessionID, page))
                    inbox.post(.workEnded(work: work, problem: nil))
                    return
                }
                inbox.post(.workEnded(work: work, problem: Task.isCancelled ? nil : Self.describe(error)))
            }
        }
    }

    /// Sends through the outbox and follows the run. A nil `sessionID` opens
    /// the new conversation `conversationKey` names: the message is saved
    /// first, with the profile chosen for new conversations (a local read),
    /// and the outbox creates the conversation, checking that profile then.
    func send(content: [ContentBlock], sessionID: String?, conversationKey: IdempotencyKey? = nil,
              work: Int) -> Task<Void, Never> {
        outboxTurn(sessionID: sessionID, work: work) { interaction, onRunStarted in
            let profile = sessionID == nil ? (try? ChosenProfile(store: store).profileID()) ?? nil : nil
            _ = try await TurnRunner(api: apiForNewConversation()).send(
                content: content, sessionID: sessionID, conversationKey: conversationKey,
                browserProfileID: profile, outbox: store, interaction: interaction, onRunStarted: onRunStarted)
        }
    }

    /// One turn through the outbox (a send, or "try again" on one that did
    /// not go out), reported the same way: `runStarted` as soon as its run is
    /// known, then `workEnded` with what kept it back; a reconcile after.
    func outboxTurn(sessionID: String?, work: Int,
                    _ turn: @escaping @Sendable (TUIInteraction, @escaping @Sendable (String, String) async -> Void) async throws -> Void)
        -> Task<Void, Never> {
        Task {
            let slot = SessionSlot(sessionID)
            let inbox = self.inbox
            do {
                try await turn(interaction(slot, work: work)) { session, runID in
                    slot.value = session
                    inbox.post(.runStarted(sessionID: session, runID: runID, work: work))
                }
                inbox.post(.workEnded(work: work, problem: nil))
            } catch {
                inbox.post(.workEnded(work: work, problem: Task.isCancelled ? nil : Self.describe(error)))
            }
            _ = reconcile()
        }
    }

    func cancel(runID: String) {
        Task {
            do { _ = try await api.cancel(runID: runID) } catch {
                inbox.post(.notice("Could not stop the run: \(Self.describe(error))"))
            }
        }
    }

    func interaction(_ slot: SessionSlot, work: Int) -> TUIInteraction {
        TUIInteraction(session: slot, work: work, inbox: inbox, broker: broker, store: store)
    }

    static func describe(_ error: any Error) -> String {
        CommandHints.message(for: error)
    }
}

/// One reconcile in flight at a time, plus a flag for "run again when done"
/// (every run start, end, approval and the 30 s timer ask for one).
final class ReconcileGate: Sendable {
    private let state = Mutex((running: false, dirty: false))

    /// True when the caller should run one now; false marks the running one dirty.
    func enter() -> Bool {
        state.withLock { gate in
            if gate.running { gate.dirty = true; return false }
            gate.running = true
            return true
        }
    }

    /// True when a call arrived meanwhile: run once more (the gate stays held).
    func leave() -> Bool {
        state.withLock { gate in
            if gate.dirty { gate.dirty = false; return true }
            gate.running = false
            return false
        }
    }
}
