import Foundation
import VeetChat
import VeetCurses
import VeetStore
import VeetTransport

/// Where typed keys go.
enum Focus: Sendable, Hashable {
    case sidebar, composer, approval
}

/// An approval a turn is suspended on, docked above the composer.
struct DockedApproval: Sendable {
    var approval: ApprovalView
    var ticket: Int
    var work: Int
}

/// A question a turn is suspended on; the composer answers it.
struct DockedQuestion: Sendable {
    var question: PendingQuestion
    var ticket: Int
    var work: Int
}

/// The work (a send or a follow) running for the open conversation.
struct RunningWork: Sendable {
    var id: Int
    var sessionID: String?
    var runID: String?
}

/// Everything the screen shows, in one value mutated only on the main loop.
struct ScreenState {
    static let newConversationID = "new"

    var sessions: [CachedSession] = []
    /// Sessions whose active run waits for an approval or an answer.
    var waitingSessionIDs: Set<String> = []
    var sidebar = SectionedList(selection: .item(sectionID: "start", itemID: ScreenState.newConversationID))
    var focus: Focus = .composer
    /// Narrow terminals: the sidebar slides over the conversation while open.
    var sidebarOverlayOpen = false

    /// The open conversation; nil is a new conversation not created yet.
    var sessionID: String?
    var transcript = Transcript()
    var transcriptScroll = ScrollView()
    var rowCache = TranscriptRowCache()
    var composer = TextInput()

    var work: RunningWork?
    var approval: DockedApproval?
    var question: DockedQuestion?

    var help: HelpOverlay?
    var quitConfirmation: Dialog?
    var notice = ""
    var connectionLabel = ""
    var shouldQuit = false

    /// The open conversation's title for the status bar.
    var title: String {
        guard let sessionID else { return "New conversation" }
        return sessions.first(where: { $0.id == sessionID })?.displayTitle ?? "New conversation"
    }

    /// The run of the open conversation is still going.
    var isRunActive: Bool {
        if let status = transcript.runStatus { return !status.isTerminal }
        return work != nil
    }
}
