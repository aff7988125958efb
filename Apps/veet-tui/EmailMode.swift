import Foundation
import VeetCurses
import VeetEmail
import VeetSubscriptionsScreens
import VeetTransport

/// Which of the two modes is on screen. Both stay mounted: the chat's
/// stream, composer and scroll go on while Email is shown, and back.
enum AppMode: Sendable, Hashable {
    case chat, email
}

/// Where Email's keys go.
enum EmailFocus: Sendable, Hashable {
    case list, page, search, editor
}

/// Email mode as one value, held in process memory only (never the store):
/// the accounts, the two lists (the five important threads, then Other
/// mail) as VeetEmail's `ThreadListModel`s, the open thread, and what the
/// reading page has open (feedback, the reply editor, Review & Send).
struct EmailMode {
    /// Other mail's first page (the important list asks for five).
    static let otherPageSize = 20
    /// Below this width the reading page is pushed over the list instead of beside it.
    static let narrowWidth = 90
    static let minimumInboxWidth = 34
    static let minimumPageWidth = 40

    /// nil while the accounts are read; false when the server has no Email.
    var available: Bool?
    var accounts: [EmailAccount] = []
    /// The account filter (nil: every account).
    var accountFilter: String?
    var important = ThreadListModel(query: ThreadQuery(view: .priority))
    var other = ThreadListModel(query: ThreadQuery(view: .other))
    var selectedID: String?
    /// The open thread was chosen by the screen, not the owner: a list that arrives later may replace it.
    var selectionIsAutomatic = true
    var detail: EmailThreadDetail?
    /// A failed read of the open thread, shown with the thread it could not refresh.
    var detailError: String?
    /// An action's failure, beside the row it restored.
    var rowErrors: [String: String] = [:]
    var availability = InboxActionAvailability()
    /// The mailbox-status disclosure is open (per-account freshness in full).
    var statusOpen = false
    /// The last refresh failure (kept through cached reads until a refresh completes).
    var refreshError: String?
    var refreshing = false
    /// The divider between the inbox and the reading page, in columns (nil: a third of the width).
    var inboxWidth: Int?
    /// Narrow terminals: the reading page is pushed over the list.
    var pagePushed = false
    var focus: EmailFocus = .list
    var search = TextInput()
    var pageScroll = 0
    var feedback: FeedbackSheet?
    /// The feedback last applied, with Undo.
    var receipt: FeedbackReceipt?
    var reply: ReplyState?
    var send: SendSheet?
    /// The Subscriptions screen (VeetSubscriptionsScreens), mounted over Email (S) while some account offers
    /// unsubscribe assistance; it stays here while Chat is shown (F7), as Email does.
    var subscriptions: MountedScreen?
    /// The reading page's own unsubscribe confirmation, for the open thread's subscription block.
    var unsubscribe: UnsubscribeSheet?
    var message = ""

    /// The rows in display order, each with its section: important first, then Other mail.
    var sections: [(title: String, rows: [EmailThreadSummary])] {
        let important = important.visibleRows
        let shown = Set(important.map(\.id))
        return [("Important", important), ("Other mail", other.visibleRows.filter { !shown.contains($0.id) })]
    }

    var visibleThreads: [EmailThreadSummary] { sections.flatMap(\.rows) }

    var selectedThread: EmailThreadSummary? {
        visibleThreads.first { $0.id == selectedID }
    }

    func account(_ id: String) -> EmailAccount? { accounts.first { $0.id == id } }

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
struct FeedbackSheet: Sendable {
    static let targets: [FeedbackTarget] = [.thread, .person, .topic]
    static let judgments: [(key: Character, judgment: FeedbackJudgment, label: String)] = [
        ("1", .important, "important"), ("2", .lessImportant, "less important"),
        ("3", .needsReply, "needs a reply"), ("4", .noReplyNeeded, "no reply needed"),
    ]

    var form: FeedbackForm
    var choice = 0
    var problem: String?
}

/// The reply on the reading page: the draft session (autosave, conflicts) and the in-place editor.
struct ReplyState {
    var session: DraftSession
    var editor: DraftEditor
    var input: TextInput
    /// The editor is open (typing goes to `input`).
    var editing = false
    /// When the text last changed without being handed to the session (autosave waits a second).
    var dirtySince: Date?
    var saving = false
    var status = ""

    init(session: DraftSession, editor: DraftEditor) {
        self.session = session
        self.editor = editor
        input = TextInput(text: editor.local.body)
    }

    /// The content the editor holds now.
    var content: DraftContent {
        var content = editor.local
        content.body = input.text
        return content
    }
}

/// Review & Send as a sheet: the exact verified message, Approve once.
struct SendSheet {
    var flow: ReviewAndSend
    var stage: SendStage = .idle
    var outcome: SendOutcome?
    var approving = false
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
