import Foundation
import VeetCurses
import VeetEmail
import VeetTransport

/// The work the Email screen asks for.
public enum EmailScreenEffect: Sendable {
    case loadAccounts
    /// The first page of `query` (or the page after `cursor`); `background` merges it without reordering.
    case loadPage(ThreadQuery, limit: Int, cursor: String?, background: Bool)
    case loadThread(id: String)
    /// A refresh as the refresher admits it: `visible` as the screen shows, else a periodic tick.
    case refresh(visible: Bool)
    /// The screen left the terminal (the refresher stops counting it visible).
    case hidden
    case perform(InboxAction, on: EmailThreadSummary, account: EmailAccount?)
    case teach(FeedbackRequest)
    case undo(FeedbackReceipt)
    /// The thread's draft (read, or generated when there is none), as a session to edit.
    case openDraft(threadID: String, existing: EmailDraft?)
    /// Hands the editor's text to the session and sends the due autosave.
    case autosave(DraftSession, DraftContent, threadID: String)
    case resolveConflict(DraftSession, keepingLocal: Bool, threadID: String)
    /// Saves the newest text, proposes it and verifies the approval (Review & Send).
    case prepareSend(DraftSession, DraftContent, threadID: String, providerThreadID: String, account: EmailAccount?)
    /// Approve once: never retried (`ReviewAndSend.approve`).
    case approve(ReviewAndSend, threadID: String)
    /// The chat conversation bound to the thread, opened or reused by the server.
    case discuss(threadID: String)
    /// Saves the editor's text now, until it is the confirmed revision.
    case saveNow(DraftSession, DraftContent, threadID: String)
    case loadHistory(DraftSession, threadID: String)
    /// Puts a revision back into the editor and saves it as the next revision.
    case restore(DraftSession, EmailDraft, threadID: String)
    case discard(DraftSession, threadID: String)
    /// The saved revision's wording as an example of how the owner writes.
    case endorse(DraftSession, threadID: String)
    case loadLearning
    case setLearningPaused(Bool)
    case resetLearning(LearningResetScope)
    case exclude(threadID: String, revision: Int)
}

/// What the Email screen's work reports, and what the shell tells it (`shown`,
/// `hidden`, `size`, `edited`, `threadChanged`, `message`). Mail stays in these
/// values and the screen's state: nothing here reaches the store, a log or a file.
public enum EmailScreenResult: Sendable {
    case unavailable
    case accounts([EmailAccount])
    /// A page of one list; `background` merges it without reordering, `append` adds a next page.
    case page(ThreadQuery, Page<EmailThreadSummary>, background: Bool, append: Bool)
    case listFailed(String)
    /// The open thread, with a session for its draft when the draft may be edited.
    case thread(EmailThreadDetail, session: DraftSession?)
    case threadFailed(id: String, String)
    /// A refresh attempt ended (`error` is the refresher's standing error, nil once one completed).
    case refreshed(RefreshOutcome, error: String?)
    case actionEnded(threadID: String, InboxActionOutcome, accountID: String, action: InboxAction)
    case feedbackApplied(FeedbackReceipt, EmailThreadSummary)
    case feedbackUndone(EmailThreadSummary)
    case draftOpened(threadID: String, DraftSession, DraftEditor)
    /// An autosave (or a conflict pick) ended: the session's editor as it is now.
    case draftSaved(threadID: String, DraftEditor, status: String)
    case sendFlow(threadID: String, ReviewAndSend)
    case sendStage(threadID: String, SendStage)
    case sendOutcome(threadID: String, SendOutcome)
    case message(String)
    /// The shell shows the screen (at first and after the other mode), at this size.
    case shown(width: Int, height: Int)
    /// The shell shows something else; the screen stays in memory.
    case hidden
    case size(width: Int, height: Int)
    /// The reply's text as the owner's $EDITOR left it (the shell ran it: `EmailScreenRoute.editExternally`).
    case edited(String)
    /// The open thread changed elsewhere (an unsubscribe settled): read it again.
    case threadChanged
    /// Another feature opens this thread (a person's open thread): its page, read.
    case openThread(id: String)
    /// Another feature asks for the Subscriptions screen (a sender in "Needs you"): S's route once
    /// the accounts are read, else a line saying so.
    case openSubscriptions
    case discussion(threadID: String, sessionID: String)
    /// The draft's revisions, oldest first.
    case draftHistory(threadID: String, [EmailDraft])
    /// A draft option failed; said beside that option.
    case draftOptionFailed(threadID: String, DraftOption, String)
    case draftDiscarded(threadID: String)
    case endorsed(threadID: String, revision: Int, LearningState)
    /// The learning state (nil: the server offers no learning).
    case learning(LearningState?)
    /// A pause, resume or reset applied, and what it did.
    case learningChanged(LearningState, String)
    case learningFailed(String)
    case excluded(threadID: String, String)
    /// The shell: the server refused the token (401); the mail leaves the screen and memory.
    case signedOut
    /// The shell: signed in again; the screen reads the mail again.
    case signedIn
}

/// Does the Email screen's work through `EmailAPI` and the shell's one refresher
/// (it outlives the screen, so its once-a-minute rule holds across opens).
public struct EmailScreenWork: ScreenEffects {
    public typealias Screen = EmailScreen

