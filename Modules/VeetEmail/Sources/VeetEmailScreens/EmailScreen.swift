import Foundation
import VeetCurses
import VeetEmail
import VeetTransport

/// Where Email's keys go.
public enum EmailFocus: Sendable, Hashable {
    case list, page, search, editor
}

/// What the shell says about the open thread's bulk sender, in another feature's words
/// (Subscriptions composes it; Email never imports it): the line beside the gist and,
/// when the sender can be unsubscribed now, the label of x.
public struct SubscriptionOffer: Sendable, Hashable {
    public var text: String
    public var unsubscribeLabel: String?

    public init(text: String, unsubscribeLabel: String?) {
        self.text = text
        self.unsubscribeLabel = unsubscribeLabel
    }
}

/// Email's full screen as one value, held in process memory only (never the store):
/// the accounts, the two lists (the five important threads, then Other mail) as
/// VeetEmail's `ThreadListModel`s, the open thread, and what the reading page has
/// open (feedback, the reply editor, Review & Send). Keys, answers and ticks come in
/// through `update` and `tick` (EmailScreen+Keys.swift, EmailScreen+Page.swift).
public struct EmailScreen: FeatureScreen {
    public typealias Step = ScreenStep<EmailScreenEffect, EmailScreenRoute>

    /// Other mail's first page (the important list asks for five).
    static let otherPageSize = 20
    /// Below this width the reading page is pushed over the list instead of beside it.
    public static let narrowWidth = 90
    static let minimumInboxWidth = 34
    static let minimumPageWidth = 40
    /// Seconds between refresh ticks while the screen shows (the refresher admits one a minute).
    public static let tickInterval: TimeInterval = 5
    /// The reply is saved this long after typing stops.
    public static let autosaveDelay: TimeInterval = 1

    /// The connection's name, on the footer's left.
    public var connection: String
    /// The terminal's size (the divider keys and paging use it; the shell reports changes).
    public var width: Int
    public var height: Int
    /// The open thread's bulk-sender line, from the shell (nil: no such line).
    let offering: (@Sendable (EmailThreadDetail, [EmailAccount]) -> SubscriptionOffer?)?

    /// nil while the accounts are read; false when the server has no Email.
    public var available: Bool?
    public var accounts: [EmailAccount] = []
    /// The account filter (nil: every account).
    public var accountFilter: String?
    public var important = ThreadListModel(query: ThreadQuery(view: .priority))
    public var other = ThreadListModel(query: ThreadQuery(view: .other))
    public var selectedID: String?
    /// The open thread was chosen by the screen, not the owner: a list that arrives later may replace it.
    public var selectionIsAutomatic = true
    public var detail: EmailThreadDetail?
    /// A failed read of the open thread, shown with the thread it could not refresh.
    public var detailError: String?
    /// An action's failure, beside the row it restored.
    public var rowErrors: [String: String] = [:]
    public var availability = InboxActionAvailability()
    /// The mailbox-status disclosure is open (per-account freshness in full).
    public var statusOpen = false
    /// The last refresh failure (kept through cached reads until a refresh completes).
    public var refreshError: String?
    public var refreshing = false
    /// The divider between the inbox and the reading page, in columns (nil: a third of the width).
    public var inboxWidth: Int?
    /// Narrow terminals: the reading page is pushed over the list.
    public var pagePushed = false
    public var focus: EmailFocus = .list
    public var search = TextInput()
    public var pageScroll = 0
    public var feedback: FeedbackSheet?
    /// The feedback last applied, with Undo.
    public var receipt: FeedbackReceipt?
    public var reply: ReplyState?
    public var send: SendSheet?
    /// Threads whose send outcome is unknown (the draft read back `uncertain`, or Approve once
    /// could not tell): their state reads "Check send status", and nothing is sent again by itself.
    public var sendUncertain: Set<String> = []
    /// Cc, Bcc and the subject of the open thread's messages and reply (nil: open where there are copies).
    public var copiesOpen: Bool?
    /// The open thread's message details (headers, dates, attachment metadata) are shown.
    public var detailsOpen = false
    /// The reply's draft history or the discard question, over the page.
    public var draftSheet: DraftSheet?
    /// Each draft option's last failure, shown beside it.
    public var draftErrors: [DraftOption: String] = [:]
    /// The learning pane (L), over the screen.
    public var learning: LearningPane?
    /// The server refused the token (401): the mail left the screen until signing in again.
    public var signedOut = false
    public var message = ""

