import Foundation
import VeetTransport

// Payloads of approval, suspension, working-state and terminal events (docs/wire/streaming.md §7).

extension RunEvent {
    /// `approval.requested`: fetch `GET /v1/approvals/{id}` and show the card.
    public struct ApprovalRequested: Sendable, Hashable, Decodable {
        public var approvalID: String

        private enum Keys: String, CodingKey { case approval_id }

        public init(from decoder: Decoder) throws {
            let r = try RunEventPayloadReader(decoder, keys: Keys.self)
            approvalID = try r.requiredString(.approval_id)
        }
    }

    /// `approval.resolved`: remove the card.
    public struct ApprovalResolved: Sendable, Hashable, Decodable {
        public var approvalID: String
        public var resolution: ApprovalResolution?

        private enum Keys: String, CodingKey { case approval_id, resolution }

        public init(from decoder: Decoder) throws {
            let r = try RunEventPayloadReader(decoder, keys: Keys.self)
            approvalID = try r.requiredString(.approval_id)
            resolution = r.vocabulary(.resolution)
        }
    }

    /// `approval.invalidated`: policy changed after approval; the action will be denied.
    public struct ApprovalInvalidated: Sendable, Hashable, Decodable {
        public var approvalID: String
        public var actionID: String?
        public var reasonCode: String?

        private enum Keys: String, CodingKey { case approval_id, action_id, reason_code }

        public init(from decoder: Decoder) throws {
            let r = try RunEventPayloadReader(decoder, keys: Keys.self)
            approvalID = try r.requiredString(.approval_id)
            actionID = r.string(.action_id)
            reasonCode = r.string(.reason_code)
        }
    }

    /// Why a run is parked: `{"kind": "approval", "approval_id"}` or
    /// `{"kind": "user", "question_id", "invocation_id"}`.
    public struct Suspension: Sendable, Hashable, Decodable {
        public var kind: String?
        public var approvalID: String?
        public var questionID: String?
        public var invocationID: String?

        private enum Keys: String, CodingKey { case kind, approval_id, question_id, invocation_id }

        public init(from decoder: Decoder) throws {
            let r = try RunEventPayloadReader(decoder, keys: Keys.self)
            kind = r.string(.kind)
            approvalID = r.string(.approval_id)
            questionID = r.string(.question_id)
            invocationID = r.string(.invocation_id)
        }
    }

    /// `run.waiting_for_approval` (comes before `approval.requested`; the stream stays open).
    public struct RunWaitingForApproval: Sendable, Hashable, Decodable {
        public var suspension: Suspension?
        /// A top-level `approval_id`, should a server send one.
        public var topLevelApprovalID: String?

        private enum Keys: String, CodingKey { case suspension, approval_id }

        public init(from decoder: Decoder) throws {
            let r = try RunEventPayloadReader(decoder, keys: Keys.self)
            suspension = try r.nested(.suspension)
            topLevelApprovalID = r.string(.approval_id)
        }

        /// The pending approval, wherever the server put it.
        public var approvalID: String? { topLevelApprovalID ?? suspension?.approvalID }
    }

    /// `run.waiting_for_user` (a question; the stream stays open).
    public struct RunWaitingForUser: Sendable, Hashable, Decodable {
        public var suspension: Suspension?
        public var topLevelQuestionID: String?

        private enum Keys: String, CodingKey { case suspension, question_id }

        public init(from decoder: Decoder) throws {
            let r = try RunEventPayloadReader(decoder, keys: Keys.self)
            suspension = try r.nested(.suspension)
            topLevelQuestionID = r.string(.question_id)
        }

        /// The question to answer: top-level, else in the suspension (the snapshot also mirrors it in `invocation_id`).
        public var questionID: String? {
            topLevelQuestionID ?? suspension?.questionID ?? suspension?.invocationID
        }
    }

    /// `context.working_state.updated`: replaces the plan/task panel.
    public struct WorkingStateUpdated: Sendable, Hashable, Decodable {
        /// `runtime_question`, `user_answer`, `control_tool`, ...
        public var source: String?
        public var workingState: WorkingState

        private enum Keys: String, CodingKey { case source, working_state }

        public init(from decoder: Decoder) throws {
            let r = try RunEventPayloadReader(decoder, keys: Keys.self)
            source = r.string(.source)
            workingState = try r.nested(.working_state) ?? WorkingState()
        }
    }

    public struct WorkingState: Sendable, Hashable, Decodable {
        public var objective: String?
        public var constraints: [String]
        public var tasks: [WorkingTask]
        public var establishedFacts: [EstablishedFact]
        /// The last entry is the pending question's text.
        public var openQuestions: [String]
        public var nextAction: String?

        private enum Keys: String, CodingKey {
            case objective, constraints, tasks, established_facts, open_questions, next_action
        }

        public init(objective: String? = nil, constraints: [String] = [], tasks: [WorkingTask] = [],
                    establishedFacts: [EstablishedFact] = [], openQuestions: [String] = [], nextAction: String? = nil) {
            self.objective = objective
            self.constraints = constraints
            self.tasks = tasks
            self.establishedFacts = establishedFacts
            self.openQuestions = openQuestions
            self.nextAction = nextAction
        }

