import Foundation
import VeetCurses
import VeetEmail
import VeetSubscriptions

/// The Subscriptions screen's keys (Email mode's S), the reading page's one
/// confirmation for a thread's subscription block, and what their calls report.
extension EmailMode {
    /// The accounts' flags as VeetSubscriptions takes them: a plain value read
    /// from Email's account list (the two features never import each other).
    var subscriptionFlags: AccountFlags {
        AccountFlags(accounts.map {
            SubscriptionAccountCapabilities(accountID: $0.id, unsubscribeSupported: $0.unsubscribeSupported,
                                            spamSupported: $0.spamSupported)
        })
    }

    /// The S key (and its help and footer) exist only while some account offers unsubscribe assistance.
    var offersSubscriptions: Bool { subscriptionFlags.anyUnsubscribeSupported }

    /// "Example News <news@example.com>" → "Example News" (the address when there is no name).
    static func senderName(_ sender: String) -> String {
        let name = sender.split(separator: "<").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        return name.isEmpty ? EmailAddress.address(in: sender) : name
    }

    /// The open thread's subscription block as a row, when its account offers unsubscribe assistance.
    var openSubscription: Subscription? {
        guard let detail, let block = detail.subscription, subscriptionFlags.unsubscribeSupported(detail.thread.accountID)
        else { return nil }
        return Subscription(block: block.id, accountID: detail.thread.accountID,
                            senderName: Self.senderName(detail.thread.senders.first ?? ""),
                            state: block.state, mechanism: block.mechanism, destination: block.destination,
                            evidenceDigest: block.evidenceDigest, revision: block.revision)
    }
}

extension ChatScreen {
    static let subscriptionsHelp = HelpOverlay.Group("Subscriptions (S in Email)", [
        .init("Up, Down, Tab", "choose a sender (↓ at the end loads more); detail on narrow terminals"),
        .init("Space, A, c", "select (at most 25) / select all eligible, skipping protected / clear"),
        .init("u, Enter", "unsubscribe: one confirmation naming every sender (a also archives)"),
        .init("k, !", "keep or stop keeping / report spam or not spam"),
        .init("a, f, g", "account filter, state filter, read again"),
    ])

    /// The keys' help in Email mode, with Subscriptions only when it is offered.
    func emailHelp(_ email: EmailMode) -> HelpOverlay {
        guard email.offersSubscriptions else { return Self.help }
        var help = Self.help
        let at = help.groups.firstIndex { $0.title.hasPrefix("Email") }.map { $0 + 1 } ?? help.groups.count
        help.groups.insert(Self.subscriptionsHelp, at: at)
        return help
    }

    func openSubscriptions(_ email: inout EmailMode) {
        guard email.offersSubscriptions else { return }
        let accounts = email.accounts.map { SubscriptionsScreen.Account(id: $0.id, label: $0.label) }
        let screen = SubscriptionsScreen(flags: email.subscriptionFlags, accounts: accounts)
        email.subscriptions = screen
        _ = backend.loadSubscriptions(screen.query)
    }

    func handleSubscriptions(_ key: KeyPress, _ email: inout EmailMode) {
        guard var screen = email.subscriptions else { return }
        defer { if email.subscriptions != nil { email.subscriptions = screen } }
        if screen.sheet != nil {
            if let confirmed = handleUnsubscribeSheet(key, &screen.sheet) {
                screen.markPending(confirmed.rows, .unsubscribe)
                _ = backend.unsubscribe(confirmed, flags: screen.flags, fromPage: false)
            } else if screen.sheet == nil { screen.message = "Not unsubscribed; nothing was sent." }
            return
        }
        let narrow = terminal.width < EmailMode.narrowWidth
        switch key {
        case KeyPress(.escape):
            if narrow && screen.detailPushed { screen.detailPushed = false } else { email.subscriptions = nil }
        case KeyPress(.up): screen.cursor = max(screen.cursor - 1, 0)
        case KeyPress(.down):
            if screen.cursor + 1 >= screen.rows.count, let cursor = screen.nextCursor, !screen.loadingMore {
                screen.loadingMore = true
                _ = backend.loadSubscriptions(screen.query, cursor: cursor)
            }
            screen.cursor = min(screen.cursor + 1, max(screen.rows.count - 1, 0))
        case KeyPress(.home): screen.cursor = 0
        case KeyPress(.end): screen.cursor = max(screen.rows.count - 1, 0)
        case KeyPress(.tab), KeyPress(.right): screen.detailPushed = narrow ? !screen.detailPushed : false
        case .char(" "): screen.toggleCurrent()
        case .char("A"): screen.selectAll()
        case .char("c"):
            screen.selection.clear()
            screen.message = ""
        case .char("u"), KeyPress(.enter): screen.openConfirmation()
        case .char("k"):
            guard let row = screen.current else { return }
            let actions = row.actions(screen.flags)
            guard let keep = actions.first(where: { $0 == .keep || $0 == .stopKeeping }) else {
                screen.message = "Keep is not possible for \(row.senderName) now."
                return
            }
            screen.rowErrors[row.id] = nil
            screen.message = keep == .keep ? "Keeping \(row.senderName)…" : "Stopping keeping \(row.senderName)…"
            _ = backend.keepSubscription(keep == .keep, row, flags: screen.flags)
        case .char("!"):
            guard let row = screen.current else { return }
            let actions = row.actions(screen.flags)
            guard let spam = actions.first(where: { $0 == .reportSpam || $0 == .notSpam }) else {
                screen.message = screen.flags.spamSupported(row.accountID) ? "Report spam is not possible for \(row.senderName) now."
                    : "This account does not offer Report spam for subscriptions."
                return
            }
            screen.markPending([row], spam == .reportSpam ? .reportSpam : .notSpam)
            screen.message = ""
            _ = backend.reportSubscriptionSpam(spam == .reportSpam, row, flags: screen.flags)
        case .char("a") where screen.accounts.count > 1:
            let choices: [String?] = [nil] + screen.accounts.map(\.id)
            let index = choices.firstIndex { $0 == screen.accountFilter } ?? 0
            screen.accountFilter = choices[(index + 1) % choices.count]
            screen.restart()
            _ = backend.loadSubscriptions(screen.query)
        case .char("f"):
            let choices = SubscriptionsScreen.stateFilters
            let index = choices.firstIndex { $0 == screen.stateFilter } ?? 0
            screen.stateFilter = choices[(index + 1) % choices.count]
            screen.restart()
            _ = backend.loadSubscriptions(screen.query)
        case .char("g"):
            screen.message = ""
            screen.restart()
            _ = backend.loadSubscriptions(screen.query)
        case .char("?"), KeyPress(.function(1)): state.help = emailHelp(email)
        case .char("d", .control): state.shouldQuit = true
        default: break
        }
    }

