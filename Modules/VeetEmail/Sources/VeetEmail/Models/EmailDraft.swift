import Foundation
import VeetTransport
import VeetWire

/// A reply draft (docs/wire/email.md §6.1). Every edit makes a new `revision`.
public struct EmailDraft: Codable, Sendable, Hashable, Identifiable {
    public var id: String
    public var threadID: String
    public var accountID: String
    public var revision: Int
    /// The thread revision the draft was written against.
    public var sourceRevision: Int
    public var profileRevision: Int?
    public var to: [String]
    public var cc: [String]
    public var bcc: [String]
    public var subject: String
    public var body: String
    public var status: DraftStatus
    /// The thread changed after `sourceRevision`: the owner reviews it before editing or sending.
    public var stale: Bool
    public var runID: String?
    /// The send approval, once the send run has parked.
    public var approvalID: String?
    public var sessionID: String?
    public var updatedAt: Timestamp?
    public var inReplyTo: String?
    public var references: [String]
    public var ownerEdited: Bool
    public var generatedBodyDigest: String?
    public var sendClaimID: String?
    public var providerThreadID: String?
    /// The tool a send approval must name (`mcp.<send_server_id>.send_message`).
    public var sendToolName: String?

    public init(id: String, threadID: String, accountID: String = "default", revision: Int = 1, sourceRevision: Int = 1,
                profileRevision: Int? = nil, to: [String] = [], cc: [String] = [], bcc: [String] = [],
                subject: String = "", body: String = "", status: DraftStatus = .ready, stale: Bool = false,
                runID: String? = nil, approvalID: String? = nil, sessionID: String? = nil, updatedAt: Timestamp? = nil,
                inReplyTo: String? = nil, references: [String] = [], ownerEdited: Bool = false,
                generatedBodyDigest: String? = nil, sendClaimID: String? = nil, providerThreadID: String? = nil,
                sendToolName: String? = nil) {
        self.id = id
        self.threadID = threadID
        self.accountID = accountID
        self.revision = revision
        self.sourceRevision = sourceRevision
        self.profileRevision = profileRevision
        self.to = to
        self.cc = cc
        self.bcc = bcc
        self.subject = subject
        self.body = body
        self.status = status
        self.stale = stale
        self.runID = runID
        self.approvalID = approvalID
        self.sessionID = sessionID
        self.updatedAt = updatedAt
        self.inReplyTo = inReplyTo
        self.references = references
        self.ownerEdited = ownerEdited
        self.generatedBodyDigest = generatedBodyDigest
        self.sendClaimID = sendClaimID
        self.providerThreadID = providerThreadID
        self.sendToolName = sendToolName
    }

    enum CodingKeys: String, CodingKey {
        case id, revision, to, cc, bcc, subject, body, status, stale, references
        case threadID = "thread_id", accountID = "account_id", sourceRevision = "source_revision"
        case profileRevision = "profile_revision", runID = "run_id", approvalID = "approval_id"
        case sessionID = "session_id", updatedAt = "updated_at", inReplyTo = "in_reply_to"
        case ownerEdited = "owner_edited", generatedBodyDigest = "generated_body_digest"
        case sendClaimID = "send_claim_id", providerThreadID = "provider_thread_id", sendToolName = "send_tool_name"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        threadID = try c.value(.threadID, or: "")
        accountID = try c.value(.accountID, or: "")
        revision = try c.value(.revision, or: 1)
        sourceRevision = try c.value(.sourceRevision, or: 1)
        profileRevision = try c.optional(.profileRevision)
        to = try c.value(.to, or: [])
        cc = try c.value(.cc, or: [])
        bcc = try c.value(.bcc, or: [])
        subject = try c.value(.subject, or: "")
        body = try c.value(.body, or: "")
        status = try c.value(.status, or: .unknown(""))
        stale = try c.value(.stale, or: false)
        runID = try c.optional(.runID)
        approvalID = try c.optional(.approvalID)
        sessionID = try c.optional(.sessionID)
        updatedAt = try c.optional(.updatedAt)
        inReplyTo = try c.optional(.inReplyTo)
        references = try c.value(.references, or: [])
        ownerEdited = try c.value(.ownerEdited, or: false)
        generatedBodyDigest = try c.optional(.generatedBodyDigest)
        sendClaimID = try c.optional(.sendClaimID)
        providerThreadID = try c.optional(.providerThreadID)
        sendToolName = try c.optional(.sendToolName)
    }

    /// The text the owner edits: envelope and body.
    public var content: DraftContent {
        DraftContent(to: to, cc: cc, bcc: bcc, subject: subject, body: body)
    }
}

/// The editable part of a draft: what a save sends and a restore puts back in the editor.
public struct DraftContent: Codable, Sendable, Hashable {
    public var to: [String]
    public var cc: [String]
    public var bcc: [String]
    public var subject: String
    public var body: String

    public init(to: [String] = [], cc: [String] = [], bcc: [String] = [], subject: String = "", body: String = "") {
        self.to = to
        self.cc = cc
        self.bcc = bcc
        self.subject = subject
        self.body = body
    }
}

/// The answer to `POST /v1/email/threads/{id}/drafts` (docs/wire/email.md §6.2).
public struct DraftGeneration: Codable, Sendable, Hashable {
    /// The draft (status `generating` until the run finishes), or nil.
    public var draft: EmailDraft?
    public var runID: String?
    public var status: RunStatus?

    public init(draft: EmailDraft? = nil, runID: String? = nil, status: RunStatus? = nil) {
        self.draft = draft
        self.runID = runID
        self.status = status
    }

    enum CodingKeys: String, CodingKey {
        case draft, status
        case runID = "run_id"
    }
}

/// The answer to a send proposal (docs/wire/email.md §9 step 2). `approvalID` is nil
/// while the send run is queued; older fakes send only `run_id` and `draft`.
public struct SendProposal: Codable, Sendable, Hashable {
    public var draft: EmailDraft
    public var runID: String?
    public var status: RunStatus?
    public var approvalID: String?

    public init(draft: EmailDraft, runID: String? = nil, status: RunStatus? = nil, approvalID: String? = nil) {
        self.draft = draft
        self.runID = runID
        self.status = status
        self.approvalID = approvalID
    }

    enum CodingKeys: String, CodingKey {
        case draft, status
        case runID = "run_id", approvalID = "approval_id"
    }
}
