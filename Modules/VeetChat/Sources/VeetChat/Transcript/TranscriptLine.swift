import Foundation
import VeetTransport
import VeetWire

/// One display row of a transcript as data: `Transcript.entries` (items with
/// tool calls bundled) plus the thinking line, in the shapes docs/cli.md gives
/// for `veet debug transcript --json`.
public enum TranscriptLine: Sendable, Hashable {
    case message(role: Role, text: String)
    /// Outcome keys: succeeded, failed, rejected, unavailable, denied (a zero count is absent).
    /// `risk` is the one the apps draw (`ToolBundle.highestRisk`); `serverRisk` the highest
    /// the server said (tool frames, approvals), nil when it said none.
    case bundle(calls: Int, tools: [String], outcomes: [String: Int], risk: ToolRisk, serverRisk: ToolRisk?,
                bundle: ToolBundle)
    /// `name` nil when no frame named the tool; `risk` as the apps draw it (`ToolActivity.risk`),
    /// `serverRisk` only what the server said; `approval` the decision of the call's approval
    /// (`approvalStatus(of:)`), nil when it had none.
    case tool(name: String?, status: ToolStatus, risk: ToolRisk, serverRisk: ToolRisk?, approval: String?,
              activity: ToolActivity)
    case approval(tool: String?, status: String, card: ApprovalCard)
    case question(text: String)
    case thinking(heading: String?)
    case failure(reason: String, message: String, step: Int?, attempt: Int?)
    case cancelled(reason: String, message: String)

    public enum Role: String, Sendable, Hashable { case user, assistant }

    public enum ToolStatus: String, Sendable, Hashable {
        case queued, running, succeeded, failed, denied, uncertain
        case waitingForApproval = "waiting_for_approval"
    }

    public static func lines(for transcript: Transcript) -> [TranscriptLine] {
        var lines: [TranscriptLine] = transcript.entries.compactMap { entry in
            switch entry {
            case .bundle(let bundle): line(for: bundle)
            case .item(let item): line(for: item)
            }
        }
        if transcript.isThinking { lines.append(.thinking(heading: transcript.thinkingHeading)) }
        return lines
    }

    static func line(for bundle: ToolBundle) -> TranscriptLine {
        var outcomes: [String: Int] = [:]
        for call in bundle.calls { if let key = outcomeKey(call.outcomeLabel) { outcomes[key, default: 0] += 1 } }
        let said = bundle.calls.compactMap(serverRisk(of:)) + bundle.approvals.compactMap(\.risk)
        return .bundle(calls: bundle.count, tools: bundle.toolNames, outcomes: outcomes, risk: bundle.highestRisk,
                       serverRisk: said.max(), bundle: bundle)
    }

    static func line(for item: TranscriptItem) -> TranscriptLine? {
        switch item.kind {
        case .user(let message): return .message(role: .user, text: message.text)
        case .assistant(let message): return .message(role: .assistant, text: message.text)
        case .tool(let tool):
            // The question tool is shown as its question.
            guard tool.name != ToolActivity.askUserTool else { return nil }
            return .tool(name: tool.name.isEmpty ? nil : tool.name, status: status(of: tool), risk: tool.risk,
                         serverRisk: serverRisk(of: tool), approval: tool.approval.map { status(of: $0.state) },
                         activity: tool)
        case .approval(let card): return .approval(tool: card.toolName, status: status(of: card.state), card: card)
        case .question(let question): return .question(text: question.text ?? "")
        case .outcome(let outcome):
            switch outcome.kind {
            case .failed: return .failure(reason: outcome.reason, message: outcome.message,
                                          step: outcome.stepNumber, attempt: outcome.attemptNumber)
            case .cancelled: return .cancelled(reason: outcome.reason, message: outcome.message)
            }
        }
    }

    /// What the server said of a call's risk: its frames' and its approval's, the highest.
    static func serverRisk(of tool: ToolActivity) -> ToolRisk? {
        [tool.serverRisk, tool.approval?.risk].compactMap { $0 }.max()
    }

    static func status(of tool: ToolActivity) -> ToolStatus {
        if tool.approval?.isPending == true { return .waitingForApproval }
        switch tool.state {
        case .queued: return .queued
        case .running: return .running
        case .completed: return .succeeded
        case .failed: return .failed
        case .denied: return .denied
        case .uncertain: return .uncertain
        }
    }

    static func status(of state: ApprovalCard.State) -> String {
        switch state {
        case .pending: "pending"
        case .approvedOnce: "approved_once"
        case .approvedForTask: "allowed_for_task"
        case .denied: "denied"
        case .expired: "expired"
        case .cancelled: "cancelled"
        case .invalidated: "invalidated"
        case .settled(let raw): raw.isEmpty ? "settled" : raw
        }
    }

    /// The five outcome keys; corrected-and-retried and needs-correction calls failed.
    static func outcomeKey(_ label: ToolOutcomeLabel?) -> String? {
        switch label {
        case .succeeded: "succeeded"
        case .failed, .correctedAndRetried, .needsCorrection: "failed"
        case .rejected: "rejected"
        case .unavailable: "unavailable"
        case .denied: "denied"
        case .uncertain: "uncertain"
        case nil: nil
        }
    }

    /// The `--json` object (keys as docs/cli.md lists them; a server risk the server did not send is null).
    public var json: JSONValue {
        func risk(_ value: ToolRisk?) -> JSONValue { value.map { .string($0.description.uppercased()) } ?? .null }
        func text(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
        func number(_ value: Int?) -> JSONValue { value.map { .int(Int64($0)) } ?? .null }
        switch self {
        case .message(let role, let text):
            return .object(["kind": .string("message"), "role": .string(role.rawValue), "text": .string(text)])
        case .bundle(let calls, let tools, let outcomes, let highest, let said, _):
            return .object(["kind": .string("bundle"), "calls": number(calls), "tools": .array(tools.map(JSONValue.string)),
                            "outcomes": .object(outcomes.mapValues { .int(Int64($0)) }), "risk": risk(highest),
                            "server_risk": risk(said)])
        case .tool(let name, let status, let drawn, let said, let approval, _):
            return .object(["kind": .string("tool"), "name": text(name), "status": .string(status.rawValue),
                            "risk": risk(drawn), "server_risk": risk(said), "approval": text(approval)])
        case .approval(let tool, let status, _):
            return .object(["kind": .string("approval"), "tool": tool.map(JSONValue.string) ?? .null, "status": .string(status)])
        case .question(let text):
            return .object(["kind": .string("question"), "text": .string(text)])
        case .thinking(let heading):
            return .object(["kind": .string("thinking"), "heading": heading.map(JSONValue.string) ?? .null])
        case .failure(let reason, let message, let step, let attempt):
            return .object(["kind": .string("failure"), "reason": .string(reason), "message": .string(message),
                            "step": number(step), "attempt": number(attempt)])
        case .cancelled(let reason, let message):
            return .object(["kind": .string("cancelled"), "reason": .string(reason), "message": .string(message)])
        }
    }

    /// `json` as one line, keys sorted (what `veet debug transcript --json` prints).
    public var jsonLine: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(json)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}
