import Foundation
import VeetChat
import VeetFolders
import VeetStore
import VeetTransport
import VeetWire
import VeetWebsiteAccess

/// The features the screen calls, each started as a task that reports
/// through the inbox. It holds no UI state; the main loop owns that.
struct Backend: Sendable {
    let api: ChatAPI
    let store: LocalStore
    let inbox: Inbox
    let broker: PromptBroker
    let searchGeneration = SearchGeneration()
    let artifacts: ArtifactService
    let folders: FolderCenter
    let websites: WebsiteAccessAPI
    let daemon: DaemonLink

    init(api: ChatAPI, store: LocalStore, inbox: Inbox, broker: PromptBroker, daemon: DaemonLink) {
        self.daemon = daemon
        self.api = api
        self.store = store
        self.inbox = inbox
        self.broker = broker
        artifacts = api.artifactService(cache: ArtifactCache())
        folders = FolderCenter(api: FoldersAPI(sender: .live(client: api.client)), store: store)
        websites = WebsiteAccessAPI(client: api.client)
    }

    private var source: HTTPStoreSource { HTTPStoreSource(client: api.client) }

    /// The cached index at once, without waiting for the server.
    func cachedSessions() -> [CachedSession] {
        (try? store.sessions()) ?? []
    }

    /// Reconciles the index with the server (fenced by the folder feature, which
    /// also learns whether the server offers folders), refreshes the folders,
    /// then finds which active runs wait for the owner.
    func reconcile() -> Task<Void, Never> {
        Task {
            do {
                _ = try await store.reconcile(from: FencedIndexSource(sender: .live(client: api.client), center: folders))
            } catch {
                inbox.post(.notice("Could not refresh the conversation list: \(Self.describe(error))"))
            }
            do { try await folders.refresh() } catch {
                inbox.post(.notice("Could not refresh the folders: \(Self.describe(error))"))
            }
            await publishFolders()
            let sessions = await folders.fencedRows(cachedSessions())
            var waiting: Set<String> = []
            for session in sessions.prefix(50) {
                guard let runID = session.activeRunID else { continue }
                if let run = try? await api.run(id: runID), run.status.isWaiting { waiting.insert(session.id) }
            }
            inbox.post(.sessionsLoaded(sessions, waiting: waiting))
        }
    }

    /// Opens a conversation: the cached transcript, the server's, then its
    /// latest run (followed live when active, replayed for tools and outcome when not).
    func open(sessionID: String, work: Int) -> Task<Void, Never> {
        Task {
            if let cached = try? store.transcript(sessionID: sessionID), !cached.isEmpty {
                inbox.post(.transcriptLoaded(sessionID: sessionID, messages: cached.map(Self.view)))
            }
            do {
                let messages = try await source.transcript(sessionID: sessionID)
                try? store.saveTranscript(sessionID: sessionID, messages: messages)
                inbox.post(.transcriptLoaded(sessionID: sessionID, messages: messages))
                let session = try await api.session(id: sessionID)
                guard let runID = session.activeRunID ?? session.lastRunID, !Task.isCancelled else {
                    inbox.post(.workEnded(work: work, problem: nil))
                    return
                }
                inbox.post(.runStarted(sessionID: sessionID, runID: runID, work: work))
                _ = try await TurnRunner(api: api).follow(runID: runID, sessionID: sessionID,
                                                          interaction: interaction(SessionSlot(sessionID), work: work))
                inbox.post(.workEnded(work: work, problem: nil))
            } catch {
                inbox.post(.workEnded(work: work, problem: Task.isCancelled ? nil : Self.describe(error)))
            }
        }
    }

    /// Sends through the outbox and follows the run (creating the session when nil).
    func send(content: [ContentBlock], sessionID: String?, work: Int) -> Task<Void, Never> {
        Task {
            let slot = SessionSlot(sessionID)
            let inbox = self.inbox
            do {
                let api = sessionID == nil ? await apiForNewConversation() : self.api
                _ = try await TurnRunner(api: api).send(
                    content: content, sessionID: sessionID, outbox: store,
                    interaction: interaction(slot, work: work)
                ) { session, runID in
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

    private func interaction(_ slot: SessionSlot, work: Int) -> TUIInteraction {
        TUIInteraction(session: slot, work: work, inbox: inbox, broker: broker, store: store)
    }

    static func view(_ message: CachedMessage) -> SessionMessageView {
        SessionMessageView(sequence: message.sequence, role: message.role == "user" ? .user : .assistant,
                           content: message.content)
    }

    static func describe(_ error: any Error) -> String {
        CommandHints.message(for: error)
    }
}
