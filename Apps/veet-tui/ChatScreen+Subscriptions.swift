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

    /// The open thread's subscription block as a row, when its account offers unsubscribe assistance.
    nonisolated static func subscriptionRow(_ detail: EmailThreadDetail, _ accounts: [EmailAccount]) -> Subscription? {
        guard let block = detail.subscription, subscriptionFlags(accounts).unsubscribeSupported(detail.thread.accountID)
        else { return nil }
        return Subscription(block: block.id, accountID: detail.thread.accountID,
                            senderName: EmailAddress.name(in: detail.thread.senders.first ?? ""),
                            state: block.state, mechanism: block.mechanism, destination: block.destination,
                            evidenceDigest: block.evidenceDigest, revision: block.revision)
    }

    /// The reading page's bulk-sender line in Subscriptions' words, with x when it can be unsubscribed now.
    nonisolated static func subscriptionOffer(_ detail: EmailThreadDetail, _ accounts: [EmailAccount]) -> SubscriptionOffer? {
        subscriptionRow(detail, accounts).map {
            SubscriptionOffer(text: $0.offerLine, unsubscribeLabel: $0.unsubscribeOffer(subscriptionFlags(accounts)))
        }
    }
}

/// What the reading page's one confirmation's work answers (`ThreadUnsubscribe.words` says it).
typealias SubscriptionsUpdate = SubscriptionsScreenResult

extension ChatScreen {
    /// The keys' help in Email mode, with Subscriptions only when it is offered.
    func emailHelp(offersSubscriptions: Bool) -> HelpOverlay {
        guard offersSubscriptions else { return Self.help }
        var help = Self.help
        let at = help.groups.firstIndex { $0.title.hasPrefix("Email") }.map { $0 + 1 } ?? help.groups.count
        help.groups.insert(SubscriptionsScreen.helpGroup, at: at)
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
    func handleSubscriptions(_ event: InputEvent) {
        guard updateSubscriptions({ $0.update(event) })?.handled == false, case .key(let key) = event else { return }
        switch key {
        case .char("?"), KeyPress(.function(1)): state.help = emailHelp(offersSubscriptions: true)
        case .char("d", .control): state.shouldQuit = true
        default: break
        }
    }

    /// An answer for the Subscriptions screen still open over Email; false when `mount` is not it.
    func applySubscriptionsResult(_ result: any Sendable, mount: Int) -> Bool {
        guard state.email?.subscriptions?.mount == mount else { return false }
        updateSubscriptions { $0.update(result: result) }
        return true
    }

    /// Applies `change` to the Subscriptions screen over Email and starts the work it asks for.
    @discardableResult
    private func updateSubscriptions(_ change: (inout MountedScreen) -> MountedStep) -> MountedStep? {
        guard var mounted = state.email?.subscriptions else { return nil }
        let step = change(&mounted)
        state.email?.subscriptions = step.closes ? nil : mounted
        start(step.effects, of: mounted)
        return step
    }

    /// The reading page's x: the same confirmation, for the open thread's one sender.
    func openPageUnsubscribe(_ detail: EmailThreadDetail, _ accounts: [EmailAccount], _ email: inout EmailLayer) {
        guard let row = Self.subscriptionRow(detail, accounts) else { return }
        do {
            email.unsubscribe = try ThreadUnsubscribe(row: row, flags: Self.subscriptionFlags(accounts))
        } catch {
            state.email = email
            tellEmail(.message(error.description))
            email = state.email ?? email
        }
    }

    func handlePageUnsubscribe(_ key: KeyPress, _ email: inout EmailLayer) {
        guard var sheet = email.unsubscribe else { return }
        let answer = sheet.press(key, height: terminal.height)
        email.unsubscribe = answer == .open ? sheet : nil
        state.email = email
        switch answer {
        case .open: return
        case .closed(let words): tellEmail(.message(words))
        case .send(let effect, let words):
            tellEmail(.message(words))
            let work = subscriptionsWork, inbox = backend.inbox
            Task.detached { await work.run(effect) { inbox.post(.subscriptions($0)) } }
        }
        email = state.email ?? email
    }

    /// The page's confirmation answered: its words on the page; a settled sender's thread is read again
    /// (its block shows the new state), and the Subscriptions screen, when open, learns it too.
    func apply(_ update: SubscriptionsUpdate) {
        guard let said = ThreadUnsubscribe.words(for: update) else { return }
        tellEmail(.message(said.message))
        guard let settled = said.settled else { return }
        tellEmail(.threadChanged)
        _ = state.email?.subscriptions?.update(result: SubscriptionsScreenResult.settled(settled))
    }
}
