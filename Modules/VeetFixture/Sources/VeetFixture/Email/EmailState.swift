import Foundation

/// The fixture's mailboxes (docs/wire/email.md): accounts, threads with their messages,
/// drafts and their history, feedback, learning, the email operations and the
/// keys of keyed commands. Seeded on first use (EmailSeed). Mail lives in
/// memory only, like everything the fixture holds.
final class EmailState {
    final class Account {
        let id: String
        let label: String
        let address: String
        var status: String
        var lastSyncedAt: Instant?
        var error: String?
        var inboxComplete: Bool
        var historyComplete: Bool
        var historyProcessed: Int
        let serverPrefix: String
        var archiveSupported: Bool
        var spamSupported: Bool
        var unsubscribeSupported: Bool

        init(id: String, label: String, address: String, status: String, serverPrefix: String,
             supports: Bool, historyProcessed: Int) {
            self.id = id
            self.label = label
            self.address = address
            self.status = status
            self.serverPrefix = serverPrefix
            self.archiveSupported = supports
            self.spamSupported = supports
            self.unsubscribeSupported = supports
            self.inboxComplete = status == "ready"
            self.historyComplete = false
            self.historyProcessed = historyProcessed
        }

        var readServer: String { serverPrefix + "_read" }
        var writeServer: String { serverPrefix + "_write" }
        var sendServer: String { serverPrefix + "_send" }
        var sendToolName: String { "mcp.\(sendServer).send_message" }
    }

    struct Attachment {
        var filename: String
        var mimeType: String
        var size: Int?
    }

    struct Message {
        var id: String
        var sender: String
        var to: [String]
        var cc: [String] = []
        var subject: String
        var body: String
        var sentAt: Instant
        var attachments: [Attachment] = []
        var messageIDHeader: String
        var inReplyTo: String?
        var references: [String] = []
        var labels: [String] = ["INBOX"]
        var direction = "received"
        var senderCheck: String? = "pass"
        var complete = true
    }

    /// Latest Inbox operation of a thread (docs/wire/email.md §8.3).
    struct InboxOperation {
        var operationID: String
        var runID: String
        var targetArchived: Bool
        var targetSpam: Bool
        var status: String
        var error: String?
    }

    final class Thread {
        let id: String
        let accountID: String
        var subject: String
        var senders: [String]
        var topics: [String]
        var updatedAt: Instant
        var revision = 1
        var summary: String
        var reason: String
        /// The assessment's values before feedback and expiry.
        var assessedPriority: Double
        var assessedNeedsReply: Bool
        var complete = true
        var draftID: String?
        var sessionID: String?
        var dismissedRevision: Int?
        var inInbox = true
        var inSpam = false
        var suspectedSpam = false
        var spamCleared = false
        /// An assessment flagged it (so "restore the flag" can set it again).
        var flaggedByAssessment = false
        var inboxOperation: InboxOperation?
        var attentionExpiresAt: Instant?
        var replyBlockedReason: String?
        var providerThreadID: String
        var messages: [Message] = []
        /// The census row of the bulk sender this thread is from (its block comes from there, Subscriptions/).
        var subscriptionID: String?
        var lastAccessedAt: Instant?
        /// The session ids that observed the source (`source_session_ids`).
        var sourceSessionIDs: [String] = []

        init(id: String, accountID: String, subject: String, senders: [String], topics: [String],
             updatedAt: Instant, summary: String, reason: String, priority: Double, needsReply: Bool,
             providerThreadID: String) {
            self.id = id
            self.accountID = accountID
            self.subject = subject
            self.senders = senders
            self.topics = topics
            self.updatedAt = updatedAt
            self.summary = summary
            self.reason = reason
            self.assessedPriority = priority
            self.assessedNeedsReply = needsReply
            self.providerThreadID = providerThreadID
        }
    }

    final class Draft {
        let id: String
        let threadID: String
        let accountID: String
        var revision = 1
        var sourceRevision: Int
        var profileRevision: Int
        var to: [String]
        var cc: [String] = []
        var bcc: [String] = []
        var subject: String
        var body: String
        var status = "ready"
        var runID: String?
        var approvalID: String?
        var sessionID: String?
        var updatedAt: Instant
        var inReplyTo: String?
        var references: [String] = []
        var ownerEdited = false
        var generatedBodyDigest: String
        var sendClaimID: String?
        let providerThreadID: String
        let sendToolName: String
        /// Reads left before `generating` or `sending` settles.
        var settlesAfterReads = 0
        /// What a pending generation or send turns into.
        var pendingOutcome: EmailOutcome = .succeed

