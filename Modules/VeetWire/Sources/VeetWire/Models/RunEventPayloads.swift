import Foundation
import VeetTransport

// Payloads of the run lifecycle and model events (docs/wire/streaming.md §7).
// `run_id` is read once per frame into `RunEventFrame.runID`, not repeated here.

extension RunEvent {
    /// `user.message.created`: a user bubble (also the answer to a question when `questionID` is set).
    public struct UserMessageCreated: Sendable, Hashable, Decodable {
        /// A bare-string `content` (scheduled or operator runs) arrives as one text block.
        public var content: [ContentBlock]
        public var questionID: String?
        /// [newer] Trust of device-captured messages.
        public var trust: TrustLabel?
        /// [newer] Where the message came from; shape not fixed by the contract.
        public var origin: JSONValue?

        private enum Keys: String, CodingKey { case content, question_id, trust, origin }

        public init(from decoder: Decoder) throws {
            let r = try RunEventPayloadReader(decoder, keys: Keys.self)
            content = try r.content(.content)
            questionID = r.string(.question_id)
            trust = r.vocabulary(.trust)
            origin = r.json(.origin)
        }

        public var plainText: String { content.compactMap(\.text).joined() }
    }

    /// `run.queued`.
    public struct RunQueued: Sendable, Hashable, Decodable {
        /// 0 for chat, 10 for scheduled runs.
        public var priority: Int?
        public var scheduleID: String?
        public var scheduleRevision: Int64?
        public var scheduleOccurrenceID: String?

        private enum Keys: String, CodingKey { case priority, schedule_id, schedule_revision, schedule_occurrence_id }

        public init(from decoder: Decoder) throws {
            let r = try RunEventPayloadReader(decoder, keys: Keys.self)
            priority = r.int(.priority)
            scheduleID = r.string(.schedule_id)
            scheduleRevision = r.int64(.schedule_revision)
            scheduleOccurrenceID = r.string(.schedule_occurrence_id)
        }
    }

    /// `run.claimed`: a worker took the run.
    public struct RunClaimed: Sendable, Hashable, Decodable {
        /// Opaque (e.g. `"vm:5207"`).
        public var workerID: String?
        public var leaseEpoch: Int64?
        /// 2 and up after a resume from a wait.
        public var attempt: Int?

        private enum Keys: String, CodingKey { case worker_id, lease_epoch, attempt }

        public init(from decoder: Decoder) throws {
            let r = try RunEventPayloadReader(decoder, keys: Keys.self)
            workerID = r.string(.worker_id)
            leaseEpoch = r.int64(.lease_epoch)
            attempt = r.int(.attempt)
        }
    }

    /// `run.started` (and `run.resumed`, should a server send it).
    public struct RunStarted: Sendable, Hashable, Decodable {
        public var attempt: Int?
        public var leaseEpoch: Int64?

        private enum Keys: String, CodingKey { case attempt, lease_epoch }

        public init(from decoder: Decoder) throws {
            let r = try RunEventPayloadReader(decoder, keys: Keys.self)
            attempt = r.int(.attempt)
            leaseEpoch = r.int64(.lease_epoch)
        }
    }

    /// `run.requeued`: a crashed worker's run went back to the queue.
    public struct RunRequeued: Sendable, Hashable, Decodable {
        public var reclaimedEpoch: Int64?
        public var attempts: Int?

        private enum Keys: String, CodingKey { case reclaimed_epoch, attempts }

        public init(from decoder: Decoder) throws {
            let r = try RunEventPayloadReader(decoder, keys: Keys.self)
            reclaimedEpoch = r.int64(.reclaimed_epoch)
            attempts = r.int(.attempts)
        }
    }

    /// `run.checkpointed` (diagnostic).
    public struct RunCheckpointed: Sendable, Hashable, Decodable {
        public var version: Int64?
        /// `seed`, `provider_pinned`, `model_response`, `tool_pending`, `tool_call`, `tool_recovered`, `suspended`, ...
        public var trigger: String?
        public var full: Bool?

        private enum Keys: String, CodingKey { case version, trigger, full }

        public init(from decoder: Decoder) throws {
            let r = try RunEventPayloadReader(decoder, keys: Keys.self)
            version = r.int64(.version)
            trigger = r.string(.trigger)
            full = r.bool(.full)
        }
    }

    /// `memory.recalled` (diagnostic; precedes every `model.request.started`).
    public struct MemoryRecalled: Sendable, Hashable, Decodable {
        public var renderedSHA256: String?
        public var returned: [JSONValue]
        public var traceID: String?

        private enum Keys: String, CodingKey { case rendered_sha256, returned, trace_id }

        public init(from decoder: Decoder) throws {
            let r = try RunEventPayloadReader(decoder, keys: Keys.self)
            renderedSHA256 = r.string(.rendered_sha256)
            if case .array(let items)? = r.json(.returned) { returned = items } else { returned = [] }
            traceID = r.string(.trace_id)
        }
    }

    /// `model.request.started`. The snapshot sends the `context_*` counts as
    /// decimal strings; numbers are accepted as well.
    public struct ModelRequestStarted: Sendable, Hashable, Decodable {
        public var attemptID: String?
        public var stepNumber: Int?
        public var prefixSHA256: String?
        public var contextEpoch: Int64?
        public var contextTotalTokens: Int64?
        public var contextCapacityTokens: Int64?
        public var contextReserveTokens: Int64?

