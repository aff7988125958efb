import Foundation
import VeetCurses
import VeetEmail

/// The reply's draft options, each with its own failure line.
public enum DraftOption: String, Sendable, Hashable, CaseIterable {
    case save, history, discard, endorse
}

/// Over the reading page: the reply's revisions to restore one from, or the discard question.
public enum DraftSheet: Sendable, Hashable {
    /// The revisions, oldest first, and the one the cursor is on (nil while they are read).
    case history([EmailDraft]?, choice: Int)
    case confirmDiscard
}

/// The learning pane: what Veetbot learns from the mail and what is shared, with pause,
/// the scoped resets and excluding the open thread (each destructive one asked first).
public struct LearningPane: Sendable, Hashable {
    public enum Question: Sendable, Hashable {
        case reset(LearningResetScope)
        case exclude(threadID: String, revision: Int, subject: String)
    }

    /// nil while it is read.
    public var state: LearningState?
    /// The server offers no learning (the rest of Email works).
    public var offered = true
    public var question: Question?
    public var busy = false
    /// What the last change did, or why it failed.
    public var outcome: String?
    public var failed = false

    public init(state: LearningState? = nil) { self.state = state }

    static let resets: [(key: Character, scope: LearningResetScope, label: String)] = [
        ("1", .preferences, "reset preferences"), ("2", .style, "reset writing style"), ("3", .all, "reset all"),
    ]
}

/// The keys of the page's options (copies, details, People, Discuss, the draft options, the
/// learning pane) and what their work reports.
extension EmailScreen {
    /// Whether a message (or the reply) shows its Cc, Bcc and subject now.
    func showsCopies(_ opensByItself: Bool) -> Bool { copiesOpen ?? opensByItself }

    /// The page opens its copies by itself when any message or the reply has some.
    var pageHasCopies: Bool {
        (detail?.messages.contains(where: MessageEnvelope.opensCopies) ?? false)
            || (reply.map { MessageEnvelope.opensCopies($0.content) } ?? false)
    }

    /// The page's option keys; false when `key` is none of them.
    mutating func pressOption(_ key: KeyPress, _ detail: EmailThreadDetail) -> Bool {
        switch key {
        case .char("c"): copiesOpen = !(copiesOpen ?? pageHasCopies)
        case .char("d"): detailsOpen.toggle()
        case .char("p"):
            let message = detail.lastReceived ?? detail.messages.last
            let sender = message?.sender ?? detail.thread.senders.first ?? ""
            guard !sender.isEmpty else { self.message = "This conversation names no sender."; return true }
            queuedRoute = .viewInPeople(SenderLookup(sender: sender, personID: message?.personID))
        case .char("D"):
            message = "Opening the discussion…"
            run(.discuss(threadID: detail.id))
        case .char("w"), .char("H"), .char("X"), .char("W"):
            guard let reply, !reply.editing else { return reply?.editing == false }
            pressDraftOption(key, reply, threadID: detail.id)
        default: return false
        }
        return true
    }

    private mutating func pressDraftOption(_ key: KeyPress, _ reply: ReplyState, threadID: String) {
        switch key {
        case .char("w"):
            draftErrors[.save] = nil
            self.reply?.dirty = false
            self.reply?.saving = true
            self.reply?.status = "Saving…"
            run(.saveNow(reply.session, reply.content, threadID: threadID))
        case .char("H"):
            draftErrors[.history] = nil
            draftSheet = .history(nil, choice: 0)
            run(.loadHistory(reply.session, threadID: threadID))
        case .char("X"):
            draftErrors[.discard] = nil
            draftSheet = .confirmDiscard
        default:
            // Endorsing binds the saved revision: refused, with no request, while anything is unsaved or in conflict.
            guard !reply.dirty, !reply.saving, reply.editor.isSettled, reply.content == reply.editor.saved.content else {
                draftErrors[.endorse] = DraftSessionError.notSettled.description
                return
            }
            draftErrors[.endorse] = nil
            run(.endorse(reply.session, threadID: threadID))
        }
    }