        public init(from decoder: Decoder) throws {
            let r = try RunEventPayloadReader(decoder, keys: Keys.self)
            objective = r.string(.objective)
            constraints = r.strings(.constraints)
            tasks = try r.list(.tasks)
            establishedFacts = try r.list(.established_facts)
            openQuestions = r.strings(.open_questions)
            nextAction = r.string(.next_action)
        }
    }

    public struct WorkingTask: Sendable, Hashable, Decodable {
        public var taskID: String?
        public var description: String
        public var status: WorkingTaskStatus?
        public var sourceEventIDs: [Int64]
        public var trustLevel: TrustLabel?
        public var updatedAt: Timestamp?

        private enum Keys: String, CodingKey { case task_id, description, status, source_event_ids, trust_level, updated_at }

        public init(from decoder: Decoder) throws {
            let r = try RunEventPayloadReader(decoder, keys: Keys.self)
            taskID = r.string(.task_id)
            description = r.string(.description) ?? ""
            status = r.vocabulary(.status)
            sourceEventIDs = r.int64s(.source_event_ids)
            trustLevel = r.vocabulary(.trust_level)
            updatedAt = r.timestamp(.updated_at)
        }
    }

    public struct EstablishedFact: Sendable, Hashable, Decodable {
        public var statement: String
        public var sourceEventIDs: [Int64]
        public var trustLevel: TrustLabel?
        public var establishedAt: Timestamp?

        private enum Keys: String, CodingKey { case statement, source_event_ids, trust_level, established_at }

        public init(from decoder: Decoder) throws {
            let r = try RunEventPayloadReader(decoder, keys: Keys.self)
            statement = r.string(.statement) ?? ""
            sourceEventIDs = r.int64s(.source_event_ids)
            trustLevel = r.vocabulary(.trust_level)
            establishedAt = r.timestamp(.established_at)
        }
    }

    /// `assistant.message.completed`: the durable text replacing the provisional bubble.
    public struct AssistantMessageCompleted: Sendable, Hashable, Decodable {
        public var message: AssistantMessage

        private enum Keys: String, CodingKey { case message }

        public init(from decoder: Decoder) throws {
            let r = try RunEventPayloadReader(decoder, keys: Keys.self)
            guard let message = try r.nested(.message, as: AssistantMessage.self) else {
                throw DecodingError.keyNotFound(Keys.message, .init(codingPath: [], debugDescription: "no message"))
            }
            self.message = message
        }
    }

    /// `run.completed` (terminal).
    public struct RunCompleted: Sendable, Hashable, Decodable {
        /// The same object as the last `assistant.message.completed`.
        public var finalMessage: AssistantMessage?

        private enum Keys: String, CodingKey { case final_message }

        public init(from decoder: Decoder) throws {
            let r = try RunEventPayloadReader(decoder, keys: Keys.self)
            finalMessage = try r.nested(.final_message)
        }
    }

    /// `run.failed` (terminal). `failure` includes `error_class` and `details`, which REST hides.
    public struct RunFailed: Sendable, Hashable, Decodable {
        public var failure: RunFailureView?
        /// Set when a worker crash exhausted the retries.
        public var reclaimedEpoch: Int64?

        private enum Keys: String, CodingKey { case failure, reclaimed_epoch }

        public init(from decoder: Decoder) throws {
            let r = try RunEventPayloadReader(decoder, keys: Keys.self)
            failure = try r.nested(.failure)
            reclaimedEpoch = r.int64(.reclaimed_epoch)
        }
    }

    /// `run.cancelled` (terminal): clears pending approvals and questions.
    public struct RunCancelled: Sendable, Hashable, Decodable {
        public var reason: RunCancelReason?

        private enum Keys: String, CodingKey { case reason }

        public init(from decoder: Decoder) throws {
            let r = try RunEventPayloadReader(decoder, keys: Keys.self)
            reason = r.vocabulary(.reason)
        }
    }

    /// `stream.overflow` (transient): the server dropped this slow connection.
    public struct StreamOverflow: Sendable, Hashable, Decodable {
        /// Reconnect with `Last-Event-ID` of at least this.
        public var lastSequence: Int64?

        private enum Keys: String, CodingKey { case last_sequence }

        public init(from decoder: Decoder) throws {
            let r = try RunEventPayloadReader(decoder, keys: Keys.self)
            lastSequence = r.int64(.last_sequence)
        }
    }

    /// `memory.formation.requested` (diagnostic; written after the terminal event, seen on replay).
    public struct MemoryFormationRequested: Sendable, Hashable, Decodable {
        public var trigger: String?
        public var terminalStatus: RunStatus?
        public var notBefore: Timestamp?

        private enum Keys: String, CodingKey { case trigger, terminal_status, not_before }

        public init(from decoder: Decoder) throws {
            let r = try RunEventPayloadReader(decoder, keys: Keys.self)
            trigger = r.string(.trigger)
            terminalStatus = r.vocabulary(.terminal_status)
            notBefore = r.timestamp(.not_before)
        }
    }
}
