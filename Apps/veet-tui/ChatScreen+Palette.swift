import VeetCurses

/// Ctrl-P over whatever is on top: the layer's own keys, read from the same line its footer shows
/// (`KeyHints`), so the palette offers exactly what the footer promises. The chat itself lists the
/// help overlay's table (`GlobalAction.palette`).
extension ChatScreen {
    /// The palette's items for the layer on top, in the painter's order; nil over the chat, and over a
    /// sheet whose keys are written on its own card.
    var layerPaletteItems: [CommandPalette.Item]? {
        if state.connections.form != nil { return nil }
        if state.connections.menu != nil { return KeyHints.items(ConnectionMenu.keyHints) }
        if state.personaPage != nil { return KeyHints.items(PersonaPage.keyHints) }
        if state.settingsScreen != nil { return KeyHints.items(SettingsScreen.keyHints) }
        if state.viewer != nil { return KeyHints.items(ViewerPainter.keyHints) }
        if state.reader != nil { return KeyHints.items(MessageReader.keyHints) }
        if state.mode == .email, let email = state.email {
            let narrow = terminal.width < EmailMode.narrowWidth
            if let subscriptions = email.subscriptions {
                return KeyHints.items(SubscriptionsPainter.keyHints(subscriptions, narrow: narrow))
            }
            guard email.unsubscribe == nil, email.send == nil else { return nil }
            return KeyHints.items(EmailPainter.keyHints(email, narrow: narrow))
        }
        if state.websiteScreen != nil { return ScreenKeys.website }
        if state.outboxScreen != nil { return ScreenKeys.outbox }
        if state.devicesScreen != nil { return ScreenKeys.devices }
        if let schedules = state.schedulesScreen { return schedules.form == nil ? ScreenKeys.schedules : ScreenKeys.scheduleForm }
        if let memory = state.memoryScreen { return KeyHints.items(memory.keys) }
        if let people = state.peopleScreen { return people.sheet == nil ? KeyHints.items(people.keyHints) : nil }
        return nil
    }
}
