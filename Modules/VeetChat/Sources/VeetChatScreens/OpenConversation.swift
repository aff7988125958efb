import Foundation
import VeetChat
import VeetCurses
import VeetTransport

/// The conversation open on Chat's screen, as one value: its transcript and where the owner is in it, the
/// composer, the messages waiting for the run, the attached files, the work following it, what is docked
/// (an approval, a question) and what opens over it (a file, a message alone, a run's details). The shell
/// keeps one (`ScreenState.conversation`) and does not reach into it for rules: they are this value's methods
/// (OpenConversation+*.swift), which change it and say what the shell should do next.
public struct OpenConversation: Sendable {
    /// The open conversation; nil is a new conversation not created yet.
    public var sessionID: String?
    /// Names the new conversation while `sessionID` is nil: every message
    /// typed into it goes with this key, so they open one conversation.
    public var newConversationKey = IdempotencyKey()
    public var transcript = Transcript()
    /// What shows instead of the transcript and the composer when the open conversation cannot be shown.
    public var page: ConversationPage?
    public var transcriptScroll = ScrollView()
    /// The transcript as laid out and where the owner is in it (cursor, opened ledgers, moved blocks).
    public var transcriptView = TranscriptView()
    /// A search hit opened at its message: revealed once the transcript has it.
    public var revealSequence: Int64?
    /// What each of the owner's messages not yet confirmed shows under it, by
    /// transcript item id (`SendStates.match`, from the outbox).
    public var sendStates: [String: SendState] = [:] { didSet { sendLines = sendStates.compactMapValues(\.line) } }
    /// The lines `sendStates` draws (kept with it, so a frame does not rebuild them).
    public private(set) var sendLines: [String: String] = [:]
    /// The highest outbox entry id when the conversation was opened: entries
    /// after it were sent from this view (a new conversation's first message
    /// may have got its session id without the view learning it).
    public var outboxFloor: Int64 = 0
    public var composer = TextInput()
    /// Messages typed while the run was still going: the oldest goes the moment it ends, one per run.
    public var queue = MessageQueue()
    /// The queued message the queue's keys act on while it has the focus.
    public var queueCursor: Int?
    /// The attachment tray's files, chosen file and files taken off (TrayFiles).
    public var tray = TrayFiles()
    public var attachments: [Attachment] {
        get { tray.files }
        set { tray.files = newValue }
    }
    public var trayCursor: UUID? {
        get { tray.cursor }
        set { tray.cursor = newValue }
    }

    public var work: RunningWork?
    public var approval: DockedApproval?
    public var question: DockedQuestion?

    /// An artifact's text shown full screen (Esc closes).
    public var viewer: ArtifactViewer?
    /// A message open alone, full width, for the terminal's own selection (`v`).
    public var reader: MessageReader?
    /// `i` on an answer: its run's steps, calls and cost (RunDetailsSheet.swift).
    public var runDetails: RunDetailsSheet?

    public init(sessionID: String? = nil) {
        self.sessionID = sessionID
    }

    /// The run the open conversation watches has not ended. A send still
    /// waiting for its run counts as active; a terminal frame ends it at once,
    /// before the follow's stream closes.
    public var isRunActive: Bool {
        guard let work else { return false }
        guard let runID = work.runID, runID == transcript.latestRunID, let status = transcript.runStatus else {
            return true
        }
        return !status.isTerminal
    }

    /// The run this client leaves waiting for the owner if it quits now: an
    /// approval docked (its own run and conversation), or a question docked
    /// for the running work's run. Nil when nothing waits on the owner.
    public var runLeftWaiting: (runID: String, sessionID: String)? {
        if let docked = approval { return (docked.approval.runID, docked.approval.sessionID) }
        guard question != nil, let runID = work?.runID, let session = work?.sessionID ?? sessionID else { return nil }
        return (runID, session)
    }
}

/// A question a turn is suspended on; the composer answers it.
public struct DockedQuestion: Sendable {
    public var question: PendingQuestion
    /// The broker's ticket the answer resolves.
    public var ticket: Int
    /// The work that asked it.
    public var work: Int

    public init(question: PendingQuestion, ticket: Int, work: Int) {
        self.question = question
        self.ticket = ticket
        self.work = work
    }
}

/// The work (a send or a follow) running for the open conversation.
public struct RunningWork: Sendable {
    public var id: Int
    public var sessionID: String?
    public var runID: String?
    /// A send or a retry delivering the owner's message (not only following a run).
    public var isDelivery = false

    public init(id: Int, sessionID: String?, runID: String?, isDelivery: Bool = false) {
        self.id = id
        self.sessionID = sessionID
        self.runID = runID
        self.isDelivery = isDelivery
    }
}
