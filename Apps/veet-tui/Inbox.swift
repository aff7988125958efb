import Foundation
import Synchronization
import VeetChat
import VeetChatScreens
import VeetConsole
import VeetFolders
import VeetFoldersScreens
import VeetStore
import VeetTransport
import VeetWire
import VeetWebsiteAccess

/// What background work reports to the main loop. The loop drains these
/// between input polls and applies them to its one state value.
enum AppMessage: Sendable {
    /// A fresh session index (after a reconcile) and the account's pending approvals (one read, for "Needs you").
    case sessionsLoaded([CachedSession], pendingApprovals: PendingApprovalsRead)
    /// Why the last reconcile could not refresh the index (nil: it did), for the status bar.
    case refreshProblem(String?)
    /// The features' own "Needs you" reports (mail to answer, memories to review...), read with the reconcile.
    case needsYouRead([(feature: String, report: NeedsYouReport)])
    /// The durable transcript of a session (from the cache or the server).
    case transcriptLoaded(sessionID: String, messages: [SessionMessageView])
    /// A run frame for a session's conversation.
    case frame(sessionID: String, RunEventFrame)
    /// A change a followed run made, for "Needs you" (`QuestionWaits`).
    case runChange(sessionID: String, runID: String, RunChange)
    /// The session and run a send (or an attach) is following, known as soon as it is.
    case runStarted(sessionID: String, runID: String, work: Int)
    /// The turn or the follow ended (or failed before a run existed).
    case workEnded(work: Int, problem: String?)
    /// A run needs the owner's decision; `ticket` answers it.
    case approvalNeeded(ApprovalView, ticket: Int, work: Int)
    /// A decision on its way, recorded, or not taken (TurnInteraction's approval callbacks).
    case approvalProgress(approvalID: String, ApprovalProgressReport)
    /// The message met another run of its conversation and was not sent (docs/chat.md): its words go back to the composer.
    case messageNotSent(sessionID: String?, UnsentMessage)
    /// The library refused the message's files after the screen's check passed: its words go back to the composer.
    case messageRefused(text: String, clientKey: String, reason: String)
    /// A run asks the owner a question; `ticket` answers it.
    case questionAsked(PendingQuestion, ticket: Int, work: Int)
    /// A short notice for the status bar (reconnecting, a failed reconcile...).
    case notice(String)
    /// The answer to a sidebar search (only the newest query's answer arrives).
    case searchResults(query: String, SearchOutcome)
    /// How many conversations search cannot see yet (the background fill's progress).
    case searchCoverage(SearchCoverage)
    /// A conversation was deleted everywhere.
    case deleted(sessionID: String)
    /// A conversation that cannot be shown as a transcript (deleted elsewhere, unreachable, a server too old).
    case conversationPage(sessionID: String, ConversationPage)
    /// An artifact's content, ready for the viewer.
    case artifactOpened(ArtifactViewer)
    /// A new conversation was created to hold an upload.
    case sessionCreated(sessionID: String)
    case runDetails(RunDetailsUpdate)
    /// An answer of the open feature screen's work (`mount` names which screen asked).
    case screenResult(mount: Int, any Sendable)
    /// What Email mode's calls found.
    /// What the reading page's unsubscribe (x on a thread's subscription block) came to.
    case subscriptions(SubscriptionsUpdate)
    /// Connections (sign in again, forget): ChatScreen+Connections.
    case connection(ConnectionUpdate)
    /// The task permissions of a conversation.
    case taskGrantsLoaded(sessionID: String, [TaskGrant])
    /// The folder feature's state, with the index rows it fenced.
    case foldersLoaded(FolderSnapshot, sessions: [CachedSession])
    /// An answer of the folder work (VeetFoldersScreens' `FolderWork`).
    case folders(FolderResult)
    /// A file of a draft changed state (queued, uploading, uploaded, failed).
    case attachmentChanged(sessionID: String, Attachment)
    /// A draft's files as the composer holds them after a removal (stale updates before it are overwritten).
    case attachmentsListed(sessionID: String, [Attachment])
}

/// The thread-safe mailbox between background tasks and the main loop.
final class Inbox: Sendable {
    private let messages = Mutex<[AppMessage]>([])
    /// Wakes the main loop's wait after each post (the terminal's `waker`; none in tests).
    private let waker = Mutex<(@Sendable () -> Void)?>(nil)

    func post(_ message: AppMessage) {
        messages.withLock { $0.append(message) }
        waker.withLock { $0 }?()
    }

    /// What a post calls after adding its message (ChatScreen hands it the terminal's wake).
    func wakeWith(_ wake: @escaping @Sendable () -> Void) {
        waker.withLock { $0 = wake }
    }

    /// Everything posted since the last drain, in order.
    func drain() -> [AppMessage] {
        messages.withLock { pending in
            defer { pending.removeAll(keepingCapacity: true) }
            return pending
        }
    }
}

/// Where a docked approval's decision stands.
enum ApprovalProgressReport: Sendable {
    case sending(ApprovalAnswer)
    /// `notice` is set when this client did not decide it (another device, an expiry, the run moving on).
    case settled(notice: String?)
    case notTaken(reason: String)
    /// The run as read right after the approval settled.
    case runRead(RunView)
}

