import Foundation
import VeetCurses
import VeetEmail
import VeetEmailScreens
import VeetPeopleScreens
import VeetSubscriptions
import VeetSubscriptionsScreens

/// Which of the two modes is on screen. Both stay mounted: the chat's
/// stream, composer and scroll go on while Email is shown, and back.
enum AppMode: Sendable, Hashable {
    case chat, email
}

/// Email mode as the shell holds it (process memory only, never the store): Email's
/// screen (VeetEmailScreens), and over it the Subscriptions screen (S) or the reading
/// page's one unsubscribe confirmation (x). All three stay while Chat is shown (F7).
struct EmailLayer: Sendable {
    var screen: MountedScreen
    var subscriptions: MountedScreen?
    var unsubscribe: ThreadUnsubscribe?
}

/// Email mode (F7): switching, keys, ticks, and the screen's answers and routes.
extension ChatScreen {
    /// F7: Chat ↔ Email. Neither is torn down: the chat keeps its stream,
    /// composer and scroll; Email keeps its lists, divider and open thread.
    func toggleEmailMode() {
        if state.mode == .email {
            state.mode = .chat
            tellEmail(.hidden)
            return
        }
        state.mode = .email
        if state.email == nil {
            let screen = EmailScreen(connection: state.connectionLabel, width: terminal.width, height: terminal.height,
                                     offering: { Self.subscriptionOffer($0, $1) })
            nextMount += 1
            let work = EmailScreenWork(api: EmailAPI(sender: backend.api.sender), refresher: backend.emailRefresher, describe: Backend.describe)
            let mounted = MountedScreen(screen, work: work, mount: nextMount)
            state.email = EmailLayer(screen: mounted)
            start(mounted.openingEffects, of: mounted)
        }
        tellEmail(.shown(width: terminal.width, height: terminal.height))
    }

    /// Hands Email's screen something the shell knows (shown, hidden, the size, the editor's text).
    func tellEmail(_ result: EmailScreenResult) { updateEmail { $0.update(result: result) } }

    /// Applies `change` to Email's screen and follows its step (the work it asks for, its route).
    @discardableResult
    private func updateEmail(_ change: (inout MountedScreen) -> MountedStep?) -> MountedStep? {
        guard var layer = state.email, let step = change(&layer.screen) else { return nil }
        state.email = layer
        start(step.effects, of: layer.screen)
        if let route = step.route { resolve(route) }
        return step
    }

    func handleEmail(_ event: InputEvent) {
        guard var layer = state.email else { return }
        if event == .key(KeyPress(.function(7))) { toggleEmailMode(); return }
        if layer.subscriptions != nil { handleSubscriptions(event); return }
        if layer.unsubscribe != nil {
            if case .key(let key) = event { handlePageUnsubscribe(key, &layer) }
            state.email = layer
            return
        }
        let (width, height) = (terminal.width, terminal.height)
        let step = updateEmail { screen in
            if screen.value(as: EmailScreen.self).map({ ($0.width, $0.height) != (width, height) }) == true {
                _ = screen.update(result: EmailScreenResult.size(width: width, height: height))
            }
            return screen.update(event)
        }
        guard step?.handled == false, case .key(let key) = event else { return }
        switch key {
        case .char("d", .control): state.shouldQuit = true
        case .char("c", .control):
            state.dialog = ScreenDialog(purpose: .quit, dialog: .confirm(
                title: "Quit veet?", message: "Leave veet? Your chat and unsent replies stay as they are.", confirmTitle: "Quit"))
        default: break
        }
    }

    /// An answer for Email's screen (or the Subscriptions screen over it); false when `mount` is neither.
    func applyEmailResult(_ result: any Sendable, mount: Int) -> Bool {
        if applySubscriptionsResult(result, mount: mount) { return true }
        guard state.email?.screen.mount == mount else { return false }
        updateEmail { $0.update(result: result) }
        return true
    }

    /// The ticks the open screens asked for: Email's only while it shows, a feature screen's while it is open.
    func tickScreens(now: Date) {
        if state.mode == .email, updateEmail({ $0.tickIfDue(now: now) }) != nil { needsPaint = true }
        if state.mode == .chat, var mounted = state.featureScreen, let step = mounted.tickIfDue(now: now) {
            state.featureScreen = step.closes ? nil : mounted
            start(step.effects, of: mounted)
            if let route = step.route { resolve(route) }
            needsPaint = true
        }
    }

    /// Where Email's screen asks to go (ChatScreen+Faces.swift's `resolve` hands these here).
    func resolve(_ route: EmailScreenRoute) {
        guard var layer = state.email else { return }
        switch route {
        case .help(let offersSubscriptions): state.help = emailHelp(offersSubscriptions: offersSubscriptions)
        case .openSubscriptions(let accounts):
            openSubscriptions(accounts, &layer)
            state.email = layer
        case .unsubscribe(let detail, let accounts):
            openPageUnsubscribe(detail, accounts, &layer)
            state.email = layer
        case .editExternally(let text):
            let result = ExternalEditor.edit(text, environment: environment) { body in try terminal.runOutside(body) }
            terminal.invalidate()
            switch result {
            case .success(let text): tellEmail(.edited(text))
            case .failure(let failure): tellEmail(.message(failure.description))
            }
        case .viewInPeople(let sender):
            // The sender's profile on People's screen, over Chat; F7 comes back to the thread as it was.
            toggleEmailMode()
            openPeople(PersonLookup(personID: sender.personID, searches: sender.searches))
        case .openChat(let sessionID):
            // Discuss in Chat: the conversation bound to the thread, as `veet email discuss` opens it.
            toggleEmailMode()
            state.featureScreen = nil
            openConversation(sessionID)
        }
    }

    /// A 401: Email's lists, open thread and reply leave the screen and memory at once, with
    /// Subscriptions over it; the screen says to sign in again.
    func emailSignedOut() {
        guard var layer = state.email else { return }
        layer.subscriptions = nil
        layer.unsubscribe = nil
        state.email = layer
        tellEmail(.signedOut)
    }

    /// Signed in again: Email starts over on the new token (its work held the old backend).
    func remountEmail() {
        guard state.email != nil else { return }
        let shown = state.mode == .email
        state.email = nil
        state.mode = .chat
        if shown { toggleEmailMode() }
    }
}
