import Foundation
import VeetEmail
import VeetTransport

/// What Email mode's calls report. Mail stays in these values and the
/// screen's state: nothing here reaches the store, a log or a file.
enum EmailUpdate: Sendable {
    case unavailable
    case accounts([EmailAccount])
    /// A page of one list; `background` merges it without reordering, `append` adds a next page.
    case page(ThreadQuery, Page<EmailThreadSummary>, background: Bool, append: Bool)
    case listFailed(String)
    case thread(EmailThreadDetail)
    case threadFailed(id: String, String)
    case refreshing
    /// A refresh attempt ended (`error` is the refresher's standing error, nil once one completed).
    case refreshed(RefreshOutcome, error: String?)
    case actionEnded(threadID: String, InboxActionOutcome, accountID: String, action: InboxAction)
    case feedbackApplied(FeedbackReceipt, EmailThreadSummary)
    case feedbackUndone(EmailThreadSummary)
    case draftOpened(threadID: String, DraftSession, DraftEditor)
    /// An autosave (or a conflict pick) ended: the session's editor as it is now.
    case draftSaved(threadID: String, DraftEditor, status: String)
    case sendStage(threadID: String, SendStage)
    case sendOutcome(threadID: String, SendOutcome)
    case message(String)
}

/// Email mode's calls (VeetEmail), each a task that posts what it found.
extension Backend {
    var email: EmailAPI { EmailAPI(sender: api.sender) }

    func post(_ update: EmailUpdate) { inbox.post(.email(update)) }

    func describeEmail(_ error: any Error) -> String {
        EmailError.from(error)?.description ?? Self.describe(error)
    }

    func loadEmailAccounts() -> Task<Void, Never> {
        let api = email
        return Task {
            do {
                post(.accounts(try await api.accounts()))
            } catch where EmailAPI.meansUnavailable(error) {
                post(.unavailable)
            } catch {
                post(.listFailed("Could not read the mail accounts: \(describeEmail(error))"))
            }
        }
    }

    /// The first page of `query` (or the page after `cursor`).
    func loadEmailPage(_ query: ThreadQuery, limit: Int, cursor: String? = nil, background: Bool = false) -> Task<Void, Never> {
        let api = email
        return Task {
            do {
                let page = try await api.threads(query, limit: limit, cursor: cursor)
                post(.page(query, page, background: background, append: cursor != nil))
            } catch where EmailAPI.meansUnavailable(error) {
                post(.unavailable)
            } catch {
                if !QuietFailure.isCancellation(error) { post(.listFailed("Could not read the mail: \(describeEmail(error))")) }
            }
        }
    }

    func loadEmailThread(id: String) -> Task<Void, Never> {
        let api = email
        return Task {
            do {
                var detail = try await api.thread(id: id)
                // An older server sends only the draft id: read the draft separately (the messages show meanwhile).
                if detail.draft == nil, let draftID = detail.thread.draftID {
                    post(.thread(detail))
                    detail.draft = try? await api.draft(id: draftID)
                }
                post(.thread(detail))
            } catch {
                if !QuietFailure.isCancellation(error) { post(.threadFailed(id: id, describeEmail(error))) }
            }
        }
    }

    /// A refresh as the refresher admits it: `visible` for Email opening, else a periodic tick.
    func refreshEmail(visible: Bool) -> Task<Void, Never> {
        let refresher = emailRefresher
        return Task {
            let outcome = visible ? await refresher.becameVisible() : await refresher.tick()
            guard outcome != .notAdmitted else { return }
            post(.refreshed(outcome, error: await refresher.refreshError))
        }
    }

    func emailHidden() {
        let refresher = emailRefresher
        Task { await refresher.becameHidden() }
    }

    func performEmailAction(_ action: InboxAction, on thread: EmailThreadSummary, account: EmailAccount?) -> Task<Void, Never> {
        let runner = InboxActionRunner(api: email)
        return Task {
            let outcome = await runner.perform(action, on: thread, account: account)
            post(.actionEnded(threadID: thread.id, outcome, accountID: thread.accountID, action: action))
        }
    }

    func teach(_ request: FeedbackRequest) -> Task<Void, Never> {
        let api = email
        return Task {
            do {
                let result = try await api.recordFeedback(request)
                post(.feedbackApplied(FeedbackReceipt(feedbackID: result.feedbackID, request: request), result.thread))
            } catch {
                post(.message("Not applied: \(describeEmail(error))"))
            }
        }
    }

    func undoFeedback(_ receipt: FeedbackReceipt) -> Task<Void, Never> {
        let api = email
        return Task {
            do {
                post(.feedbackUndone(try await api.undoFeedback(id: receipt.feedbackID)))
            } catch {
                post(.message("Could not undo: \(describeEmail(error))"))
            }
        }
    }

    /// The thread's draft (read, or generated when there is none), as a session to edit.
    func openDraft(threadID: String, existing: EmailDraft?) -> Task<Void, Never> {
        let api = email
        return Task {
            do {
                let draft: EmailDraft?
                if let existing { draft = existing } else { draft = try await DraftSession.generate(api: api, threadID: threadID) }
                guard let draft else {
                    post(.message("Veetbot did not draft a reply for this conversation."))
                    return
                }
                let session = DraftSession(api: api, draft: draft)
                post(.draftOpened(threadID: threadID, session, await session.editor))
            } catch {
                post(.message("No draft: \(describeEmail(error))"))
            }
        }
    }

    /// Hands the editor's text to the session and sends the due autosave.
    func autosave(_ session: DraftSession, content: DraftContent, threadID: String) -> Task<Void, Never> {
        Task {
            await session.type(content)
            let status: String = switch await session.autosave() {
            case .saved(let revision): "Saved (revision \(revision))"
            case .nothingToSave: "Saved"
            case .conflict: "Changed on another device: pick a version"
            case .failed(let text): "Not saved yet: \(text)"
            }
            post(.draftSaved(threadID: threadID, await session.editor, status: status))
        }
    }

    func resolveConflict(_ session: DraftSession, keepingLocal: Bool, threadID: String) -> Task<Void, Never> {
        Task {
            await session.resolveConflict(keepingLocal: keepingLocal)
            let status = keepingLocal ? "Keeping your version; saving it" : "Took the server's version"
            post(.draftSaved(threadID: threadID, await session.editor, status: status))
            if keepingLocal {
                _ = await session.autosave()
                post(.draftSaved(threadID: threadID, await session.editor, status: "Saved"))
            }
        }
    }

    func prepareSend(_ flow: ReviewAndSend, session: DraftSession, content: DraftContent, threadID: String,
                     providerThreadID: String) -> Task<Void, Never> {
        Task {
            await session.type(content)
            let stage = await flow.prepare(session, providerThreadID: providerThreadID)
            post(.draftSaved(threadID: threadID, await session.editor, status: ""))
            post(.sendStage(threadID: threadID, stage))
        }
    }

    /// Approve once: never retried (`ReviewAndSend.approve`).
    func approveSend(_ flow: ReviewAndSend, threadID: String) -> Task<Void, Never> {
        Task { post(.sendOutcome(threadID: threadID, await flow.approve())) }
    }
}
