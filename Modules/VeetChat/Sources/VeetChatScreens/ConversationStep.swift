import Foundation
import VeetChat

/// The parts of Chat's screen that take keys for the open conversation. The shell owns the focus (it also
/// has the search, the sidebar and the approval dock); a conversation rule says where the keys go next.
public enum ConversationFocus: Sendable, Equatable {
    case transcript, composer, tray, queue
}

/// What a conversation rule asks of the shell after changing the conversation: where the keys go, the
/// status bar's words, and the work it cannot do itself (the server's side of it, through the shell's Backend).
public struct ConversationStep: Sendable, Equatable {
    /// The keys move there; nil: they stay where they are.
    public var focus: ConversationFocus?
    /// The status bar says this; nil: it keeps what it says.
    public var notice: String?
    public var request: ConversationRequest?

    public init(focus: ConversationFocus? = nil, notice: String? = nil, request: ConversationRequest? = nil) {
        self.focus = focus
        self.notice = notice
        self.request = request
    }
}

/// The work a conversation rule hands to the shell.
public enum ConversationRequest: Sendable, Equatable {
    /// Upload an attached file again.
    case retryAttachment(UUID, sessionID: String)
    /// Take a file off the message on the server (its upload, if still going, is cancelled).
    case removeAttachment(UUID, sessionID: String)
    /// Answer the docked question (the broker's ticket) with the composer's text; nil puts it off (Esc).
    case answer(ticket: Int, text: String?)
    /// Send the composer's text (the run has ended, nothing is docked).
    case send(String)
    /// Read an attached or produced file's text and show it (`ArtifactViewer`).
    case openArtifact(FileReference, sessionID: String?)
    /// Ask where to write a file, then write it.
    case export(artifactID: String, name: String?)
    /// Put `text` on the clipboard; the notice names `what` was copied.
    case copy(String, what: String)
    /// A message opened alone (`reader`): the terminal's own selection needs mouse reporting off until it closes.
    case readerOpened
    /// Read the run's steps, calls and cost for the open sheet (`runDetails`).
    case loadRunDetails(runID: String)
    /// Deliver the outbox entry of a message that did not go out again, with the same key.
    case redeliver(entryID: Int64)
    /// Drop the outbox entry of a message that did not go out (`discarded(itemID:)` when it went).
    case discard(entryID: Int64, itemID: String)
}
