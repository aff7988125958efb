import Foundation
import VeetChat
import VeetChatScreens
import VeetCurses
import VeetWire

/// `i` on an answer (or a tool row) in the transcript: its run's details (the keys: OpenConversation+Transcript.swift).
extension ChatScreen {
    func apply(_ update: RunDetailsSheet.Update) {
        state.conversation.runDetails?.apply(update)
    }
}

extension Backend {
    func loadRunDetails(id: String) -> Task<Void, Never> {
        Task {
            do {
                inbox.post(.runDetails(.read(try await api.run(id: id))))
            } catch {
                inbox.post(.runDetails(.failed(runID: id, "Could not read the run: \(Self.describe(error))")))
            }
        }
    }
}

/// The inbox's name for the sheet's answers (AppMessage.runDetails).
typealias RunDetailsUpdate = RunDetailsSheet.Update
