import Foundation
import VeetTransport

// Conversation items and tool-call payloads (docs/wire/streaming.md §6.3, §7).

extension RunEvent {
    /// The assistant's message in `assistant.message.completed`, `run.completed`
    /// and among `model.response.completed.conversation_items`.
    public struct AssistantMessage: Sendable, Hashable, Decodable {
        /// Text parts, then ([newer]) one `file` part per exported file.
        public var content: [ContentBlock]
        public var itemIndex: Int?
        /// Normally `externalUntrusted`: model output is rendered as data.
        public var trust: TrustLabel?
        public var sourceEventSequence: Int64?

        private enum Keys: String, CodingKey { case content, item_index, trust, source_event_sequence }

        public init(content: [ContentBlock], itemIndex: Int? = nil, trust: TrustLabel? = nil,
                    sourceEventSequence: Int64? = nil) {
            self.content = content
            self.itemIndex = itemIndex
            self.trust = trust
            self.sourceEventSequence = sourceEventSequence
        }

        public init(from decoder: Decoder) throws {
            let r = try RunEventPayloadReader(decoder, keys: Keys.self)
            content = try r.content(.content)
            itemIndex = r.int(.item_index)
            trust = r.vocabulary(.trust)
            sourceEventSequence = r.int64(.source_event_sequence)
        }

        public var plainText: String { content.compactMap(\.text).joined() }
    }

    /// A tool call the model planned (`kind: "tool_call"`).
    public struct ToolCallItem: Sendable, Hashable, Decodable {
        /// Provider-assigned, unique within the run; keys the tool row.
        public var callID: String
        public var itemIndex: Int?
        /// Dotted tool name, e.g. `math.calculate`.
        public var name: String
        /// The parsed arguments object (`{}` when absent).
        public var arguments: JSONValue
        /// The JSON text the model produced.
        public var rawArguments: String?
        /// Set when the model's arguments were not valid JSON.
        public var parseError: String?
        public var sourceEventSequence: Int64?

        private enum Keys: String, CodingKey {
            case call_id, item_index, name, arguments, raw_arguments, parse_error, source_event_sequence
        }

        public init(from decoder: Decoder) throws {
            let r = try RunEventPayloadReader(decoder, keys: Keys.self)
            callID = try r.requiredString(.call_id)
            itemIndex = r.int(.item_index)
            name = r.string(.name) ?? ""
            arguments = r.json(.arguments) ?? .object([:])
            rawArguments = r.string(.raw_arguments)
            parseError = r.string(.parse_error)
            sourceEventSequence = r.int64(.source_event_sequence)
        }
    }

    /// One item of `model.response.completed.conversation_items`, by `kind`.
    public enum ConversationItem: Sendable, Hashable, Decodable {
        case assistant(AssistantMessage)
        case toolCall(ToolCallItem)
        /// A kind this client does not know, kept verbatim.
        case other(kind: String, payload: JSONValue)

        private enum Keys: String, CodingKey { case kind, type }

        public init(from decoder: Decoder) throws {
            let r = try RunEventPayloadReader(decoder, keys: Keys.self)
            let kind = r.string(.kind) ?? r.string(.type) ?? ""
            switch kind {
            case "assistant": self = .assistant(try AssistantMessage(from: decoder))
            case "tool_call": self = .toolCall(try ToolCallItem(from: decoder))
            default: self = .other(kind: kind, payload: try JSONValue(from: decoder))
            }
        }
    }

    /// Every `tool.call.*` event: the row is keyed by `callID`.
    public struct ToolCallEvent: Sendable, Hashable, Decodable {
        public var callID: String
        public var name: String
        /// Dotted code: `tool.succeeded`, `tool.timeout`, `approval.denied`, ... (open set).
        public var reasonCode: String?
        /// Present on completed, failed and uncertain calls and on policy denials.
        public var resultItem: ToolResultItem?
        /// `tool.call.authorized` by a standing grant only.
        public var authorizationKind: String?
        public var authorizationRef: String?
        public var authorizationReason: String?
        /// [newer] The call's risk, in the approvals' uppercase vocabulary (`LOW` … `CRITICAL`;
        /// an unknown value kept raw); nil when the frame carries none.
        public var risk: ApprovalRisk?

        private enum Keys: String, CodingKey {
            case call_id, name, reason_code, result_item, authorization_kind, authorization_ref, authorization_reason, risk
        }

