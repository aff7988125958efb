import Foundation
import VeetTransport

/// Token and cost use so far; readable while the run works.
public struct RunUsageView: Codable, Sendable, Hashable {
    public var inputTokens: Int
    public var outputTokens: Int
    /// Decimal amount kept as the server's text (`"0.0431"`); see `cost`.
    public var costUSD: String

    public init(inputTokens: Int = 0, outputTokens: Int = 0, costUSD: String = "0") {
        self.inputTokens = inputTokens
        self.outputTokens = outputTokens
        self.costUSD = costUSD
    }

    enum CodingKeys: String, CodingKey {
        case inputTokens = "input_tokens"
        case outputTokens = "output_tokens"
        case costUSD = "cost_usd"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        inputTokens = try c.decodeIfPresent(Int.self, forKey: .inputTokens) ?? 0
        outputTokens = try c.decodeIfPresent(Int.self, forKey: .outputTokens) ?? 0
        costUSD = try c.decodeIfPresent(String.self, forKey: .costUSD) ?? "0"
    }

    public var cost: Decimal? { decimal(fromWire: costUSD) }
}

public struct RunLimitsView: Codable, Sendable, Hashable {
    public var maxSteps: Int?
    public var deadlineAt: Timestamp?
    /// Decimal amount kept as text, or nil when there is no cost cap.
    public var maxCostUSD: String?

    public init(maxSteps: Int? = nil, deadlineAt: Timestamp? = nil, maxCostUSD: String? = nil) {
        self.maxSteps = maxSteps
        self.deadlineAt = deadlineAt
        self.maxCostUSD = maxCostUSD
    }

    enum CodingKeys: String, CodingKey {
        case maxSteps = "max_steps"
        case deadlineAt = "deadline_at"
        case maxCostUSD = "max_cost_usd"
    }

    public var maxCost: Decimal? { decimal(fromWire: maxCostUSD) }
}

/// One agent turn (`GET /v1/runs/{id}`, and the body of a cancel answer).
public struct RunView: Codable, Sendable, Hashable, Identifiable {
    public var id: String
    public var sessionID: String
    /// Set for child runs created by delegation.
    public var parentRunID: String?
    public var status: RunStatus
    public var stepCount: Int
    public var modelCallCount: Int
    public var toolCallCount: Int
    public var usage: RunUsageView
    public var limits: RunLimitsView
    /// Non-nil only when `status` is FAILED.
    public var failure: RunFailureView?
    /// Set once, on the first cancel of a RUNNING run.
    public var cancelRequestedAt: Timestamp?
    public var createdAt: Timestamp
    public var updatedAt: Timestamp

    public init(id: String, sessionID: String, parentRunID: String? = nil, status: RunStatus,
                stepCount: Int = 0, modelCallCount: Int = 0, toolCallCount: Int = 0,
                usage: RunUsageView = RunUsageView(), limits: RunLimitsView = RunLimitsView(),
                failure: RunFailureView? = nil, cancelRequestedAt: Timestamp? = nil,
                createdAt: Timestamp, updatedAt: Timestamp) {
        self.id = id
        self.sessionID = sessionID
        self.parentRunID = parentRunID
        self.status = status
        self.stepCount = stepCount
        self.modelCallCount = modelCallCount
        self.toolCallCount = toolCallCount
        self.usage = usage
        self.limits = limits
        self.failure = failure
        self.cancelRequestedAt = cancelRequestedAt
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    enum CodingKeys: String, CodingKey {
        case id, status, usage, limits, failure
        case sessionID = "session_id"
        case parentRunID = "parent_run_id"
        case stepCount = "step_count"
        case modelCallCount = "model_call_count"
        case toolCallCount = "tool_call_count"
        case cancelRequestedAt = "cancel_requested_at"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        sessionID = try c.decode(String.self, forKey: .sessionID)
        parentRunID = try c.decodeIfPresent(String.self, forKey: .parentRunID)
        status = try c.decode(RunStatus.self, forKey: .status)
        stepCount = try c.decodeIfPresent(Int.self, forKey: .stepCount) ?? 0
        modelCallCount = try c.decodeIfPresent(Int.self, forKey: .modelCallCount) ?? 0
        toolCallCount = try c.decodeIfPresent(Int.self, forKey: .toolCallCount) ?? 0
        usage = try c.decodeIfPresent(RunUsageView.self, forKey: .usage) ?? RunUsageView()
        limits = try c.decodeIfPresent(RunLimitsView.self, forKey: .limits) ?? RunLimitsView()
        failure = try c.decodeIfPresent(RunFailureView.self, forKey: .failure)
        cancelRequestedAt = try c.decodeIfPresent(Timestamp.self, forKey: .cancelRequestedAt)
        createdAt = try c.decode(Timestamp.self, forKey: .createdAt)
        updatedAt = try c.decode(Timestamp.self, forKey: .updatedAt)
    }
}
