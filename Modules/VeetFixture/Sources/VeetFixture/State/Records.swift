import Foundation

// Mutable records owned by `FixtureStore`. They are only touched while the
// store's lock is held, so they need no synchronisation of their own.

enum RunStatus: String {
    case queued = "QUEUED"
    case running = "RUNNING"
    case waitingForApproval = "WAITING_FOR_APPROVAL"
    case waitingForUser = "WAITING_FOR_USER"
    case completed = "COMPLETED"
    case failed = "FAILED"
    case cancelled = "CANCELLED"

    var isTerminal: Bool { self == .completed || self == .failed || self == .cancelled }
}

struct TranscriptItem {
    var sequence: Int64
    var role: String
    /// Content blocks in REST form (`type` discriminator).
    var content: JSON
}

final class SessionRecord {
    let id: String
    var status = "ACTIVE"
    let agentID: String
    let agentVersion: String
    var title: String?
    var metadata: JSON
    let createdAt: Instant
    var updatedAt: Instant
    var activeRunID: String?
    var lastRunID: String?
    /// The next session sequence number (shared by every run and session-level event);
    /// 0 for a seeded session until its log is first needed.
    var nextSequence: Int64 = 1
    /// How a seeded session's transcript and runs are regenerated (nil for live sessions).
    var seed: SeedRecipe?
    var transcript: [TranscriptItem] = []
    var runIDs: [String] = []

    init(id: String, agentID: String, agentVersion: String, metadata: JSON, createdAt: Instant) {
        self.id = id
        self.agentID = agentID
        self.agentVersion = agentVersion
        self.metadata = metadata
        self.createdAt = createdAt
        self.updatedAt = createdAt
    }
}

struct RunFailure {
    var reason: String
    var message: String
    var stepNumber: Int?
    var attemptNumber: Int?
    var occurredAt: Instant
    var errorClass: String
    var details: JSON
}

struct StoredEvent {
    var sequence: Int64
    var type: String
    var frame: String
    var isTerminal: Bool

    /// The `id`/`event`/`data` frame, with `run_id` merged into the payload and keys sorted.
    static func persisted(sequence: Int64, type: String, payload: JSON, runID: String, isTerminal: Bool) -> StoredEvent {
        let data = payload.setting("run_id", .string(runID)).serialized(sortedKeys: true)
        return StoredEvent(
            sequence: sequence, type: type, frame: "id: \(sequence)\nevent: \(type)\ndata: \(data)\n\n",
            isTerminal: isTerminal)
    }
}

final class RunRecord {
    let id: String
    let sessionID: String
    let scenario: Scenario
    /// Text of the message that started the run.
    let prompt: String
    var status: RunStatus = .queued
    var stepCount = 0
    var modelCallCount = 0
    var toolCallCount = 0
    var inputTokens = 0
    var outputTokens = 0
    var failure: RunFailure?
    var cancelRequestedAt: Instant?
    let createdAt: Instant
    var updatedAt: Instant
    var events: [StoredEvent] = []
    var subscribers: [StreamSubscriber] = []
    /// Worker attempt and lease epoch (both grow by one on every resume).
    var attempt = 0
    var checkpointVersion = 0
    var pendingApprovalID: String?
    var outstandingQuestionID: String?
    var answeredQuestionIDs: [String] = []
    /// Text of the answer delivered to the last question.
    var lastAnswerText: String?
    /// Decision of the last resolved approval.
    var lastDecision: String?
    /// The task grant made by the last `approve_for_task` resolution.
    var lastTaskGrantID: String?
    /// `limits.deadline_at`, set by the deadline scenarios.
    var deadlineAt: Instant?

    init(id: String, sessionID: String, scenario: Scenario, prompt: String, createdAt: Instant) {
        self.id = id
        self.sessionID = sessionID
        self.scenario = scenario
        self.prompt = prompt
        self.createdAt = createdAt
        self.updatedAt = createdAt
    }

    var lastSequence: Int64 { events.last?.sequence ?? 0 }
}

final class ApprovalRecord {
    let id: String
    let runID: String
    let sessionID: String
    var status = "PENDING"
    let toolName: String
    let actionSummary: String
    /// Display copy: top-level strings over 512 characters are cut (see `argumentDigests`).
    let arguments: JSON
    /// SHA-256 of each cut argument's full value ([newer]); shown only when something was cut.
    /// Variable only so an email control can leave them out (`EmailProposalAlteration.noDigest`).
    var argumentDigests: [(String, String)]
    let risk: String
    let policyReason: String
    let expiresAt: Instant
    let createdAt: Instant
    var resolvedAt: Instant?
    var resolvedBy: String?
    var decision: String?
    /// [newer] `browser.act` additions, shown only on browser approvals.
    let taskGrantOffer: JSON?
    /// False on a server without task permissions: the view has no task fields.
    var showsTaskFields = true
    var taskGrantID: String?

    static let displayLimit = 512

    init(
        id: String, runID: String, sessionID: String, tool: ToolProposal, createdAt: Instant
    ) {
        self.id = id
        self.runID = runID
        self.sessionID = sessionID
        self.toolName = tool.name
        self.actionSummary = tool.actionSummary ?? "Run \(tool.name) with validated arguments."
        var digests: [(String, String)] = []
        let members = (tool.arguments.objectMembers ?? []).map { member -> JSON.Member in
            guard let text = member.value.stringValue, text.count > Self.displayLimit else { return member }
            digests.append((member.key, SHA256.hex(text)))
            return JSON.Member(key: member.key, value: .string(String(text.prefix(Self.displayLimit)) + "…[TRUNCATED]"))
        }
        self.arguments = .object(members)
        self.argumentDigests = digests
        self.risk = tool.risk
        self.policyReason = tool.policyReason
        self.expiresAt = createdAt.adding(seconds: tool.risk == "HIGH" ? 4 * 3600 : 24 * 3600)
        self.createdAt = createdAt
        self.taskGrantOffer = tool.taskGrantOffer
    }

    var isBrowserAction: Bool { toolName == "browser.act" }
}

struct ArtifactRecord {
    var id: String
    var sessionID: String
    /// Nil for an upload that no message has claimed yet.
    var runID: String?
    var name: String
    var mediaType: String
    var bytes: Data
    var sha256: String
    var metadata: JSON
    var createdAt: Instant
    /// An upload's idempotency fingerprint (nil for agent output).
    var uploadFingerprint: String? = nil
    /// When an unclaimed upload stops being readable (nil: never).
    var expiresAt: Instant? = nil
}

struct IdempotencyEntry {
    var sessionID: String
    var fingerprint: String
    var runID: String
}
