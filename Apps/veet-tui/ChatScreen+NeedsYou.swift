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
            // The Subscriptions screen is Email's (S): Email asks for it once it has read the accounts.
            if state.mode != .email { toggleEmailMode() }
            tellEmail(.openSubscriptions)
        default: break
        }
    }
}