        private enum Keys: String, CodingKey {
            case attempt_id, step_number, prefix_sha256, context_epoch
            case context_total_tokens, context_capacity_tokens, context_reserve_tokens
        }

        public init(from decoder: Decoder) throws {
            let r = try RunEventPayloadReader(decoder, keys: Keys.self)
            attemptID = r.string(.attempt_id)
            stepNumber = r.int(.step_number)
            prefixSHA256 = r.string(.prefix_sha256)
            contextEpoch = r.int64(.context_epoch)
            contextTotalTokens = r.int64(.context_total_tokens)
            contextCapacityTokens = r.int64(.context_capacity_tokens)
            contextReserveTokens = r.int64(.context_reserve_tokens)
        }
    }

    /// `message.delta`, `reasoning.delta`, `reasoning.summary.delta` (transient previews).
    public struct TextDelta: Sendable, Hashable, Decodable {
        public var attemptID: String?
        public var stepNumber: Int?
        public var itemIndex: Int?
        public var text: String
        /// Reasoning only: the text is a provider summary rather than raw reasoning.
        public var isSummary: Bool

        private enum Keys: String, CodingKey { case attempt_id, step_number, item_index, text, is_summary }

        public init(from decoder: Decoder) throws {
            let r = try RunEventPayloadReader(decoder, keys: Keys.self)
            attemptID = r.string(.attempt_id)
            stepNumber = r.int(.step_number)
            itemIndex = r.int(.item_index)
            text = r.string(.text) ?? ""
            isSummary = r.bool(.is_summary) ?? false
        }
    }

    /// `usage.provisional` (transient live cost; authoritative totals are in `RunView.usage`).
    public struct UsageProvisional: Sendable, Hashable, Decodable {
        public var attemptID: String?
        public var stepNumber: Int?
        public var usage: ProvisionalUsage?

        private enum Keys: String, CodingKey { case attempt_id, step_number, usage }

        public init(from decoder: Decoder) throws {
            let r = try RunEventPayloadReader(decoder, keys: Keys.self)
            attemptID = r.string(.attempt_id)
            stepNumber = r.int(.step_number)
            usage = try r.nested(.usage)
        }
    }

    public struct ProvisionalUsage: Sendable, Hashable, Decodable {
        public var inputTokens: Int64?
        public var cachedInputTokens: Int64?
        public var cacheWriteInputTokens: Int64?
        public var outputTokens: Int64?
        public var reasoningTokens: Int64?
        /// Decimal string, kept as sent (no floating point).
        public var cost: String?
        public var costSource: String?
        public var provider: String?
        public var model: String?

        private enum Keys: String, CodingKey {
            case input_tokens, cached_input_tokens, cache_write_input_tokens, output_tokens, reasoning_tokens
            case cost, cost_source, provider, model
        }

        public init(from decoder: Decoder) throws {
            let r = try RunEventPayloadReader(decoder, keys: Keys.self)
            inputTokens = r.int64(.input_tokens)
            cachedInputTokens = r.int64(.cached_input_tokens)
            cacheWriteInputTokens = r.int64(.cache_write_input_tokens)
            outputTokens = r.int64(.output_tokens)
            reasoningTokens = r.int64(.reasoning_tokens)
            cost = r.string(.cost)
            costSource = r.string(.cost_source)
            provider = r.string(.provider)
            model = r.string(.model)
        }
    }

    /// `model.response.completed`: the turn's interim assistant text and planned tool calls.
    public struct ModelResponseCompleted: Sendable, Hashable, Decodable {
        public var attemptID: String?
        public var stepNumber: Int?
        public var stopReason: ModelStopReason?
        public var toolNames: [String]
        public var conversationItems: [ConversationItem]

        private enum Keys: String, CodingKey { case attempt_id, step_number, stop_reason, tool_names, conversation_items }

        public init(from decoder: Decoder) throws {
            let r = try RunEventPayloadReader(decoder, keys: Keys.self)
            attemptID = r.string(.attempt_id)
            stepNumber = r.int(.step_number)
            stopReason = r.vocabulary(.stop_reason)
            toolNames = r.strings(.tool_names)
            conversationItems = try r.list(.conversation_items)
        }

        /// The tool calls the model planned in this turn, in order.
        public var toolCalls: [ToolCallItem] {
            conversationItems.compactMap { if case .toolCall(let call) = $0 { call } else { nil } }
        }
    }

    /// `model.response.failed` (diagnostic; a retry or `run.failed` follows).
    public struct ModelResponseFailed: Sendable, Hashable, Decodable {
        public var attemptID: String?
        public var stepNumber: Int?
        public var errorClass: String?
        public var provider: String?
        public var providerCode: String?
        public var httpStatus: Int?
        public var providerParameter: String?

        private enum Keys: String, CodingKey {
            case attempt_id, step_number, error_class, provider, provider_code, http_status, provider_parameter
        }

        public init(from decoder: Decoder) throws {
            let r = try RunEventPayloadReader(decoder, keys: Keys.self)
            attemptID = r.string(.attempt_id)
            stepNumber = r.int(.step_number)
            errorClass = r.string(.error_class)
            provider = r.string(.provider)
            providerCode = r.string(.provider_code)
            httpStatus = r.int(.http_status)
            providerParameter = r.string(.provider_parameter)
        }
    }
}
