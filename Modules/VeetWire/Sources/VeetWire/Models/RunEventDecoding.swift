import Foundation
import VeetTransport

extension RunEventFrame {
    /// Types the contract documents as internal diagnostics (streaming.md §7).
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
    private static let decoders: [String: @Sendable (Data, JSONDecoder) throws -> (RunEvent, String?)] = [
        "user.message.created": { try read($0, $1, RunEvent.userMessageCreated) },
        "run.queued": { try read($0, $1, RunEvent.runQueued) },
        "run.claimed": { try read($0, $1, RunEvent.runClaimed) },
        "run.started": { try read($0, $1, RunEvent.runStarted) },
        "run.resumed": { try read($0, $1, RunEvent.runResumed) },
        "run.requeued": { try read($0, $1, RunEvent.runRequeued) },
        "run.checkpointed": { try read($0, $1, RunEvent.runCheckpointed) },
        "memory.recalled": { try read($0, $1, RunEvent.memoryRecalled) },
        "model.request.started": { try read($0, $1, RunEvent.modelRequestStarted) },
        "message.delta": { try read($0, $1, RunEvent.messageDelta) },
        "reasoning.delta": { try read($0, $1, RunEvent.reasoningDelta) },
        "reasoning.summary.delta": { try read($0, $1, RunEvent.reasoningSummaryDelta) },
        "usage.provisional": { try read($0, $1, RunEvent.usageProvisional) },
        "model.response.completed": { try read($0, $1, RunEvent.modelResponseCompleted) },
        "model.response.failed": { try read($0, $1, RunEvent.modelResponseFailed) },
        "tool.call.proposed": { try read($0, $1, RunEvent.toolCallProposed) },
        "tool.call.authorized": { try read($0, $1, RunEvent.toolCallAuthorized) },
        "tool.call.started": { try read($0, $1, RunEvent.toolCallStarted) },
        "tool.call.completed": { try read($0, $1, RunEvent.toolCallCompleted) },
        "tool.call.failed": { try read($0, $1, RunEvent.toolCallFailed) },
        "tool.call.denied": { try read($0, $1, RunEvent.toolCallDenied) },
        "tool.call.uncertain": { try read($0, $1, RunEvent.toolCallUncertain) },
        "approval.requested": { try read($0, $1, RunEvent.approvalRequested) },
        "approval.resolved": { try read($0, $1, RunEvent.approvalResolved) },
        "approval.invalidated": { try read($0, $1, RunEvent.approvalInvalidated) },
        "run.waiting_for_approval": { try read($0, $1, RunEvent.runWaitingForApproval) },
        "run.waiting_for_user": { try read($0, $1, RunEvent.runWaitingForUser) },
        "context.working_state.updated": { try read($0, $1, RunEvent.workingStateUpdated) },
        "assistant.message.completed": { try read($0, $1, RunEvent.assistantMessageCompleted) },
        "run.completed": { try read($0, $1, RunEvent.runCompleted) },
        "run.failed": { try read($0, $1, RunEvent.runFailed) },
        "run.cancelled": { try read($0, $1, RunEvent.runCancelled) },
        "stream.overflow": { try read($0, $1, RunEvent.streamOverflow) },
        "memory.formation.requested": { try read($0, $1, RunEvent.memoryFormationRequested) },
    ]

    /// Types this client decodes into a typed case.
    public static var typedEventTypes: Set<String> { Set(decoders.keys) }

    /// Decodes one SSE event. Never throws: see `RunEvent` for how unknown
    /// and unreadable payloads are represented.
    public static func decode(_ event: SSEEvent) -> RunEventFrame {
        let sequence = event.id.flatMap(parseSequence)
        let data = Data(event.data.utf8)
        let decoder = WireJSON.decoder()
        do {
            let (runEvent, runID): (RunEvent, String?)
            if let read = decoders[event.event] {
                (runEvent, runID) = try read(data, decoder)
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

    private static func read<Payload: Decodable>(
        _ data: Data, _ decoder: JSONDecoder, _ wrap: (Payload) -> RunEvent
    ) throws -> (RunEvent, String?) {
        let envelope = try decoder.decode(Envelope<Payload>.self, from: data)
        return (wrap(envelope.payload), envelope.runID)
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
