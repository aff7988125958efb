import Foundation
import VeetCurses
import VeetEmail

/// Email mode (F7): switching, the list's keys, and what its calls report.
/// The reading page's keys are in ChatScreen+EmailPage.swift.
extension ChatScreen {
    static let emailTickInterval: TimeInterval = 5
    static let autosaveDelay: TimeInterval = 1

    /// F7: Chat ↔ Email. Neither is torn down: the chat keeps its stream,
    /// composer and scroll; Email keeps its lists, divider and open thread.
    func toggleEmailMode() {
        if state.mode == .email {
            saveReplyNow()
            state.mode = .chat
            backend.emailHidden()
            return
        }
        state.mode = .email
        if state.email == nil {
            state.email = EmailMode()
            _ = backend.loadEmailAccounts()
            loadEmailLists()
        }
        state.email?.refreshing = true
        lastEmailTick = Date()
        _ = backend.refreshEmail(visible: true)
    }

    func loadEmailLists(background: Bool = false) {
        guard let email = state.email else { return }
        _ = backend.loadEmailPage(email.query(.priority), limit: ThreadListModel.firstPageSize, background: background)
        _ = backend.loadEmailPage(email.query(.other), limit: EmailMode.otherPageSize, background: background)
    }

    /// Each loop turn while Email shows: a refresh tick every few seconds (the
    /// refresher admits one a minute), and the reply's autosave a second after typing stops.
    func emailLoopWork(now: Date) {
        guard state.mode == .email, let email = state.email else { return }
        if now.timeIntervalSince(lastEmailTick) >= Self.emailTickInterval {
            lastEmailTick = now
            _ = backend.refreshEmail(visible: false)
        }
        if let reply = email.reply, let since = reply.dirtySince, !reply.saving,
           now.timeIntervalSince(since) >= Self.autosaveDelay {
            saveReplyNow()
        }
    }

    /// Sends the reply's text to its session now (leaving the editor, switching, sending).
    func saveReplyNow() {
        guard let reply = state.email?.reply, reply.dirtySince != nil, let threadID = state.email?.detail?.id else { return }
        state.email?.reply?.dirtySince = nil
        state.email?.reply?.saving = true
        state.email?.reply?.status = "Saving…"
        _ = backend.autosave(reply.session, content: reply.content, threadID: threadID)
    }

    func handleEmail(_ event: InputEvent) {
        guard var email = state.email else { return }
        if email.subscriptions != nil, !Self.isF7(event) { handleSubscriptions(event, &email); state.email = email; return }
        if case .paste(let text) = event {
            if email.focus == .editor {
                _ = email.reply?.input.handle(.paste(text), policy: .editor)
                email.reply?.dirtySince = Date()
            } else if email.focus == .search {
                _ = email.search.handle(.paste(text.replacingOccurrences(of: "\n", with: " ")), policy: .chat)
            }
            state.email = email
            return
        }
        guard case .key(let key) = event else { return }
        if key == KeyPress(.function(7)) { state.email = email; toggleEmailMode(); return }
        if email.unsubscribe != nil { handlePageUnsubscribe(key, &email); state.email = email; return }
        if email.send != nil { handleSendSheet(key, &email); state.email = email; return }
        switch email.focus {
        case .search: handleEmailSearch(key, &email)
        case .editor: handleReplyEditor(key, &email)
        case .page: if !handleEmailPage(key, &email) { _ = handleEmailList(key, &email, fromPage: true) }
        case .list: if !handleEmailList(key, &email, fromPage: false) { _ = handleEmailPage(key, &email) }
        }
        if state.email != nil { state.email = email }
    }

    nonisolated static func isF7(_ event: InputEvent) -> Bool {
        if case .key(let key) = event { return key == KeyPress(.function(7)) }
        return false
    }

    private func handleEmailSearch(_ key: KeyPress, _ email: inout EmailMode) {
        if key == KeyPress(.escape) {
            email.search = TextInput()
            email.focus = .list
            restartEmailLists(&email)
            return
        }
        if email.search.handle(.key(key), policy: .chat) == .submit {
            email.focus = .list
            restartEmailLists(&email)
        }
    }

    /// Filter or search changed: both lists start over for the new query.
    func restartEmailLists(_ email: inout EmailMode) {
        email.important.change(to: email.query(.priority))
        email.other.change(to: email.query(.other))
        state.email = email
        loadEmailLists()
    }

