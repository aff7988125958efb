import Foundation
import Testing
import VeetChat
import VeetTransport
import VeetWire

/// Writes a run's stream as SSE text, frame by frame, and decodes it the way
/// the client does: tests state the wire, never the reducer's input types.
struct StreamScript {
    var runID = "run-1"
    var sequence: Int64 = 0
    private(set) var text = ""

    init(runID: String = "run-1", startingAt sequence: Int64 = 0) {
        self.runID = runID
        self.sequence = sequence
    }

    static func quoted(_ value: String) -> String {
        String(decoding: try! JSONEncoder().encode(value), as: UTF8.self)
    }

    /// A persisted frame: `fields` is the payload without its braces and `run_id`.
    mutating func persisted(_ type: String, _ fields: String = "") {
        sequence += 1
        text += "id: \(sequence)\nevent: \(type)\ndata: {\(fields)\(fields.isEmpty ? "" : ",")\"run_id\":\"\(runID)\"}\n\n"
    }

    mutating func transient(_ type: String, _ fields: String) {
        text += "event: \(type)\ndata: {\(fields),\"run_id\":\"\(runID)\"}\n\n"
    }

    var frames: [RunEventFrame] {
        var decoder = SSEDecoder()
        return ((try? decoder.feed(Data(text.utf8))) ?? []).map(RunEventFrame.decode) + decoder.finish().map(RunEventFrame.decode)
    }

    // MARK: Building blocks

    mutating func user(_ message: String, questionID: String? = nil) {
        let question = questionID.map { ",\"question_id\":\(Self.quoted($0))" } ?? ""
        persisted("user.message.created", "\"content\":[{\"kind\":\"text\",\"text\":\(Self.quoted(message))}]\(question)")
    }

    mutating func started() {
        persisted("run.queued", "\"priority\":0")
        persisted("run.claimed", "\"attempt\":1,\"lease_epoch\":1,\"worker_id\":\"w\"")
        persisted("run.started", "\"attempt\":1")
    }

    mutating func delta(_ piece: String, itemIndex: Int = 0) {
        transient("message.delta", "\"item_index\":\(itemIndex),\"step_number\":1,\"text\":\(Self.quoted(piece))")
    }

    mutating func reasoning(_ piece: String, summary: Bool = false) {
        transient("reasoning.delta", "\"is_summary\":\(summary),\"item_index\":0,\"step_number\":1,\"text\":\(Self.quoted(piece))")
    }

    /// `model.response.completed` planning one call, then `tool.call.proposed`.
    mutating func plan(_ name: String, _ callID: String, arguments: String = "{}", extra: String = "") {
        persisted("model.response.completed", """
            "conversation_items":[{"arguments":\(arguments),"call_id":\(Self.quoted(callID)),"item_index":0,\
            "kind":"tool_call","name":\(Self.quoted(name)),"parse_error":null,"raw_arguments":\(Self.quoted(arguments))}],\
            "step_number":1,"stop_reason":"tool_use","tool_names":[\(Self.quoted(name))]
            """)
        tool("tool.call.proposed", name, callID, extra: extra)
    }

    mutating func tool(_ type: String, _ name: String, _ callID: String, extra: String = "") {
        persisted(type, "\"call_id\":\(Self.quoted(callID)),\"name\":\(Self.quoted(name))\(extra)")
    }

    static func result(_ callID: String, _ texts: [String], isError: Bool = false, trust: String = "internal_tool") -> String {
        let parts = texts.map { "{\"kind\":\"text\",\"text\":\(quoted($0))}" }.joined(separator: ",")
        return ",\"result_item\":{\"call_id\":\(quoted(callID)),\"content\":[\(parts)],\"is_error\":\(isError),"
            + "\"kind\":\"tool_result\",\"trust\":\(quoted(trust))}"
    }

    static func outcomeDocument(_ status: String, _ name: String, reason: String, retryable: Bool = false,
                                remediation: String = "none") -> String {
        "{\"status\":\"\(status)\",\"action\":\"\(name)\",\"reason_code\":\"\(reason)\",\"message\":\"Outcome \(status).\","
            + "\"retryable\":\(retryable),\"remediation\":\"\(remediation)\"}"
    }

    /// A call planned, authorized, started and completed with `result`; `risk` ([newer]) rides on
    /// every tool frame of it.
    mutating func succeed(_ name: String, _ callID: String, arguments: String = "{}", result: String = "ok",
                          isError: Bool = false, trust: String = "internal_tool", risk: String? = nil) {
        let risky = risk.map { ",\"risk\":\(Self.quoted($0))" } ?? ""
        plan(name, callID, arguments: arguments, extra: risky)
        tool("tool.call.authorized", name, callID, extra: risky)
        tool("tool.call.started", name, callID, extra: risky)
        tool("tool.call.completed", name, callID,
             extra: ",\"reason_code\":\"tool.succeeded\"" + risky + Self.result(callID, [result], isError: isError, trust: trust))
    }