    /// The confirmation's keys: a toggles the archive option, ↑↓ scroll the
    /// senders, Enter confirms (returning the confirmation to send), Esc closes it.
    func handleUnsubscribeSheet(_ key: KeyPress, _ sheet: inout UnsubscribeSheet?) -> UnsubscribeConfirmation? {
        guard var open = sheet else { return nil }
        switch key {
        case KeyPress(.escape):
            sheet = nil
            return nil
        case KeyPress(.enter), .char("y"):
            sheet = nil
            return open.confirmation
        case .char("a"): open.confirmation.archiveExisting.toggle()
        case KeyPress(.up): open.scroll = max(open.scroll - 1, 0)
        case KeyPress(.down):
            let shown = UnsubscribeSheetPainter.visibleSenders(height: terminal.height)
            open.scroll = min(open.scroll + 1, max(open.confirmation.rows.count - shown, 0))
        default: break
        }
        sheet = open
        return nil
    }

    /// The reading page's x: the same confirmation, for the open thread's one sender.
    func openPageUnsubscribe(_ email: inout EmailMode) {
        guard let row = email.openSubscription else { return }
        do {
            email.unsubscribe = UnsubscribeSheet(confirmation: try UnsubscribeConfirmation(rows: [row], flags: email.subscriptionFlags))
        } catch {
            email.message = error.description
        }
    }

    func handlePageUnsubscribe(_ key: KeyPress, _ email: inout EmailMode) {
        if let confirmed = handleUnsubscribeSheet(key, &email.unsubscribe) {
            email.message = "Unsubscribing from \(confirmed.rows.first?.senderName ?? "the sender")…"
            _ = backend.unsubscribe(confirmed, flags: email.subscriptionFlags, fromPage: true)
        } else if email.unsubscribe == nil, key == KeyPress(.escape) {
            email.message = "Not unsubscribed; nothing was sent."
        }
    }

    func apply(_ update: SubscriptionsUpdate) {
        guard var email = state.email else { return }
        defer { state.email = email }
        switch update {
        case .settled(let report, let fromPage) where fromPage:
            // Success is quiet; the thread is read again so its block shows the new state.
            email.message = report.outcomes.compactMap(\.message).first ?? ""
            if let id = email.detail?.id { _ = backend.loadEmailThread(id: id) }
            email.subscriptions?.settle(report)
            return
        case .commandFailed(_, let text, let fromPage) where fromPage:
            email.message = text
            return
        default: break
        }
        guard var screen = email.subscriptions else { return }
        switch update {
        case .page(let query, let page, let append):
            guard query == screen.query else { return }
            screen.show(page, append: append)
        case .unavailable:
            screen.unavailable = true
            screen.loaded = true
        case .listFailed(let text):
            screen.loaded = true
            screen.loadingMore = false
            screen.message = text
        case .settled(let report, _): screen.settle(report)
        case .commandFailed(let ids, let text, _): screen.commandFailed(ids, text)
        case .kept(let row, let message):
            screen.rowErrors[row.id] = nil
            screen.replace(row)
            screen.message = message
        }
        email.subscriptions = screen
    }
}
