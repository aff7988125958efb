import Foundation
import VeetChat
import VeetChatScreens
import VeetCurses
import VeetWire

/// `i` on an answer (or a tool row) in the transcript: its run's details.
extension ChatScreen {
    /// The run the transcript row under the cursor belongs to, when it names one.
    var selectedRunID: String? {
        guard case .entry(let id)? = selectedTarget, let item = state.conversation.transcript.item(id: id) else { return nil }
        return item.runID
    }

    func openRunDetails() {
        guard let runID = selectedRunID else {
            state.notice = "Select an answer (Up/Down) to see its run"
            return
        }
        state.conversation.runDetails = RunDetailsSheet(runID: runID)
        _ = backend.loadRunDetails(id: runID)
    }

    func handleRunDetails(_ key: KeyPress) {
        switch key {
        case KeyPress(.escape), .char("q"), .char("i"): state.conversation.runDetails = nil
        case .char("g"):
            guard let runID = state.conversation.runDetails?.runID else { return }
            state.conversation.runDetails?.message = "Reading the run..."
            _ = backend.loadRunDetails(id: runID)
        default: break
        }
    }

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
