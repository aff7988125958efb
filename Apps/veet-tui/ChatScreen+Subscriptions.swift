import Foundation
import VeetCurses
import VeetEmail
import VeetEmailScreens
import VeetSubscriptions
import VeetSubscriptionsScreens

/// Email mode's S (the Subscriptions screen, VeetSubscriptionsScreens, mounted
/// over Email's screen and kept in `EmailLayer.subscriptions`), and the reading page's
/// one confirmation for a thread's subscription block. The two features meet only here:
/// Email's screen reads its bulk-sender line through `subscriptionOffer` and asks for
/// both by route values (`EmailScreenRoute`).
extension ChatScreen {
    /// The accounts' flags as VeetSubscriptions takes them: a plain value read
    /// from Email's account list (the two features never import each other).
    nonisolated static func subscriptionFlags(_ accounts: [EmailAccount]) -> AccountFlags {
        AccountFlags(accounts.map {
            SubscriptionAccountCapabilities(accountID: $0.id, unsubscribeSupported: $0.unsubscribeSupported,
                                            spamSupported: $0.spamSupported)
        })
    }

    /// "Example News <news@example.com>" → "Example News" (the address when there is no name).
    nonisolated static func senderName(_ sender: String) -> String {
        let name = sender.split(separator: "<").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        return name.isEmpty ? EmailAddress.address(in: sender) : name
    }

    /// The open thread's subscription block as a row, when its account offers unsubscribe assistance.
    nonisolated static func subscriptionRow(_ detail: EmailThreadDetail, _ accounts: [EmailAccount]) -> Subscription? {
        guard let block = detail.subscription, subscriptionFlags(accounts).unsubscribeSupported(detail.thread.accountID)
        else { return nil }
        return Subscription(block: block.id, accountID: detail.thread.accountID,
                            senderName: senderName(detail.thread.senders.first ?? ""),
                            state: block.state, mechanism: block.mechanism, destination: block.destination,
                            evidenceDigest: block.evidenceDigest, revision: block.revision)
    }

    /// The reading page's bulk-sender line in Subscriptions' words: what the sender offers, its state,
    /// and x when it can be unsubscribed now (the same confirmation as the Subscriptions screen).
    nonisolated static func subscriptionOffer(_ detail: EmailThreadDetail, _ accounts: [EmailAccount]) -> SubscriptionOffer? {
        guard let row = subscriptionRow(detail, accounts) else { return nil }
        let text = row.isChecking ? row.stateText : "\(row.offerText) · \(row.stateText)"
        let unsubscribes = row.actions(subscriptionFlags(accounts)).contains(.unsubscribe)
        return SubscriptionOffer(text: text, unsubscribeLabel: unsubscribes ? row.unsubscribeLabel : nil)
    }
}

/// What the reading page's one confirmation reports.
enum SubscriptionsUpdate: Sendable {
    case settled(CommandReport)
    case commandFailed(String)
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
    func emailHelp(offersSubscriptions: Bool) -> HelpOverlay {
        guard offersSubscriptions else { return Self.help }
        var help = Self.help
        let at = help.groups.firstIndex { $0.title.hasPrefix("Email") }.map { $0 + 1 } ?? help.groups.count
        help.groups.insert(Self.subscriptionsHelp, at: at)
        return help
    }

    var subscriptionsWork: SubscriptionsScreenWork {
        SubscriptionsScreenWork(api: SubscriptionsAPI(sender: backend.api.sender), describe: Backend.describe)
    }

    func openSubscriptions(_ accounts: [EmailAccount], _ email: inout EmailLayer) {
        let flags = Self.subscriptionFlags(accounts)
        guard flags.anyUnsubscribeSupported else { return }
        let screen = SubscriptionsScreen(flags: flags, accounts: accounts.map { .init(id: $0.id, label: $0.label) },
                                         connection: state.connectionLabel, width: terminal.width, height: terminal.height)
        nextMount += 1
        let mounted = MountedScreen(screen, work: subscriptionsWork, mount: nextMount)
        email.subscriptions = mounted
        start(mounted.openingEffects, of: mounted)
    }

    /// Keys and pastes for the Subscriptions screen; Esc closes it back to Email. Help and Ctrl-D mean what they do in Email.
    func handleSubscriptions(_ event: InputEvent, _ email: inout EmailLayer) {
        guard var mounted = email.subscriptions else { return }
        let step = mounted.update(event)
        email.subscriptions = step.closes ? nil : mounted
        start(step.effects, of: mounted)
        guard !step.handled, case .key(let key) = event else { return }
        switch key {
        case .char("?"), KeyPress(.function(1)): state.help = emailHelp(offersSubscriptions: true)
        case .char("d", .control): state.shouldQuit = true
        default: break
        }
    }

    /// An answer for the Subscriptions screen still open over Email; false when `mount` is not it.
    func applySubscriptionsResult(_ result: any Sendable, mount: Int) -> Bool {
        guard var email = state.email, var mounted = email.subscriptions, mounted.mount == mount else { return false }
        let step = mounted.update(result: result)
        email.subscriptions = step.closes ? nil : mounted
        state.email = email
        start(step.effects, of: mounted)
        return true
    }

    /// The reading page's x: the same confirmation, for the open thread's one sender.
    func openPageUnsubscribe(_ detail: EmailThreadDetail, _ accounts: [EmailAccount], _ email: inout EmailLayer) {
        guard let row = Self.subscriptionRow(detail, accounts) else { return }
        do {
            let flags = Self.subscriptionFlags(accounts)
            email.unsubscribe = UnsubscribeSheet(confirmation: try UnsubscribeConfirmation(rows: [row], flags: flags))
            email.unsubscribeFlags = flags
        } catch {
            state.email = email
            tellEmail(.message(error.description))
            email = state.email ?? email
        }
    }

    func handlePageUnsubscribe(_ key: KeyPress, _ email: inout EmailLayer) {
        guard var sheet = email.unsubscribe else { return }
        switch sheet.press(key, height: terminal.height) {
        case .confirmed(let confirmed):
            email.unsubscribe = nil
            state.email = email
            tellEmail(.message("Unsubscribing from \(confirmed.rows.first?.senderName ?? "the sender")…"))
            email = state.email ?? email
            let work = subscriptionsWork, inbox = backend.inbox, flags = email.unsubscribeFlags
            Task.detached {
                await work.run(.unsubscribe(confirmed, flags)) { result in
                    switch result {
                    case .settled(let report): inbox.post(.subscriptions(.settled(report)))
                    case .commandFailed(_, let text): inbox.post(.subscriptions(.commandFailed(text)))
                    default: break
                    }
                }
            }
        case .cancelled:
            email.unsubscribe = nil
            state.email = email
            tellEmail(.message("Not unsubscribed; nothing was sent."))
            email = state.email ?? email
        case .open: email.unsubscribe = sheet
        }
    }

    func apply(_ update: SubscriptionsUpdate) {
        switch update {
        case .settled(let report):
            // Success is quiet; the thread is read again so its block shows the new state.
            tellEmail(.message(report.outcomes.compactMap(\.message).first ?? ""))
            tellEmail(.threadChanged)
            if var mounted = state.email?.subscriptions {
                _ = mounted.update(result: SubscriptionsScreenResult.settled(report))
                state.email?.subscriptions = mounted
            }
        case .commandFailed(let text):
            tellEmail(.message(text))
        }
    }
}