    /// A call whose frames name no tool (the planned item and every `tool.call.*` leave `name` out).
    mutating func succeedUnnamed(_ callID: String) {
        persisted("model.response.completed", """
            "conversation_items":[{"arguments":{},"call_id":\(Self.quoted(callID)),"item_index":0,\
            "kind":"tool_call","parse_error":null,"raw_arguments":"{}"}],"step_number":1,"stop_reason":"tool_use","tool_names":[]
            """)
        for type in ["tool.call.proposed", "tool.call.authorized", "tool.call.started"] {
            persisted(type, "\"call_id\":\(Self.quoted(callID))")
        }
        persisted("tool.call.completed", "\"call_id\":\(Self.quoted(callID)),\"reason_code\":\"tool.succeeded\""
                  + Self.result(callID, ["ok"]))
    }

    /// A failed call whose outcome is only inside its result's text (no `reason_code` on the
    /// frame; [newer]): `text` is the whole text part.
    mutating func fail(_ name: String, _ callID: String, text: String) {
        plan(name, callID)
        tool("tool.call.started", name, callID)
        tool("tool.call.failed", name, callID, extra: Self.result(callID, [text], isError: true))
    }

    /// A call that ends with `type` (failed, uncertain, denied by policy) and an outcome document.
    mutating func end(_ name: String, _ callID: String, as type: String, status: String, reason: String,
                      retryable: Bool = false, remediation: String = "none", arguments: String = "{}") {
        plan(name, callID, arguments: arguments)
        if type != "tool.call.denied" { tool("tool.call.started", name, callID) }
        let document = Self.outcomeDocument(status, name, reason: reason, retryable: retryable, remediation: remediation)
        tool(type, name, callID, extra: ",\"reason_code\":\"\(reason)\"" + Self.result(callID, [document], isError: true))
    }

    /// A call parked on an approval; `resolution` nil leaves it pending.
    mutating func approvalCall(_ name: String, _ callID: String, approvalID: String, resolution: String?) {
        plan(name, callID)
        persisted("run.waiting_for_approval", "\"suspension\":{\"approval_id\":\"\(approvalID)\",\"kind\":\"approval\"}")
        persisted("approval.requested", "\"approval_id\":\"\(approvalID)\"")
        guard let resolution else { return }
        persisted("approval.resolved", "\"approval_id\":\"\(approvalID)\",\"resolution\":\"\(resolution)\"")
        persisted("run.started", "\"attempt\":2")
        if resolution == "deny" {
            tool("tool.call.denied", name, callID, extra: ",\"reason_code\":\"approval.denied\"")
        } else {
            tool("tool.call.authorized", name, callID)
            tool("tool.call.started", name, callID)
            tool("tool.call.completed", name, callID,
                 extra: ",\"reason_code\":\"tool.succeeded\"" + Self.result(callID, ["{\"recorded\":true}"]))
        }
    }

    mutating func answer(_ text: String, files: String = "") {
        let message = "{\"content\":[{\"kind\":\"text\",\"text\":\(Self.quoted(text))}\(files)],\"item_index\":0,"
            + "\"kind\":\"assistant\",\"trust\":\"external_untrusted\"}"
        persisted("assistant.message.completed", "\"message\":\(message)")
        persisted("run.completed", "\"final_message\":\(message)")
    }
}

/// A golden recording's frames. Unlike `Recordings.frames`, this skips a CRLF
/// header block whole, so the first frame (the user message) is kept.
func recorded(_ name: String) throws -> [RunEventFrame] {
    var data = try Data(contentsOf: Recordings.directory.appendingPathComponent(name))
    if data.starts(with: Data("HTTP/".utf8)) {
        let ends = [Data("\r\n\r\n".utf8), Data("\n\n".utf8)].compactMap { data.range(of: $0) }
        if let end = ends.min(by: { $0.lowerBound < $1.lowerBound }) { data = data.subdata(in: end.upperBound..<data.endIndex) }
    }
    var decoder = SSEDecoder()
    return (try decoder.feed(data) + decoder.finish()).map(RunEventFrame.decode)
}

func reduce(_ frames: [RunEventFrame], into transcript: Transcript = Transcript()) -> Transcript {
    var transcript = transcript
    transcript.apply(frames)
    return transcript
}

/// The durable transcript (`GET …/messages`) a recording's run would leave behind.
func durableTranscript(of frames: [RunEventFrame]) -> [SessionMessageView] {
    frames.compactMap { frame in
        guard let sequence = frame.sequence else { return nil }
        switch frame.event {
        case .userMessageCreated(let message): return SessionMessageView(sequence: sequence, role: .user, content: message.content)
        case .assistantMessageCompleted(let completed):
            return SessionMessageView(sequence: sequence, role: .assistant, content: completed.message.content)
        default: return nil
        }
    }
}

/// The script helper itself: what it writes decodes to the intended frames.
@Suite struct TranscriptScriptTests {
    @Test func aScriptDecodesToNumberedTypedFrames() {
        var script = StreamScript()
        script.user("hi")
        script.delta("x")
        script.succeed("web.fetch", "c1")
        let frames = script.frames
        #expect(frames.map(\.type) == ["user.message.created", "message.delta", "model.response.completed",
                                       "tool.call.proposed", "tool.call.authorized", "tool.call.started",
                                       "tool.call.completed"])
        #expect(frames.compactMap(\.sequence) == [1, 2, 3, 4, 5, 6])
        #expect(!frames.contains { if case .malformed = $0.event { true } else { false } })
    }
}
