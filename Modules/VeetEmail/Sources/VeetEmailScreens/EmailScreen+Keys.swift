import Foundation
import VeetCurses
import VeetEmail

/// Where the screen asks the shell for something of another feature or of the terminal.
public enum EmailScreenRoute: Sendable {
    /// ? or F1: the keys' help (with Subscriptions' keys when some account offers them).
    case help(offersSubscriptions: Bool)
    /// S: the Subscriptions screen for these accounts.
    case openSubscriptions([EmailAccount])
    /// x on the reading page: the one unsubscribe confirmation for the open thread's sender.
    case unsubscribe(EmailThreadDetail, [EmailAccount])
    /// E: the reply's text in the owner's $EDITOR (the shell answers `.edited` or `.message`).
    case editExternally(String)
    /// p: the sender's profile on the People screen.
    case viewInPeople(SenderLookup)
    /// D: the chat conversation bound to the open thread (the server opened or reused it).
    case openChat(sessionID: String)
}

/// Who View in People looks for: the server's People id when the message links one, else
/// the sender's address, then their name (People's directory searches names and identifiers).
public struct SenderLookup: Sendable, Hashable {
    public var personID: String?
    public var address: String
    public var name: String

    public init(sender: String, personID: String? = nil) {
        self.personID = personID
        address = EmailAddress.address(in: sender)
        let name = sender.split(separator: "<").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        self.name = name.contains("@") ? "" : name.trimmingCharacters(in: CharacterSet(charactersIn: "\""))
    }

    /// The directory searches to try, in order.
    public var searches: [String] { [address, name].filter { !$0.isEmpty } }
}

/// The list's keys, the ticks, and what the list's calls report.
/// The reading page's keys are in EmailScreen+Page.swift.
extension EmailScreen {
    public mutating func update(_ event: ScreenEvent<EmailScreenResult>) -> Step {
        var handled = true
        switch event {
        case .paste(let text):
            if focus == .editor {
                _ = reply?.input.handle(.paste(text), policy: .editor)
                edited()
            } else if focus == .search {
                _ = search.handle(.paste(text.replacingOccurrences(of: "\n", with: " ")), policy: .chat)
            }
        case .key(let key): handled = press(key)
        case .result(let result): apply(result)
        }
        return drain(handled: handled)
    }

    /// A refresh tick while the screen shows, and the reply's autosave once typing stopped.
    public mutating func tick(now: Date) -> Step {
        guard !signedOut else { return drain(handled: true) }
        run(.refresh(visible: false))
        if let reply, reply.dirty, !reply.saving { saveReplyNow() }
        queuedTick = Self.tickInterval
        return drain(handled: true)
    }

    mutating func run(_ effect: EmailScreenEffect) { queued.append(effect) }

    private mutating func drain(handled: Bool) -> Step {
        defer { queued = []; queuedRoute = nil; queuedTick = nil }
        return ScreenStep(effects: queued, route: queuedRoute, handled: handled, tickAfter: queuedTick)
    }

    /// The reply's text changed: saved a second after the last change.
    mutating func edited() {
        reply?.dirty = true
        queuedTick = Self.autosaveDelay
    }

    mutating func loadLists(background: Bool = false) {
        run(.loadPage(query(.priority), limit: ThreadListModel.firstPageSize, cursor: nil, background: background))
        run(.loadPage(query(.other), limit: Self.otherPageSize, cursor: nil, background: background))
    }

    /// Sends the reply's text to its session now (leaving the editor, hiding, sending).
    mutating func saveReplyNow() {
        guard let reply, reply.dirty, let threadID = detail?.id else { return }
        self.reply?.dirty = false
        self.reply?.saving = true
        self.reply?.status = "Saving…"
        run(.autosave(reply.session, reply.content, threadID: threadID))
    }