        init(id: String, thread: Thread, account: Account, sourceRevision: Int, profileRevision: Int,
             to: [String], subject: String, body: String, at: Instant) {
            self.id = id
            self.threadID = thread.id
            self.accountID = account.id
            self.sourceRevision = sourceRevision
            self.profileRevision = profileRevision
            self.to = to
            self.subject = subject
            self.body = body
            self.updatedAt = at
            self.generatedBodyDigest = SHA256.hex(body)
            self.providerThreadID = thread.providerThreadID
            self.sendToolName = account.sendToolName
            self.inReplyTo = thread.messages.last?.messageIDHeader
            self.references = thread.messages.map(\.messageIDHeader)
        }
    }

    struct Feedback {
        var id: String
        var threadID: String
        var target: String
        /// The sender address (person) or topic the judgment covers; nil for a thread.
        var value: String?
        var judgment: String
        var explanation: String?
        var undone = false
    }

    /// An asynchronous email command (docs/wire/email.md §13) and the run behind it.
    final class Operation {
        enum Kind: Equatable { case refresh, draft(String), inbox(threadID: String, archived: Bool, spam: Bool, notSpam: Bool) }
        let id: String
        let runID: String
        let kind: Kind
        var status = "QUEUED"
        var outcome: EmailOutcome
        /// Draft generation only: the draft's status to restore when it fails (nil: the draft was new).
        var previousDraftStatus: String?
        var instruction: String?
        init(id: String, runID: String, kind: Kind, outcome: EmailOutcome) {
            self.id = id
            self.runID = runID
            self.kind = kind
            self.outcome = outcome
        }
    }

    var accounts: [Account] = []
    var threads: [String: Thread] = [:]
    var threadOrder: [String] = []
    var drafts: [String: Draft] = [:]
    /// Every saved snapshot of a draft (current and conflicting), oldest first.
    var draftHistory: [String: [JSON]] = [:]
    var feedback: [String: Feedback] = [:]
    var feedbackOrder: [String] = []
    var operations: [String: Operation] = [:]
    /// Keyed commands: "<route> <key>" to the request's fingerprint and the answer given.
    var keys: [String: (fingerprint: String, answer: JSON)] = [:]
    var paused = false
    var profileRevision = 1
    var excludedSources = 0
    var styleExamples = 0
    var excludedThreadIDs: [String: JSON] = [:]
    /// Revisions endorsed as writing examples ("<draft id>#<revision>").
    var endorsed: Set<String> = []
    var refreshInFlight: String?
    /// Outcomes forced on the next operations (a control), before the configured one.
    var forcedOutcomes: [EmailOutcome] = []
    /// Send proposals whose approval names arguments other than the draft's (a control), next first.
    var alteredProposals: [EmailProposalAlteration] = []
    /// The recipient an altered proposal adds: one the owner never saw.
    static let unseenRecipient = "archive@elsewhere.example.test"
    /// The first successful refresh brings one new important thread.
    var lateMailDelivered = false
    var seeded = false
    /// The server-owned session the email runs live in.
    var workSessionID: String?
    /// Send runs by run id: the draft each one sends.
    var sendRuns: [String: String] = [:]

    func account(_ id: String) -> Account? { accounts.first { $0.id == id } }

    /// The outcome of the next operation: a forced one first, else the configured default.
    func takeOutcome(default configured: EmailOutcome) -> EmailOutcome {
        forcedOutcomes.isEmpty ? configured : forcedOutcomes.removeFirst()
    }

    func snapshot(_ draft: Draft) {
        draftHistory[draft.id, default: []].append(view(draft))
    }
}

/// How a send approval's arguments differ from the draft it was proposed for
/// (`alterNextEmailSendProposal`): what a client's verification must catch.
public enum EmailProposalAlteration: String, Sendable, CaseIterable {
    /// A recipient the owner never saw is added to `bcc`.
    case recipient
    /// The body is cut at 512 characters, as usual, but `argument_digests` is left out.
    case noDigest = "no_digest"
}

/// How an email operation ends (`--email-operations`).
public enum EmailOutcome: String, Sendable, CaseIterable {
    /// The run completes and the change happens.
    case succeed
    /// The run fails; nothing changes.
    case fail
    /// Nobody knows: Inbox operations end `uncertain`, a send ends `uncertain`,
    /// a refresh or a draft generation never finishes.
    case uncertain
}
