import Foundation
import VeetChatScreens
import VeetCurses

/// A one-line question asked in the status area (a path to attach or export to).
struct LinePrompt: Sendable {
    enum Purpose: Sendable, Hashable {
        case attach
        case export(artifactID: String)
        /// Deny's optional reason, for the docked approval with this ticket.
        case denyReason(ticket: Int)
    }

    var purpose: Purpose
    var label: String
    var input = TextInput()
}

/// The one-line prompt's keys: Enter answers it (an attach path, an export path, a deny reason), Esc drops it.
extension ChatScreen {
    func handleLinePrompt(_ event: InputEvent) {
        guard var prompt = state.linePrompt else { return }
        if case .key(let key) = event, key == KeyPress(.escape) {
            state.linePrompt = nil
            return
        }
        let flattened: InputEvent
        if case .paste(let text) = event { flattened = .paste(text.replacingOccurrences(of: "\n", with: "")) } else { flattened = event }
        guard prompt.input.handle(flattened, policy: .chat) == .submit else {
            state.linePrompt = prompt
            return
        }
        state.linePrompt = nil
        let value = prompt.input.text.trimmingCharacters(in: .whitespaces)
        if case .denyReason(let ticket) = prompt.purpose {
            decide(.deny(reason: value.isEmpty ? nil : value), ticket: ticket)
            return
        }
        guard !value.isEmpty else { return }
        switch prompt.purpose {
        case .attach:
            state.notice = TrayFiles.attachingNotice + "\((value as NSString).lastPathComponent)..."
            _ = backend.attach(path: value, sessionID: state.conversation.sessionID, composers: composers)
        case .export(let artifactID):
            _ = backend.export(artifactID: artifactID, to: value)
        case .denyReason:
            break
        }
    }
}