    private mutating func press(_ key: KeyPress) -> Bool {
        if send != nil { pressSendSheet(key); return true }
        if learning != nil { pressLearning(key); return true }
        if draftSheet != nil { pressDraftSheet(key); return true }
        switch focus {
        case .search: pressSearch(key); return true
        case .editor: pressEditor(key); return true
        case .page: return pressPage(key) || pressList(key, fromPage: true)
        case .list: return pressList(key, fromPage: false) || pressPage(key)
        }
    }

    private mutating func pressSearch(_ key: KeyPress) {
        if key == KeyPress(.escape) {
            search = TextInput()
            focus = .list
            restartLists()
            return
        }
        if search.handle(.key(key), policy: .chat) == .submit {
            focus = .list
            restartLists()
        }
    }

    /// Filter or search changed: both lists start over for the new query.
    mutating func restartLists() {
        important.change(to: query(.priority))
        other.change(to: query(.other))
        loadLists()
    }

    /// Keys on the inbox (and, from the page, those that act on the open thread's row).
    private mutating func pressList(_ key: KeyPress, fromPage: Bool) -> Bool {
        let ids = visibleThreads.map(\.id)
        let index = selectedID.flatMap { ids.firstIndex(of: $0) }
        switch key {
        case KeyPress(.up) where !fromPage: select(ids[safe: max((index ?? 0) - 1, 0)])
        case KeyPress(.down) where !fromPage:
            let next = index.map { $0 + 1 } ?? 0
            if next >= ids.count, other.hasMore, let cursor = other.nextCursor {
                run(.loadPage(other.query, limit: Self.otherPageSize, cursor: cursor, background: false))
            }
            select(ids[safe: min(next, ids.count - 1)])
        case KeyPress(.home) where !fromPage: select(ids.first)
        case KeyPress(.end) where !fromPage: select(ids.last)
        case KeyPress(.enter) where !fromPage, KeyPress(.right) where !fromPage:
            guard selectedID != nil else { return true }
            pagePushed = true
            focus = .page
        case KeyPress(.tab):
            focus = focus == .list && selectedID != nil ? .page : .list
            if focus == .page { pagePushed = true }
        case .char("e"): act(.archive)
        case .char("u") where selectedThread?.isArchived == true: act(.unarchive)
        case .char("h"): act(selectedThread?.isHandled == true ? .markUnhandled : .markHandled)
        case .char("!"): act(selectedThread?.isReportedSpam == true ? .notSpam : .reportSpam)
        case .char("n"): act(.clearSuspicion)
        case .char("/"): focus = .search
        case .char("a") where !fromPage:
            let choices: [String?] = [nil] + accounts.map(\.id)
            let current = choices.firstIndex { $0 == accountFilter } ?? 0
            accountFilter = choices[(current + 1) % choices.count]
            restartLists()
        case .char("m"): statusOpen.toggle()
        case .char("L"): openLearning()
        case .char("S") where offersSubscriptions: queuedRoute = .openSubscriptions(accounts)
        case .char("N"):
            important.showNewArrivals()
            other.showNewArrivals()
        case .char("<"): inboxWidth = inboxColumns(width: width) - 4
        case .char(">"): inboxWidth = inboxColumns(width: width) + 4
        case .char("?"), KeyPress(.function(1)): queuedRoute = .help(offersSubscriptions: offersSubscriptions)
        case KeyPress(.escape) where !fromPage: message = ""
        default: return false
        }
        return true
    }

    mutating func select(_ id: String?, automatic: Bool = false) {
        selectionIsAutomatic = automatic
        guard id != selectedID else { return }
        if let reply, reply.dirty, let threadID = detail?.id {
            // What was typed is saved before the page moves on.
            run(.autosave(reply.session, reply.content, threadID: threadID))
        }
        selectedID = id
        detail = nil
        detailError = nil
        reply = nil
        copiesOpen = nil
        detailsOpen = false
        draftSheet = nil
        draftErrors = [:]
        feedback = nil
        receipt = nil
        pageScroll = 0
        if let id { run(.loadThread(id: id)) } else { pagePushed = false }
    }

