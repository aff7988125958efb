import Foundation
import VeetTransport

extension RunEventFrame {
    /// Types the contract documents as internal diagnostics (docs/wire/streaming.md §7).
    static let diagnosticTypes: Set<String> = [
        "context.plan.created", "context.epoch.rotated", "context.budget.pressure",
        "context.budget.exceeded", "context.compacted", "knowledge.passages.retrieved",
        "approval.consent.checked", "browser.connection.resumed",
    ]
    static let diagnosticPrefixes = ["skill.background_review."]

    /// Types the contract documents as internal diagnostics, ignored by clients.
    public static func isDiagnosticType(_ type: String) -> Bool {
        diagnosticTypes.contains(type) || diagnosticPrefixes.contains { type.hasPrefix($0) }
    }

    /// Types with a typed payload, and how to read each.
    private static let decoders: [String: PayloadReading] = [
        "user.message.created": PayloadReading(RunEvent.userMessageCreated),
        "run.queued": PayloadReading(RunEvent.runQueued),
        "run.claimed": PayloadReading(RunEvent.runClaimed),
        "run.started": PayloadReading(RunEvent.runStarted),
        "run.resumed": PayloadReading(RunEvent.runResumed),
        "run.requeued": PayloadReading(RunEvent.runRequeued),
        "run.checkpointed": PayloadReading(RunEvent.runCheckpointed),
        "memory.recalled": PayloadReading(RunEvent.memoryRecalled),
        "model.request.started": PayloadReading(RunEvent.modelRequestStarted),
        "message.delta": PayloadReading(RunEvent.messageDelta),
        "reasoning.delta": PayloadReading(RunEvent.reasoningDelta),
        "reasoning.summary.delta": PayloadReading(RunEvent.reasoningSummaryDelta),
        "usage.provisional": PayloadReading(RunEvent.usageProvisional),
        "model.response.completed": PayloadReading(RunEvent.modelResponseCompleted),
        "model.response.failed": PayloadReading(RunEvent.modelResponseFailed),
        "tool.call.proposed": PayloadReading(RunEvent.toolCallProposed),
        "tool.call.authorized": PayloadReading(RunEvent.toolCallAuthorized),
        "tool.call.started": PayloadReading(RunEvent.toolCallStarted),
        "tool.call.completed": PayloadReading(RunEvent.toolCallCompleted),
        "tool.call.failed": PayloadReading(RunEvent.toolCallFailed),
        "tool.call.denied": PayloadReading(RunEvent.toolCallDenied),
        "tool.call.uncertain": PayloadReading(RunEvent.toolCallUncertain),
        "approval.requested": PayloadReading(RunEvent.approvalRequested),
        "approval.resolved": PayloadReading(RunEvent.approvalResolved),
        "approval.invalidated": PayloadReading(RunEvent.approvalInvalidated),
        "run.waiting_for_approval": PayloadReading(RunEvent.runWaitingForApproval),
        "run.waiting_for_user": PayloadReading(RunEvent.runWaitingForUser),
        "context.working_state.updated": PayloadReading(RunEvent.workingStateUpdated),
        "assistant.message.completed": PayloadReading(RunEvent.assistantMessageCompleted),
        "run.completed": PayloadReading(RunEvent.runCompleted),
        "run.failed": PayloadReading(RunEvent.runFailed),
        "run.cancelled": PayloadReading(RunEvent.runCancelled),
        "stream.overflow": PayloadReading(RunEvent.streamOverflow),
        "memory.formation.requested": PayloadReading(RunEvent.memoryFormationRequested),
    ]

    /// Types this client decodes into a typed case.
    public static var typedEventTypes: Set<String> { Set(decoders.keys) }

    /// Decodes one SSE event. Never throws: see `RunEvent` for how unknown
    /// and unreadable payloads are represented.
    ///
    /// The payload is read straight from its bytes (`TapeDocument`, nested
    /// objects and arrays included) and handed to the payload's own
    /// `init(from:)` through `TapeDecoder`; whatever that reader does not
    /// mirror exactly, and every payload that fails to decode, goes through
    /// `decodeReference`, so a malformed frame is always the reference's. The
    /// two answer alike (every recording, a random corpus and the `wire` fuzz
    /// target check it).
    public static func decode(_ event: SSEEvent) -> RunEventFrame {
        decodeFast(event) ?? decodeReference(event)
    }