    let api: EmailAPI
    let refresher: EmailRefresher
    let describe: @Sendable (any Error) -> String

    public init(api: EmailAPI, refresher: EmailRefresher, describe: @escaping @Sendable (any Error) -> String = { "\($0)" }) {
        self.api = api
        self.refresher = refresher
        self.describe = describe
    }

    func words(_ error: any Error) -> String { EmailError.from(error)?.description ?? describe(error) }

    public func run(_ effect: EmailScreenEffect, report: @escaping @Sendable (EmailScreenResult) -> Void) async {
        switch effect {
        case .loadAccounts:
            do {
                report(.accounts(try await api.accounts()))
            } catch where EmailAPI.meansUnavailable(error) {
                report(.unavailable)
            } catch {
                report(.listFailed("Could not read the mail accounts: \(words(error))"))
            }
        case .loadPage(let query, let limit, let cursor, let background):
            do {
                let page = try await api.threads(query, limit: limit, cursor: cursor)
                report(.page(query, page, background: background, append: cursor != nil))
            } catch where EmailAPI.meansUnavailable(error) {
                report(.unavailable)
            } catch {
                if !QuietFailure.isCancellation(error) { report(.listFailed("Could not read the mail: \(words(error))")) }
            }
        case .loadThread(let id): await loadThread(id, report)
        case .refresh(let visible):
            let outcome = visible ? await refresher.becameVisible() : await refresher.tick()
            guard outcome != .notAdmitted else { return }
            report(.refreshed(outcome, error: await refresher.refreshError))
        case .hidden: await refresher.becameHidden()
        case .perform(let action, let thread, let account):
            let outcome = await InboxActionRunner(api: api).perform(action, on: thread, account: account)
            report(.actionEnded(threadID: thread.id, outcome, accountID: thread.accountID, action: action))
        case .teach(let request):
            do {
                let result = try await api.recordFeedback(request)
                report(.feedbackApplied(FeedbackReceipt(feedbackID: result.feedbackID, request: request), result.thread))
            } catch {
                report(.message("Not applied: \(words(error))"))
            }
        case .undo(let receipt):
            do {
                report(.feedbackUndone(try await api.undoFeedback(id: receipt.feedbackID)))
            } catch {
                report(.message("Could not undo: \(words(error))"))
            }
        case .openDraft(let threadID, let existing): await openDraft(threadID, existing, report)
        default: await runDraft(effect, report)
        }
    }

    private func loadThread(_ id: String, _ report: @escaping @Sendable (EmailScreenResult) -> Void) async {
        do {
            var detail = try await api.thread(id: id)
            // An older server sends only the draft id: read the draft separately (the messages show meanwhile).
            if detail.draft == nil, let draftID = detail.thread.draftID {
                report(.thread(detail, session: nil))
                detail.draft = try? await api.draft(id: draftID)
            }
            let session = detail.draft.flatMap { $0.status.isEditable ? DraftSession(api: api, draft: $0) : nil }
            report(.thread(detail, session: session))
        } catch {
            if !QuietFailure.isCancellation(error) { report(.threadFailed(id: id, words(error))) }
        }
    }

    private func openDraft(_ threadID: String, _ existing: EmailDraft?,
                           _ report: @escaping @Sendable (EmailScreenResult) -> Void) async {
        do {
            let draft: EmailDraft?
            if let existing { draft = existing } else { draft = try await DraftSession.generate(api: api, threadID: threadID) }
            guard let draft else {
                report(.message("Veetbot did not draft a reply for this conversation."))
                return
            }
            let session = DraftSession(api: api, draft: draft)
            report(.draftOpened(threadID: threadID, session, await session.editor))
        } catch {
            report(.message("No draft: \(words(error))"))
        }
    }

    private func runDraft(_ effect: EmailScreenEffect, _ report: @escaping @Sendable (EmailScreenResult) -> Void) async {
        switch effect {
        case .autosave(let session, let content, let threadID):
            await session.type(content)
            let status: String = switch await session.autosave() {
            case .saved(let revision): "Saved (revision \(revision))"
            case .nothingToSave: "Saved"
            case .conflict: "Changed on another device: pick a version"
            case .failed(let text): "Not saved yet: \(text)"
            }
            report(.draftSaved(threadID: threadID, await session.editor, status: status))
        case .resolveConflict(let session, let keepingLocal, let threadID):
            await session.resolveConflict(keepingLocal: keepingLocal)
            let status = keepingLocal ? "Keeping your version; saving it" : "Took the server's version"
            report(.draftSaved(threadID: threadID, await session.editor, status: status))
            if keepingLocal {
                _ = await session.autosave()
                report(.draftSaved(threadID: threadID, await session.editor, status: "Saved"))
            }
        case .prepareSend(let session, let content, let threadID, let providerThreadID, let account):
            let flow = ReviewAndSend(api: api, account: account)
            report(.sendFlow(threadID: threadID, flow))
            await session.type(content)
            let stage = await flow.prepare(session, providerThreadID: providerThreadID)
            report(.draftSaved(threadID: threadID, await session.editor, status: ""))
            report(.sendStage(threadID: threadID, stage))
        case .approve(let flow, let threadID):
            report(.sendOutcome(threadID: threadID, await flow.approve()))
        default: await runOption(effect, report)
        }
    }
}