        public init(from decoder: Decoder) throws {
            let r = try RunEventPayloadReader(decoder, keys: Keys.self)
            callID = try r.requiredString(.call_id)
            name = r.string(.name) ?? ""
            reasonCode = r.string(.reason_code)
            resultItem = try r.nested(.result_item)
            authorizationKind = r.string(.authorization_kind)
            authorizationRef = r.string(.authorization_ref)
            authorizationReason = r.string(.authorization_reason)
            risk = r.vocabulary(.risk)
        }

        /// The structured outcome of a failed, unavailable, uncertain or denied call, when sent.
        public var outcome: ToolOutcome? { resultItem?.outcome }
    }

    /// A tool's result (`kind: "tool_result"`).
    public struct ToolResultItem: Sendable, Hashable, Decodable {
        public var callID: String?
        public var content: [ContentBlock]
        public var isError: Bool
        public var trust: TrustLabel?
        public var sourceEventSequence: Int64?
        /// Parsed from the first text part when it is an outcome document
        /// (a JSON object with a `status`); nil for ordinary results.
        public var outcome: ToolOutcome?

        private enum Keys: String, CodingKey { case call_id, content, is_error, trust, source_event_sequence }

        public init(from decoder: Decoder) throws {
            let r = try RunEventPayloadReader(decoder, keys: Keys.self)
            callID = r.string(.call_id)
            content = try r.content(.content)
            isError = r.bool(.is_error) ?? false
            trust = r.vocabulary(.trust)
            sourceEventSequence = r.int64(.source_event_sequence)
            outcome = content.lazy.compactMap(\.text).first.flatMap { ToolOutcome(documentText: $0) }
        }

        public var plainText: String { content.compactMap(\.text).joined() }

        /// The outcome of a call known to have failed (or been refused, or left uncertain):
        /// `outcome`, else one found anywhere in the text (`ToolOutcome.find`).
        public var failureOutcome: ToolOutcome? {
            outcome ?? ToolOutcome.find(in: content.compactMap(\.text), trust: trust)
        }
    }

    /// The outcome document a tool result carries for failed, unavailable,
    /// uncertain and denied calls.
    public struct ToolOutcome: Sendable, Hashable {
        public var status: ToolOutcomeStatus
        /// The tool name.
        public var action: String?
        public var reasonCode: String?
        /// A short fixed English sentence.
        public var message: String?
        public var retryable: Bool?
        public var remediation: ToolRemediation?

        /// Reads an outcome document: the text (white space around it allowed) is a JSON object
        /// with a string `status`. With `requiringStatus: false` ([newer] failures) an object
        /// without a status counts too when it still says what to do about the failure (a bool
        /// `retryable` or a string `remediation`); its status is then `.unknown("")`.
        public init?(documentText: String, requiringStatus: Bool = true) {
            // Most results are not documents: refuse them before copying any text.
            guard documentText.first(where: { !$0.isWhitespace }) == "{" else { return nil }
            let text = documentText.trimmingCharacters(in: .whitespacesAndNewlines)
            guard text.last == "}",
                  let object = TapeDocument.jsonValue(of: text)
                    ?? (try? WireJSON.decoder().decode(JSONValue.self, from: Data(text.utf8))),
                  case .object = object
            else { return nil }
            var advice = object["remediation"]?.stringValue != nil
            if case .bool? = object["retryable"] { advice = true }
            guard let status = object["status"]?.stringValue ?? (advice && !requiringStatus ? "" : nil) else { return nil }
            self.status = ToolOutcomeStatus(raw: status)
            action = object["action"]?.stringValue
            reasonCode = object["reason_code"]?.stringValue
            message = object["message"]?.stringValue
            if case .bool(let flag)? = object["retryable"] { retryable = flag } else { retryable = nil }
            remediation = object["remediation"]?.stringValue.map(ToolRemediation.init(raw:))
        }

        /// The outcome a failed call's text parts carry, looked for harder than `outcome` does
        /// ([newer] servers): any part that is a whole document, with or without a status,
        /// then one inside a sentence ("Invalid arguments: {…}", read from the part's first
        /// `{` to its last `}`). A third-party result (`external_untrusted`) is read in its
        /// first part only: what follows is the outside service's text and does not speak for
        /// the server.
        static func find(in texts: [String], trust: TrustLabel?) -> ToolOutcome? {
            let parts = trust == .externalUntrusted ? Array(texts.prefix(1)) : texts
            for text in parts {
                if let outcome = ToolOutcome(documentText: text, requiringStatus: false) { return outcome }
            }
            for text in parts {
                guard let open = text.firstIndex(of: "{"), let close = text.lastIndex(of: "}"), open < close,
                      let outcome = ToolOutcome(documentText: String(text[open...close]), requiringStatus: false)
                else { continue }
                return outcome
            }
            return nil
        }
    }
}