    /// What an update asked for so far (drained into its step).
    var queued: [EmailScreenEffect] = []
    var queuedRoute: EmailScreenRoute?
    var queuedTick: TimeInterval?

    public init(connection: String = "", width: Int = 80, height: Int = 24,
                offering: (@Sendable (EmailThreadDetail, [EmailAccount]) -> SubscriptionOffer?)? = nil) {
        self.connection = connection
        self.width = width
        self.height = height
        self.offering = offering
    }

    /// The accounts, then both lists' first pages. The shell says `.shown` when the screen
    /// shows (a refresh as the screen becomes visible, then ticks) and `.hidden` when it does not.
    public var openingEffects: [EmailScreenEffect] {
        [.loadAccounts, .loadPage(query(.priority), limit: ThreadListModel.firstPageSize, cursor: nil, background: false),
         .loadPage(query(.other), limit: Self.otherPageSize, cursor: nil, background: false)]
    }

    public func paint(in grid: inout ScreenGrid, now: Date) { EmailPainter.draw(self, in: &grid, connection: connection) }

    public func keyHints(width: Int, now: Date) -> String {
        if let send { return EmailSendSheet.keyHints(send) }
        if let learning { return EmailLearningSheet.keyHints(learning) }
        if let draftSheet { return EmailDraftOptions.keyHints(draftSheet) }
        return EmailPainter.keyHints(self, narrow: width < Self.narrowWidth)
    }

    /// The S key (and its help and footer) exist only while some account offers unsubscribe assistance.
    public var offersSubscriptions: Bool { accounts.contains(where: \.unsubscribeSupported) }

    /// The open thread's bulk-sender line, when it has a subscription block the shell words.
    public var subscriptionOffer: SubscriptionOffer? {
        guard let detail, detail.subscription != nil else { return nil }
        return offering?(detail, accounts)
    }

    /// The rows in display order, each with its section: important first, then Other mail.
    public var sections: [(title: String, rows: [EmailThreadSummary])] {
        let important = important.visibleRows
        let shown = Set(important.map(\.id))
        return [("Important", important), ("Other mail", other.visibleRows.filter { !shown.contains($0.id) })]
    }

    public var visibleThreads: [EmailThreadSummary] { sections.flatMap(\.rows) }

    public var selectedThread: EmailThreadSummary? {
        visibleThreads.first { $0.id == selectedID }
    }

    public func account(_ id: String) -> EmailAccount? { accounts.first { $0.id == id } }

    var showsAccountLabel: Bool { ThreadListModel.showsAccountLabel(accountCount: accounts.count) }

    /// New mail counted by the background refreshes, announced above the list.
    var newArrivalCount: Int { important.newArrivalCount + other.newArrivalCount }

    /// The query both lists use, from the filter and the search.
    func query(_ view: ThreadListView) -> ThreadQuery {
        let text = search.text.trimmingCharacters(in: .whitespaces)
        return ThreadQuery(view: view, accountID: accountFilter, text: text.isEmpty ? nil : text)
    }

    /// The inbox column's width at `width` (the divider clamped so both sides keep their minimum).
    func inboxColumns(width: Int) -> Int {
        let wanted = inboxWidth ?? max(width * 2 / 5, Self.minimumInboxWidth)
        return min(max(wanted, Self.minimumInboxWidth), max(width - Self.minimumPageWidth - 1, Self.minimumInboxWidth))
    }