/// Suspended approvals and questions: a turn awaits its ticket until the
/// owner acts in the UI (or the conversation is left, which leaves it pending).
final class PromptBroker: Sendable {
    private struct Waiting {
        var approvals: [Int: CheckedContinuation<ApprovalAnswer, Never>] = [:]
        var questions: [Int: CheckedContinuation<String?, Never>] = [:]
        var nextTicket = 1
    }

    private let waiting = Mutex(Waiting())

    /// Cancelled (the approval settled elsewhere while docked: TurnRunner withdraws
    /// the prompt), the ticket is answered "leave pending", which the runner ignores.
    func decide(_ approval: ApprovalView, work: Int, inbox: Inbox) async -> ApprovalAnswer {
        let ticket = waiting.withLock { state in
            defer { state.nextTicket += 1 }
            return state.nextTicket
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let cancelled = waiting.withLock { state in
                    if Task.isCancelled { return true }
                    state.approvals[ticket] = continuation
                    return false
                }
                if cancelled { return continuation.resume(returning: .leavePending) }
                inbox.post(.approvalNeeded(approval, ticket: ticket, work: work))
            }
        } onCancel: {
            resolveApproval(ticket: ticket, with: .leavePending)
        }
    }

    func answer(_ question: PendingQuestion, work: Int, inbox: Inbox) async -> String? {
        await withCheckedContinuation { continuation in
            let ticket = waiting.withLock { state in
                defer { state.nextTicket += 1 }
                state.questions[state.nextTicket] = continuation
                return state.nextTicket
            }
            inbox.post(.questionAsked(question, ticket: ticket, work: work))
        }
    }

    func resolveApproval(ticket: Int, with answer: ApprovalAnswer) {
        waiting.withLock { $0.approvals.removeValue(forKey: ticket) }?.resume(returning: answer)
    }

    func resolveQuestion(ticket: Int, with text: String?) {
        waiting.withLock { $0.questions.removeValue(forKey: ticket) }?.resume(returning: text)
    }

    /// Leaves every open prompt pending (the owner left the conversation or quit).
    func releaseAll() {
        let (approvals, questions) = waiting.withLock { state in
            defer { state.approvals.removeAll(); state.questions.removeAll() }
            return (Array(state.approvals.values), Array(state.questions.values))
        }
        approvals.forEach { $0.resume(returning: .leavePending) }
        questions.forEach { $0.resume(returning: nil) }
    }
}

/// The TUI's side of a turn: frames go to the transcript (through the
/// inbox) and to the store's cache; approvals and questions wait for the owner.
struct TUIInteraction: TurnInteraction {
    let session: SessionSlot
    let work: Int
    let inbox: Inbox
    let broker: PromptBroker
    let store: LocalStore

    static let reconnectingNotice = "Connection lost; reconnecting to the run..."

    /// Only what matters to "Needs you" is posted; the transcript comes from the frames.
    func show(_ change: RunChange, in run: RunProgressView) async {
        guard !change.attention.isEmpty, let sessionID = session.value else { return }
        inbox.post(.runChange(sessionID: sessionID, runID: run.runID, change))
    }

    func streamNotice(_ output: RunStreamOutput) async {
        switch output {
        case .interrupted: inbox.post(.notice(Self.reconnectingNotice))
        case .connected: inbox.post(.notice(""))
        default: break
        }
    }

    func decide(_ approval: ApprovalView) async -> ApprovalAnswer {
        await broker.decide(approval, work: work, inbox: inbox)
    }

    func answer(_ question: PendingQuestion) async -> String? {
        await broker.answer(question, work: work, inbox: inbox)
    }

    func approvalSending(_ approvalID: String, answer: ApprovalAnswer) async {
        inbox.post(.approvalProgress(approvalID: approvalID, .sending(answer)))
    }

    func approvalSettled(_ approvalID: String, notice: String?) async {
        inbox.post(.approvalProgress(approvalID: approvalID, .settled(notice: notice)))
    }

    func approvalNotTaken(_ approvalID: String, reason: String) async {
        inbox.post(.approvalProgress(approvalID: approvalID, .notTaken(reason: reason)))
    }

    func runReadAfterDecision(_ run: RunView, approvalID: String) async {
        inbox.post(.approvalProgress(approvalID: approvalID, .runRead(run)))
    }

    func followingActiveRun(runID: String, status: RunStatus?, unsent: UnsentMessage) async {
        inbox.post(.messageNotSent(sessionID: session.value, unsent))
    }

    func received(_ frame: RunEventFrame, in transcript: Transcript) async {
        guard let sessionID = session.value else { return }
        try? store.saveCacheEntries(transcript.cacheEntries(for: frame), sessionID: sessionID)
        inbox.post(.frame(sessionID: sessionID, frame))
    }
}

/// The session a turn runs in: unknown for a new conversation until the
/// server created it, then set once by `onRunStarted`.
final class SessionSlot: Sendable {
    private let stored: Mutex<String?>

    init(_ sessionID: String?) {
        stored = Mutex(sessionID)
    }

    var value: String? {
        get { stored.withLock { $0 } }
        set { stored.withLock { $0 = newValue } }
    }
}
