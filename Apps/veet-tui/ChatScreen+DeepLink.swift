import Foundation

/// `veet-tui --session ID [--run ID] [--focus approval|question]`: the
/// conversation opens at start (`--call ID`: the Calls page on that call); the approval card or the question's answer
/// box takes the keys when it docks (as any docked card does); when the work
/// ends with no such card, the status bar says it is not waiting any more.
extension ChatScreen {
    func openDeepLink() {
        guard let link = deepLink else { return }
        if let call = link.callID {
            // A call's result: the Calls page selects it once the list arrives.
            deepLink = nil
            openCalls(call)
            return
        }
        guard let session = link.sessionID else { return }
        openConversation(session, run: link.runID)
        deepLinkWork = state.conversation.work?.id
        if link.focus == nil { deepLink = nil }
    }

    /// Called each turn of the loop until the named card is docked or the work ended.
    func followDeepLink() {
        guard let link = deepLink, let focus = link.focus else { return }
        switch focus {
        case .approval where state.conversation.approval != nil:
            state.focus = .approval
            deepLink = nil
        case .question where state.conversation.question != nil:
            state.focus = .composer
            deepLink = nil
        default:
            // The work ended (or the owner opened another conversation) without the card.
            guard state.conversation.work == nil || state.conversation.work?.id != deepLinkWork else { return }
            if state.conversation.sessionID == link.sessionID, let notice = link.missingCardNotice, state.notice.isEmpty {
                state.notice = notice
            }
            deepLink = nil
            needsPaint = true
        }
    }
}