    /// Keys while the history or the discard question is open.
    mutating func pressDraftSheet(_ key: KeyPress) {
        guard let sheet = draftSheet, let reply, let threadID = detail?.id else { draftSheet = nil; return }
        switch sheet {
        case .confirmDiscard:
            if key == .char("y") {
                draftSheet = nil
                self.reply?.dirty = false
                run(.discard(reply.session, threadID: threadID))
            } else if key == KeyPress(.escape) || key == .char("n") {
                draftSheet = nil
            }
        case .history(let revisions, let choice):
            let count = revisions?.count ?? 0
            switch key {
            case KeyPress(.escape): draftSheet = nil
            case KeyPress(.up): draftSheet = .history(revisions, choice: max(choice - 1, 0))
            case KeyPress(.down): draftSheet = .history(revisions, choice: min(choice + 1, max(count - 1, 0)))
            case KeyPress(.enter):
                guard let chosen = revisions?[safe: choice] else { return }
                draftSheet = nil
                // Into the editor at once; saved as the next revision by the work.
                self.reply?.input = TextInput(text: chosen.body)
                self.reply?.dirty = false
                self.reply?.saving = true
                self.reply?.status = "Restoring revision \(chosen.revision)…"
                run(.restore(reply.session, chosen, threadID: threadID))
            default: break
            }
        }
    }

    /// L: the learning pane, read now.
    mutating func openLearning() {
        learning = LearningPane(state: learning?.state)
        run(.loadLearning)
    }

    /// Keys while the learning pane is open.
    mutating func pressLearning(_ key: KeyPress) {
        guard var pane = learning else { return }
        if let question = pane.question {
            if key == .char("y") {
                pane.question = nil
                pane.busy = true
                switch question {
                case .reset(let scope): run(.resetLearning(scope))
                case .exclude(let threadID, let revision, _): run(.exclude(threadID: threadID, revision: revision))
                }
            } else if key == KeyPress(.escape) || key == .char("n") {
                pane.question = nil
            }
            learning = pane
            return
        }
        if key == KeyPress(.escape) {
            learning = nil
            return
        }
        guard pane.offered, !pane.busy else { return }
        switch key {
        case .char("p"):
            guard let state = pane.state else { return }
            pane.busy = true
            run(.setLearningPaused(!state.paused))
        case .char("x"):
            guard let detail else {
                pane.outcome = "Open a conversation first, then exclude it."
                pane.failed = true
                break
            }
            pane.question = .exclude(threadID: detail.id, revision: detail.thread.revision, subject: detail.thread.subject)
        default:
            guard let reset = LearningPane.resets.first(where: { key == .char($0.key) }) else { return }
            pane.question = .reset(reset.scope)
        }
        learning = pane
    }

    /// The answers of the options' work.
    mutating func applyOption(_ result: EmailScreenResult) {
        switch result {
        case .discussion(let threadID, let sessionID):
            guard threadID == detail?.id else { return }
            message = ""
            queuedRoute = .openChat(sessionID: sessionID)
        case .draftHistory(let threadID, let revisions):
            guard threadID == detail?.id, case .history(_, _)? = draftSheet else { return }
            draftSheet = .history(revisions, choice: max(revisions.count - 1, 0))
        case .draftOptionFailed(let threadID, let option, let text):
            guard threadID == detail?.id else { return }
            draftErrors[option] = text
            if option == .history { draftSheet = nil }
            if option == .save || option == .history { reply?.saving = false }
        case .draftDiscarded(let threadID):
            guard threadID == detail?.id else { return }
            reply = nil
            draftErrors = [:]
            focus = .page
            message = "Draft discarded."
            run(.loadThread(id: threadID))
        case .endorsed(let threadID, let revision, let state):
            if learning != nil { learning?.state = state }
            guard threadID == detail?.id else { return }
            reply?.status = LearningDisclosure.endorsed(revision: revision, state: state)
        case .learning(let state):
            guard learning != nil else { return }
            learning?.busy = false
            if let state { learning?.state = state } else { learning?.offered = false }
        case .learningChanged(let state, let outcome):
            guard learning != nil else { return }
            learning?.busy = false
            learning?.state = state
            learning?.outcome = outcome
            learning?.failed = false
        case .learningFailed(let text):
            guard learning != nil else { return }
            learning?.busy = false
            learning?.outcome = text
            learning?.failed = true
        case .excluded(let threadID, let text):
            learning?.busy = false
            learning?.outcome = text
            learning?.failed = false
            // The thread is gone from the server: its row and page leave.
            important.removeConfirmed(threadID)
            other.removeConfirmed(threadID)
            if selectedID == threadID { select(visibleThreads.first?.id) }
            run(.loadLearning)
        default: break
        }
    }

    /// A 401: the lists, the open thread, the reply (saved or not), the sheets and the learning
    /// state leave the screen and the value at once; nothing is read until signing in again.
    mutating func forgetMail() {
        let kept = (connection, width, height, inboxWidth, offering)
        self = EmailScreen(connection: kept.0, width: kept.1, height: kept.2, offering: kept.4)
        inboxWidth = kept.3
        signedOut = true
        message = "The server no longer accepts the token: sign in again to read your mail (F8, Connection)."
    }
}
