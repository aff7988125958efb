import Foundation
import VeetEmailCommands
import VeetEmailScreens
import VeetMemoryCommands
import VeetPeopleCommands
import VeetSubscriptionsCommands

/// "Needs you" beyond the chat: each feature's item opens on that feature's own screen,
/// by its route value (the feature's name and the record's id; no id: the feature's list,
/// from its "+N more" row).
extension ChatScreen {
    func openNeedsYou(feature: String, id: String) {
        state.sidebarOverlayOpen = false
        switch feature {
        case MemoryNeedsYou.feature: openMemory(opening: id)
        case PeopleNeedsYou.feature: openPeople(opening: id)
        case EmailNeedsYou.feature:
            if state.mode != .email { toggleEmailMode() }
            if !id.isEmpty { tellEmail(.openThread(id: id)) }
        case SubscriptionsNeedsYou.feature:
            if state.mode != .email { toggleEmailMode() }
            // The Subscriptions screen is Email's (S): it needs the accounts Email mode reads first.
            guard var layer = state.email, let accounts = layer.screen.value(as: EmailScreen.self)?.accounts, !accounts.isEmpty
            else { tellEmail(.message("Press S for Subscriptions once the accounts are read.")); return }
            openSubscriptions(accounts, &layer)
            state.email = layer
        default: break
        }
    }
}