    /// Keys on the inbox (and, from the page, those that act on the open thread's row).
    private func handleEmailList(_ key: KeyPress, _ email: inout EmailMode, fromPage: Bool) -> Bool {
        let ids = email.visibleThreads.map(\.id)
        let index = email.selectedID.flatMap { ids.firstIndex(of: $0) }
        switch key {
        case KeyPress(.up) where !fromPage: selectEmail(ids[safe: max((index ?? 0) - 1, 0)], &email)
        case KeyPress(.down) where !fromPage:
            let next = index.map { $0 + 1 } ?? 0
            if next >= ids.count, email.other.hasMore, let cursor = email.other.nextCursor {
                _ = backend.loadEmailPage(email.other.query, limit: EmailMode.otherPageSize, cursor: cursor)
            }
            selectEmail(ids[safe: min(next, ids.count - 1)], &email)
        case KeyPress(.home) where !fromPage: selectEmail(ids.first, &email)
        case KeyPress(.end) where !fromPage: selectEmail(ids.last, &email)
        case KeyPress(.enter) where !fromPage, KeyPress(.right) where !fromPage:
            guard email.selectedID != nil else { return true }
            email.pagePushed = true
            email.focus = .page
        case KeyPress(.tab):
            email.focus = email.focus == .list && email.selectedID != nil ? .page : .list
            if email.focus == .page { email.pagePushed = true }
        case .char("e"): emailAction(.archive, &email)
        case .char("u") where email.selectedThread?.isArchived == true: emailAction(.unarchive, &email)
        case .char("h"): emailAction(email.selectedThread?.isHandled == true ? .markUnhandled : .markHandled, &email)
        case .char("!"): emailAction(email.selectedThread?.isReportedSpam == true ? .notSpam : .reportSpam, &email)
        case .char("n"): emailAction(.clearSuspicion, &email)
        case .char("/"):
            email.focus = .search
        case .char("a") where !fromPage:
            let choices: [String?] = [nil] + email.accounts.map(\.id)
            let current = choices.firstIndex { $0 == email.accountFilter } ?? 0
            email.accountFilter = choices[(current + 1) % choices.count]
            restartEmailLists(&email)
        case .char("m"): email.statusOpen.toggle()
        case .char("S") where email.offersSubscriptions: openSubscriptions(&email)
        case .char("N"):
            email.important.showNewArrivals()
            email.other.showNewArrivals()
        case .char("<"): email.inboxWidth = email.inboxColumns(width: terminal.width) - 4
        case .char(">"): email.inboxWidth = email.inboxColumns(width: terminal.width) + 4
        case .char("?"), KeyPress(.function(1)): state.help = emailHelp(email)
        case .char("d", .control): state.shouldQuit = true
        case .char("c", .control):
            state.dialog = ScreenDialog(purpose: .quit, dialog: .confirm(
                title: "Quit veet?", message: "Leave veet? Your chat and unsent replies stay as they are.", confirmTitle: "Quit"))
        case KeyPress(.escape) where !fromPage: email.message = ""
        default: return false
        }
        return true
    }

    func selectEmail(_ id: String?, _ email: inout EmailMode, automatic: Bool = false) {
        email.selectionIsAutomatic = automatic
        guard id != email.selectedID else { return }
        if let reply = email.reply, reply.dirtySince != nil, let threadID = email.detail?.id {
            // What was typed is saved before the page moves on.
            _ = backend.autosave(reply.session, content: reply.content, threadID: threadID)
        }
        email.selectedID = id
        email.detail = nil
        email.detailError = nil
        email.reply = nil
        email.feedback = nil
        email.receipt = nil
        email.pageScroll = 0
        if let id { _ = backend.loadEmailThread(id: id) } else { email.pagePushed = false }
    }

    /// An optimistic action: the row leaves at once and the page moves to the
    /// next visible thread (the previous when it was the last), before the request.
    func emailAction(_ action: InboxAction, _ email: inout EmailMode) {
        guard let thread = email.selectedThread else { return }
        guard email.availability.actions(for: thread, account: email.account(thread.accountID)).contains(action) else {
            let reason = email.availability.deniedReason(action.kind, accountID: thread.accountID)
            email.message = reason ?? "This conversation does not offer that; nothing was changed."
            return
        }
        let successor = SuccessorSelection.successor(of: thread.id, in: email.visibleThreads.map(\.id))
        email.important.hidePending(thread.id)
        email.other.hidePending(thread.id)
        email.rowErrors[thread.id] = nil
        email.message = ""
        selectEmail(successor, &email)
        _ = backend.performEmailAction(action, on: thread, account: email.account(thread.accountID))
    }

    func apply(_ update: EmailUpdate) {
        guard var email = state.email else { return }
        switch update {
        case .unavailable: email.available = false
        case .accounts(let accounts):
            email.accounts = accounts
            if email.available == nil { email.available = true }
        case .page(let query, let page, let background, let append):
            email.available = true
            for keyPath in [\EmailMode.important, \EmailMode.other] where email[keyPath: keyPath].query == query {
                if append { email[keyPath: keyPath].appendPage(page) } else if background {
                    email[keyPath: keyPath].mergeBackground(page)
                } else { email[keyPath: keyPath].showFirstPage(page) }
            }
            // Until the owner picks one, the first visible thread is open (the lists may arrive in either order).
            let first = email.visibleThreads.first?.id
            if email.selectionIsAutomatic, first != email.selectedID { selectEmail(first, &email, automatic: true) }
        case .listFailed(let text): email.message = text
        case .thread(let detail):
            guard detail.id == email.selectedID else { break }
            email.detail = detail
            email.detailError = nil
            // The row takes the thread as read (its revision, after a send), unless an action on it is pending.
            if !email.important.pendingIDs.contains(detail.id) {
                email.important.restore(detail.id, updated: detail.thread)
                email.other.restore(detail.id, updated: detail.thread)
            }
            if email.reply == nil, let draft = detail.draft, draft.status.isEditable {
                email.reply = ReplyState(session: DraftSession(api: backend.email, draft: draft), editor: DraftEditor(draft: draft))
            }
        case .threadFailed(let id, let text):
            if id == email.selectedID { email.detailError = text }
        case .refreshing: email.refreshing = true
        case .refreshed(let outcome, let error):
            email.refreshing = false
            email.refreshError = error
            if case .completed = outcome {
                _ = backend.loadEmailAccounts()
                state.email = email
                loadEmailLists(background: true)
            }
        case .actionEnded(let threadID, let outcome, let accountID, let action):
            switch outcome {
            case .done:
                email.important.removeConfirmed(threadID)
                email.other.removeConfirmed(threadID)
            case .restored(let failure, let updated):
                email.important.restore(threadID, updated: updated)
                email.other.restore(threadID, updated: updated)
                email.rowErrors[threadID] = failure.description
                email.message = failure.description
                if let reason = outcome.deniedReason { email.availability.deny(action.kind, accountID: accountID, reason: reason) }
            case .cancelled:
                email.important.restore(threadID)
                email.other.restore(threadID)
            }
        default:
            applyPage(update, &email)
        }
        state.email = email
    }
}

extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
