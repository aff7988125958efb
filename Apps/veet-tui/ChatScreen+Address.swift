import Foundation
import VeetSettingsScreens
import VeetStore
import VeetTransport

/// The Connection card's new address for the current connection. The store
/// slice is the connection's own (by name), and what it holds came from the old
/// address: it is cleared and read again from the new one. So the outbox must
/// be empty first (its messages were meant for the old server) and the
/// composer too (the screen starts over). The token stays in its slot unless a
/// new one was typed; the address and the token were checked together by
/// `ConnectionCheck`, as `veet connect` checks them, before anything changes.
extension ChatScreen {
    func changeAddress(of name: String?, to url: ServerURL, newToken: String?) throws {
        guard let connection else { return }
        guard let name else {
            state.notice = "This connection comes from VEET_URL: change VEET_URL instead. Nothing was changed."
            return
        }
        guard state.conversation.composer.isEmpty, state.conversation.queue.isEmpty else {
            state.notice = "Send or clear the message in the composer first: it belongs to the old server. Nothing was changed."
            return
        }
        let waiting = (try? backend.store.outbox().filter(\.awaitsDelivery).count) ?? 0
        guard waiting == 0 else {
            state.notice = "\(waiting) message\(waiting == 1 ? "" : "s") wait in the outbox for the old server: send or discard "
                + "\(waiting == 1 ? "it" : "them") first (veet outbox list). Nothing was changed."
            return
        }
        let appearance = storedAppearance()
        let registry = connection.registry
        if let newToken {
            try registry.add(name: name, url: url, token: newToken)
        } else {
            try registry.changeAddress(name: name, to: url)
        }
        leaveConversationWork()
        try LocalStore.forgetConnection(named: name, in: backend.store.database)
        try use(try registry.resolve(named: name, environment: [:]))
        // The look is this device's, not the server's: it stays.
        if appearance != AppearanceChoice() { storeAppearance(appearance) }
        state.notice = "\"\(name)\" now connects to \(url.url.absoluteString)"
            + (newToken == nil ? " with its saved token" : " with the new token")
            + "; its local cache was cleared and is read again from there."
    }
}
