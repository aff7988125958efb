import Foundation
import VeetAccountScreens
import VeetCurses
import VeetSubscriptionsScreens
import VeetChatScreens

/// Ctrl-P over whatever is on top: the layer's own keys, read from the same line its footer shows
/// (`KeyHints`), so the palette offers exactly what the footer promises; over a sheet that writes its
/// keys on its own card (People's merge, repair, imports and contacts; Email's Review & Send and
/// unsubscribe confirmation) the card's key line. The chat itself lists the help overlay's table
/// (`GlobalAction.palette`).
extension ChatScreen {
    /// The palette's items for the layer on top, in the painter's order; nil over the chat.
    var layerPaletteItems: [CommandPalette.Item]? {
        Self.layerPaletteItems(over: state, width: terminal.width, now: Date())
    }

    /// The items for `state`'s top layer on a terminal `width` columns wide; nil over the chat and
    /// over a card whose key line names no key at the moment (while it is sending, say).
    nonisolated static func layerPaletteItems(over state: ScreenState, width: Int, now: Date) -> [CommandPalette.Item]? {
        if state.connections.form != nil { return nil }
        if state.connections.menu != nil { return KeyHints.items(ConnectionMenu.keyHints) }
        if state.conversation.viewer != nil { return KeyHints.items(ViewerPainter.keyHints) }
        if state.conversation.reader != nil { return KeyHints.items(MessageReader.keyHints) }
        if state.mode == .email, let email = state.email {
            if let subscriptions = email.subscriptions {
                return KeyHints.items(subscriptions.keyHints(width: width, now: now))
            }
            if email.unsubscribe != nil { return cardItems(UnsubscribeSheetPainter.keyHints) }
            return cardItems(email.screen.keyHints(width: width, now: now))
        }
        if let screen = state.featureScreen { return cardItems(screen.keyHints(width: width, now: now)) }
        return nil
    }

    /// A card's key line as items; nil when it names none ("Saving...", "Sending…"), so Ctrl-P opens nothing then.
    private nonisolated static func cardItems(_ line: String) -> [CommandPalette.Item]? {
        let items = KeyHints.items(line)
        return items.isEmpty ? nil : items
    }
}
