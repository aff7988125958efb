import Foundation
import VeetTransport

/// A tool call parked until a person decides (`GET /v1/approvals/{id}`).
public struct ApprovalView: Codable, Sendable, Hashable, Identifiable {
    public var id: String
    public var runID: String
    public var sessionID: String
    public var status: ApprovalStatus
    /// Dotted tool name such as `"web.fetch"`.
    public var toolName: String?
    public var actionSummary: String
    /// A display copy of the tool arguments (redacted and truncated by the server).
    public var arguments: JSONValue
    /// [newer] SHA-256 (hex) of each top-level string argument the server truncated.
    public var argumentDigests: [String: String]?
    public var risk: ApprovalRisk
    /// An opaque dotted policy code (`"policy.matrix.external_write"`), not prose.
    public var policyReason: String
    public var expiresAt: Timestamp?
    public var createdAt: Timestamp
    public var resolvedAt: Timestamp?
    /// The resolving principal; nil when the approval was cancelled with its run.
    public var resolvedBy: String?
    public var decision: ApprovalDecision?
    /// [newer] The task grant offered for `browser.act`.
    public var taskGrantOffer: TaskGrantOffer?
    /// [newer] Why an existing grant did not cover this action.
    public var taskGrantNotCovered: TaskGrantNotCovered?
    /// [newer] Grant created by an `approve_for_task` resolution.
    public var taskGrantID: String?

    public init(id: String, runID: String, sessionID: String, status: ApprovalStatus, toolName: String? = nil,
                actionSummary: String = "", arguments: JSONValue = .object([:]),
                argumentDigests: [String: String]? = nil, risk: ApprovalRisk, policyReason: String = "",
                expiresAt: Timestamp? = nil, createdAt: Timestamp, resolvedAt: Timestamp? = nil, resolvedBy: String? = nil,
                decision: ApprovalDecision? = nil, taskGrantOffer: TaskGrantOffer? = nil,
                taskGrantNotCovered: TaskGrantNotCovered? = nil, taskGrantID: String? = nil) {
        self.id = id
        self.runID = runID
        self.sessionID = sessionID
        self.status = status
        self.toolName = toolName
        self.actionSummary = actionSummary
        self.arguments = arguments
        self.argumentDigests = argumentDigests
        self.risk = risk
        self.policyReason = policyReason
        self.expiresAt = expiresAt
        self.createdAt = createdAt
        self.resolvedAt = resolvedAt
        self.resolvedBy = resolvedBy
        self.decision = decision
        self.taskGrantOffer = taskGrantOffer
        self.taskGrantNotCovered = taskGrantNotCovered
        self.taskGrantID = taskGrantID
    }

    enum CodingKeys: String, CodingKey {
        case id, status, arguments, risk, decision
        case runID = "run_id"
        case sessionID = "session_id"
        case toolName = "tool_name"
        case actionSummary = "action_summary"
        case argumentDigests = "argument_digests"
        case policyReason = "policy_reason"
        case expiresAt = "expires_at"
        case createdAt = "created_at"
        case resolvedAt = "resolved_at"
        case resolvedBy = "resolved_by"
        case taskGrantOffer = "task_grant_offer"
        case taskGrantNotCovered = "task_grant_not_covered"
        case taskGrantID = "task_grant_id"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        runID = try c.decode(String.self, forKey: .runID)
        sessionID = try c.decode(String.self, forKey: .sessionID)
        status = try c.decode(ApprovalStatus.self, forKey: .status)
        toolName = try c.decodeIfPresent(String.self, forKey: .toolName)
        actionSummary = try c.decodeIfPresent(String.self, forKey: .actionSummary) ?? ""
        arguments = try c.decodeObject(forKey: .arguments)
        argumentDigests = try? c.decodeIfPresent([String: String].self, forKey: .argumentDigests)
        risk = try c.decodeIfPresent(ApprovalRisk.self, forKey: .risk) ?? .unknown("")
        policyReason = try c.decodeIfPresent(String.self, forKey: .policyReason) ?? ""
        expiresAt = try c.decodeIfPresent(Timestamp.self, forKey: .expiresAt)
        createdAt = try c.decode(Timestamp.self, forKey: .createdAt)
        resolvedAt = try c.decodeIfPresent(Timestamp.self, forKey: .resolvedAt)
        resolvedBy = try c.decodeIfPresent(String.self, forKey: .resolvedBy)
        decision = try c.decodeIfPresent(ApprovalDecision.self, forKey: .decision)
        // Newer, loosely specified objects: a shape this client cannot read is dropped, not fatal.
        taskGrantOffer = try? c.decodeIfPresent(TaskGrantOffer.self, forKey: .taskGrantOffer)
        taskGrantNotCovered = try? c.decodeIfPresent(TaskGrantNotCovered.self, forKey: .taskGrantNotCovered)
        taskGrantID = try c.decodeIfPresent(String.self, forKey: .taskGrantID)
    }
}

/// [newer] The scope a person may grant for the rest of a task (`browser.act`).
public struct TaskGrantOffer: Codable, Sendable, Hashable {
    public var origin: String
    public var pathPrefix: String
    public var durationSeconds: Int?
    public var maxActions: Int?
    public var maxTypedCharacters: Int?
    public var actionKinds: [String]
    public var summary: String?

    public init(origin: String, pathPrefix: String, durationSeconds: Int? = nil, maxActions: Int? = nil,
                maxTypedCharacters: Int? = nil, actionKinds: [String] = [], summary: String? = nil) {
        self.origin = origin
        self.pathPrefix = pathPrefix
        self.durationSeconds = durationSeconds
        self.maxActions = maxActions
        self.maxTypedCharacters = maxTypedCharacters
        self.actionKinds = actionKinds
        self.summary = summary
    }

    enum CodingKeys: String, CodingKey {
        case origin, summary
        case pathPrefix = "path_prefix"
        case durationSeconds = "duration_seconds"
        case maxActions = "max_actions"
        case maxTypedCharacters = "max_typed_characters"
        case actionKinds = "action_kinds"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        origin = try c.decode(String.self, forKey: .origin)
        pathPrefix = try c.decodeIfPresent(String.self, forKey: .pathPrefix) ?? "/"
        durationSeconds = try c.decodeIfPresent(Int.self, forKey: .durationSeconds)
        maxActions = try c.decodeIfPresent(Int.self, forKey: .maxActions)
        maxTypedCharacters = try c.decodeIfPresent(Int.self, forKey: .maxTypedCharacters)
        actionKinds = (try? c.decodeIfPresent([String].self, forKey: .actionKinds)) ?? []
        summary = try c.decodeIfPresent(String.self, forKey: .summary)
    }
}

/// [newer] `{"grant_id", "reason"}`: why a standing grant did not cover the action.
public struct TaskGrantNotCovered: Codable, Sendable, Hashable {
    public var grantID: String?
    public var reason: String?

    public init(grantID: String? = nil, reason: String? = nil) {
        self.grantID = grantID
        self.reason = reason
    }

    enum CodingKeys: String, CodingKey {
        case reason
        case grantID = "grant_id"
    }
}