    /// An optimistic action: the row leaves at once and the page moves to the
    /// next visible thread (the previous when it was the last), before the request.
    mutating func act(_ action: InboxAction) {
        guard let thread = selectedThread else { return }
        guard availability.actions(for: thread, account: account(thread.accountID)).contains(action) else {
            let reason = availability.deniedReason(action.kind, accountID: thread.accountID)
            message = reason ?? "This conversation does not offer that; nothing was changed."
            return
        }
        let successor = SuccessorSelection.successor(of: thread.id, in: visibleThreads.map(\.id))
        important.hidePending(thread.id)
        other.hidePending(thread.id)
        rowErrors[thread.id] = nil
        message = ""
        select(successor)
        run(.perform(action, on: thread, account: account(thread.accountID)))
    }

    mutating func apply(_ result: EmailScreenResult) {
        switch result {
        case .signedOut: forgetMail(); return
        case .signedIn:
            guard signedOut else { return }
            signedOut = false
            message = ""
            queued += openingEffects
            return
        case .accounts, .page, .thread, .refreshed, .listFailed, .threadFailed, .unavailable:
            // Answers to reads made before the token was refused never bring the mail back.
            if signedOut { return }
        default: break
        }
        switch result {
        case .unavailable: available = false
        case .accounts(let accounts):
            self.accounts = accounts
            if available == nil { available = true }
        case .page(let query, let page, let background, let append):
            available = true
            for keyPath in [\EmailScreen.important, \EmailScreen.other] where self[keyPath: keyPath].query == query {
                if append { self[keyPath: keyPath].appendPage(page) } else if background {
                    self[keyPath: keyPath].mergeBackground(page)
                } else { self[keyPath: keyPath].showFirstPage(page) }
            }
            // Until the owner picks one, the first visible thread is open (the lists may arrive in either order).
            let first = visibleThreads.first?.id
            if selectionIsAutomatic, first != selectedID { select(first, automatic: true) }
        case .listFailed(let text): message = text
        case .thread(let detail, let session):
            guard detail.id == selectedID else { break }
            self.detail = detail
            detailError = nil
            // The row takes the thread as read (its revision, after a send), unless an action on it is pending.
            if !important.pendingIDs.contains(detail.id) {
                important.restore(detail.id, updated: detail.thread)
                other.restore(detail.id, updated: detail.thread)
            }
            if detail.draft?.status == .uncertain { sendUncertain.insert(detail.id) }
            if detail.draft?.status == .sent { sendUncertain.remove(detail.id) }
            if reply == nil, let session, let draft = detail.draft, draft.status.isEditable {
                reply = ReplyState(session: session, editor: DraftEditor(draft: draft))
            }
        case .threadFailed(let id, let text):
            if id == selectedID { detailError = text }
        case .refreshed(let outcome, let error):
            refreshing = false
            refreshError = error
            if case .completed = outcome {
                run(.loadAccounts)
                loadLists(background: true)
            }
        case .actionEnded(let threadID, let outcome, let accountID, let action):
            switch outcome {
            case .done:
                important.removeConfirmed(threadID)
                other.removeConfirmed(threadID)
            case .restored(let failure, let updated):
                important.restore(threadID, updated: updated)
                other.restore(threadID, updated: updated)
                rowErrors[threadID] = failure.description
                message = failure.description
                if let reason = outcome.deniedReason { availability.deny(action.kind, accountID: accountID, reason: reason) }
            case .cancelled:
                important.restore(threadID)
                other.restore(threadID)
            }
        case .shown(let width, let height) where signedOut:
            (self.width, self.height) = (width, height)
        case .shown(let width, let height):
            (self.width, self.height) = (width, height)
            refreshing = true
            run(.refresh(visible: true))
            queuedTick = Self.tickInterval
        case .hidden:
            saveReplyNow()
            run(.hidden)
        case .size(let width, let height): (self.width, self.height) = (width, height)
        default: applyPage(result)
        }
    }
}

extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
