import Foundation
import VeetTransport

// Request bodies are closed on the server: an unknown key is a 400. Each type
// below encodes exactly the documented keys and leaves out nil optionals.

/// `POST /v1/sessions`.
public struct CreateSessionRequest: Codable, Sendable, Hashable {
    /// `"general"` selects the server's default agent.
    public var agentID: String
    /// Opaque client data (≤ 8 KiB serialised).
    public var metadata: JSONValue
    /// [newer] The website-access profile for the conversation; left out when nil.
    public var browserProfileID: String?

    public init(agentID: String = "general", metadata: JSONValue = .object([:]), browserProfileID: String? = nil) {
        self.agentID = agentID
        self.metadata = metadata
        self.browserProfileID = browserProfileID
    }

    enum CodingKeys: String, CodingKey {
        case agentID = "agent_id"
        case metadata
        case browserProfileID = "browser_profile_id"
    }
}

/// `POST /v1/sessions/{id}/messages`. Send with an `Idempotency-Key`.
public struct SubmitMessageRequest: Codable, Sendable, Hashable {
    public var content: [ContentBlock]

    public init(content: [ContentBlock]) {
        self.content = content
    }

    public init(text: String) {
        self.content = [.text(text)]
    }
}

/// `POST /v1/runs/{id}/input`: the answer to the run's outstanding question.
public struct RunInputRequest: Codable, Sendable, Hashable {
    public var content: [ContentBlock]
    /// The question being answered; sending it makes the call idempotent.
    public var questionID: String?

    public init(content: [ContentBlock], questionID: String? = nil) {
        self.content = content
        self.questionID = questionID
    }

    enum CodingKeys: String, CodingKey {
        case content
        case questionID = "question_id"
    }
}

/// `POST /v1/approvals/{id}/resolve`.
public struct ApprovalResolveRequest: Codable, Sendable, Hashable {
    public var decision: ApprovalDecision
    /// Optional, at most 4096 characters.
    public var reason: String?
    /// [newer] Required exactly when `decision` is `.approveForTask` (repeat the offer's values).
    public var taskGrant: TaskGrantEcho?

    public init(decision: ApprovalDecision, reason: String? = nil, taskGrant: TaskGrantEcho? = nil) {
        self.decision = decision
        self.reason = reason
        self.taskGrant = taskGrant
    }

    enum CodingKeys: String, CodingKey {
        case decision, reason
        case taskGrant = "task_grant"
    }
}

/// [newer] The offer's origin and path prefix, echoed back with `approve_for_task`.
public struct TaskGrantEcho: Codable, Sendable, Hashable {
    public var origin: String
    public var pathPrefix: String

    public init(origin: String, pathPrefix: String) {
        self.origin = origin
        self.pathPrefix = pathPrefix
    }

    public init(offer: TaskGrantOffer) {
        self.init(origin: offer.origin, pathPrefix: offer.pathPrefix)
    }

    enum CodingKeys: String, CodingKey {
        case origin
        case pathPrefix = "path_prefix"
    }
}