    /// The fast path, or nil where only the Foundation decoder is sure to answer right.
    static func decodeFast(_ event: SSEEvent) -> RunEventFrame? {
        var data = event.data
        return data.withUTF8 { bytes -> RunEventFrame? in
            guard let document = TapeDocument.parse(bytes), document.kind(0) == .object else { return nil }
            var runID: String?
            if let node = document.member(0, "run_id") { runID = try? document.string(node) }
            let runEvent: RunEvent
            if let reading = decoders[event.event] {
                guard let decoded = try? reading.fast(TapeDecoder(document: document, node: 0)),
                      !document.raised else { return nil }
                runEvent = decoded
            } else {
                guard let payload = document.jsonValue(0) else { return nil }
                runEvent = isDiagnosticType(event.event)
                    ? .diagnostic(type: event.event, payload: payload)
                    : .unknown(type: event.event, payload: payload)
            }
            return RunEventFrame(sequence: event.id.flatMap(parseSequence), type: event.event, event: runEvent,
                                 runID: runID)
        }
    }

    /// Decodes with Foundation's `JSONDecoder`: the reference the fast path is checked against.
    public static func decodeReference(_ event: SSEEvent) -> RunEventFrame {
        let sequence = event.id.flatMap(parseSequence)
        let data = Data(event.data.utf8)
        let decoder = WireJSON.decoder()
        do {
            let (runEvent, runID): (RunEvent, String?)
            if let reading = decoders[event.event] {
                (runEvent, runID) = try reading.reference(data, decoder)
            } else {
                let payload = try decoder.decode(JSONValue.self, from: data)
                runID = payload["run_id"]?.stringValue
                runEvent = isDiagnosticType(event.event)
                    ? .diagnostic(type: event.event, payload: payload)
                    : .unknown(type: event.event, payload: payload)
            }
            return RunEventFrame(sequence: sequence, type: event.event, event: runEvent, runID: runID)
        } catch {
            let bad = MalformedRunEvent(type: event.event, data: event.data, problem: describe(error))
            let runID = (try? decoder.decode(JSONValue.self, from: data))?["run_id"]?.stringValue
            return RunEventFrame(sequence: sequence, type: event.event, event: .malformed(bad), runID: runID)
        }
    }

    /// A sequence is a non-negative decimal integer; any other id is not one.
    static func parseSequence(_ id: String) -> Int64? {
        guard !id.isEmpty, id.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return Int64(id)
    }

    /// How one type's payload is read: by Foundation (with its `run_id`, in one parse) or from the tape.
    private struct PayloadReading: Sendable {
        let reference: @Sendable (Data, JSONDecoder) throws -> (RunEvent, String?)
        let fast: @Sendable (TapeDecoder) throws -> RunEvent

        init<Payload: Decodable & Sendable>(_ wrap: @escaping @Sendable (Payload) -> RunEvent) {
            reference = { data, decoder in
                let envelope = try decoder.decode(Envelope<Payload>.self, from: data)
                return (wrap(envelope.payload), envelope.runID)
            }
            fast = { decoder in wrap(try Payload(from: decoder)) }
        }
    }

    /// The payload plus the `run_id` the server merges into every persisted frame, in one parse.
    private struct Envelope<Payload: Decodable>: Decodable {
        var payload: Payload
        var runID: String?

        private enum Keys: String, CodingKey { case run_id }

        init(from decoder: Decoder) throws {
            payload = try Payload(from: decoder)
            let c = try decoder.container(keyedBy: Keys.self)
            runID = (try? c.decodeIfPresent(String.self, forKey: .run_id)) ?? nil
        }
    }

    private static func describe(_ error: Error) -> String {
        guard let error = error as? DecodingError else { return String(describing: error) }
        func path(_ keys: [CodingKey]) -> String {
            let text = keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
            return text.isEmpty ? "the payload" : "`\(text)`"
        }
        switch error {
        case .keyNotFound(let key, let context):
            return "missing \(path(context.codingPath + [key]))"
        case .typeMismatch(let type, let context):
            return "\(path(context.codingPath)) is not a \(type)"
        case .valueNotFound(let type, let context):
            return "\(path(context.codingPath)) is null where a \(type) is required"
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "the data is not valid JSON" : "\(path(context.codingPath)) is corrupted"
        @unknown default:
            return String(describing: error)
        }
    }
}