    /// The mailbox-status label, collapsed: incomplete scans and failures stay visible in it.
    var statusLabel: String {
        if refreshError != nil { return "Mailbox: refresh failed" }
        let attention = accounts.filter { $0.freshness.needsAttention }
        if refreshing { return "Mailbox: refreshing…" }
        if attention.isEmpty { return "Mailbox: up to date" }
        return "Mailbox: " + attention.map { "\($0.label.isEmpty ? $0.id : $0.label) \(Self.short($0.freshness))" }
            .joined(separator: ", ")
    }

    static func short(_ freshness: AccountFreshness) -> String {
        switch freshness {
        case .ready: "up to date"
        case .syncing: "syncing"
        case .waitingForFirstUpdate: "waiting for its first update"
        case .refreshFailed: "refresh failed"
        case .unknownState(let raw): raw
        }
    }

    /// One line per account for the open disclosure.
    var statusLines: [String] {
        var lines = accounts.map { account in
            let name = account.label.isEmpty ? account.id : account.label
            let state: String = switch account.freshness {
            case .ready(let at): "up to date" + (at.map { ", synced \(EmailDates.short($0))" } ?? "")
            case .syncing(let at): "syncing; results may be incomplete" + (at.map { " (last \(EmailDates.short($0)))" } ?? "")
            case .waitingForFirstUpdate: "waiting for its first update"
            case .refreshFailed(let text): "refresh failed: \(text)"
            case .unknownState(let raw): raw
            }
            let archive = account.archiveSupported ? "" : " · no Archive in Gmail"
            return "\(name) <\(account.emailAddress)>: \(state)\(archive)"
        }
        if let refreshError { lines.append("Last refresh: \(refreshError)") }
        lines.append("Archive in Gmail (e) removes the Inbox label; u moves it back from Other mail.")
        return lines
    }
}

/// "Teach Veetbot": VeetEmail's `FeedbackForm` and the choice the cursor is on.
public struct FeedbackSheet: Sendable {
    static let targets: [FeedbackTarget] = [.thread, .person, .topic]
    static let judgments: [(key: Character, judgment: FeedbackJudgment, label: String)] = [
        ("1", .important, "important"), ("2", .lessImportant, "less important"),
        ("3", .needsReply, "needs a reply"), ("4", .noReplyNeeded, "no reply needed"),
    ]

    public var form: FeedbackForm
    public var choice = 0
    public var problem: String?
}

/// The reply on the reading page: the draft session (autosave, conflicts) and the in-place editor.
public struct ReplyState: Sendable {
    public var session: DraftSession
    public var editor: DraftEditor
    public var input: TextInput
    /// The editor is open (typing goes to `input`).
    public var editing = false
    /// The text changed without being handed to the session (autosave: a tick a second after the last key).
    public var dirty = false
    public var saving = false
    public var status = ""

    public init(session: DraftSession, editor: DraftEditor) {
        self.session = session
        self.editor = editor
        input = TextInput(text: editor.local.body)
    }

    /// The content the editor holds now.
    public var content: DraftContent {
        var content = editor.local
        content.body = input.text
        return content
    }
}

/// Review & Send as a sheet: the exact verified message, Approve once.
public struct SendSheet: Sendable {
    /// The flow, once the work made it (it proposes and verifies; Approve once sends).
    public var flow: ReviewAndSend?
    public var stage: SendStage = .idle
    public var outcome: SendOutcome?
    public var approving = false

    public init(flow: ReviewAndSend? = nil, stage: SendStage = .idle) {
        self.flow = flow
        self.stage = stage
    }
}

/// Dates on rows and pages, short and in UTC's calendar of the server's stamps.
enum EmailDates {
    static func short(_ stamp: Timestamp) -> String {
        guard let date = stamp.date else { return stamp.text }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .gmt
        let parts = calendar.dateComponents([.month, .day, .hour, .minute], from: date)
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let month = months[((parts.month ?? 1) - 1) % 12]
        return String(format: "%d %@ %02d:%02d", parts.day ?? 1, month, parts.hour ?? 0, parts.minute ?? 0)
    }
}
