import Foundation
import VeetTransport
import VeetWire

/// One tool call of a run and where it stands.
public struct ToolActivity: Sendable, Hashable {
    public static let askUserTool = "conversation.ask_user"

    public enum State: String, Sendable, Hashable {
        case queued, running, completed, failed, denied, uncertain
    }

    public let callID: String
    public var name: String
    public var arguments: JSONValue
    public var state: State = .queued
    /// The result text (for failures, the outcome's message when the server gave one).
    public var resultText: String?
    public var reasonCode: String?
    public var outcome: RunEvent.ToolOutcome?
    /// The whole result as sent (content parts, trust, error flag).
    public var resultItem: RunEvent.ToolResultItem?
    /// The JSON text the model produced, when the planning event carried it.
    public var rawArguments: String?
    /// The approval this call waited for, with its decision once settled.
    public var approval: ApprovalCard?
    /// The server's risk for this call: the highest its tool frames (`risk`, [newer]) and its
    /// approval said; nil while the server said none this client knows.
    public var serverRisk: ToolRisk?
    /// This call failed for bad arguments and the next call of the same tool then succeeded.
    public var wasCorrectedByRetry = false

    public init(callID: String, name: String, arguments: JSONValue) {
        self.callID = callID
        self.name = name
        self.arguments = arguments
    }

    /// Keeps the highest risk the server gave this call (its frames and its approval).
    mutating func noteServerRisk(_ risk: ToolRisk) {
        serverRisk = max(serverRisk ?? risk, risk)
    }

    /// Finished one way or another.
    public var isSettled: Bool { state != .queued && state != .running }

    mutating func apply(phase: ToolCallPhase, event: RunEvent.ToolCallEvent) {
        name = event.name.isEmpty ? name : event.name
        reasonCode = event.reasonCode ?? reasonCode
        if let risk = event.risk.flatMap(ToolRisk.init) { noteServerRisk(risk) }
        if let result = event.resultItem {
            resultItem = result
            // A call that did not succeed may carry its outcome anywhere in the text ([newer]).
            let failed = result.isError || phase == .failed || phase == .denied || phase == .uncertain
            outcome = failed ? result.failureOutcome : result.outcome
            resultText = outcome?.message ?? result.plainText
        }
        switch phase {
        case .proposed: state = .queued
        case .authorized, .started: state = .running
        // A completed call whose result is an error counts as failed.
        case .completed: state = event.resultItem?.isError == true ? .failed : .completed
        case .failed: state = .failed
        case .denied: state = .denied
        case .uncertain: state = .uncertain
        }
    }
}

// MARK: Presentation

extension ToolActivity {
    /// What the call does, from its name, refined by a structured result.
    public var effect: ToolEffect {
        let byName = ToolEffect.classify(toolName: name)
        // Only parse the result when it may be a command's output: bundling asks this often.
        if byName != .external, let first = resultItem?.content.first?.text,
           first.contains("\"stdout\"") || first.contains("\"exit_code\""), case .terminal = rendering {
            return .sandbox
        }
        return byName
    }

    /// The server's risk when known, else the effect's, one step higher for destructive verbs.
    public var risk: ToolRisk {
        if let serverRisk { return serverRisk }
        let base = effect.baseRisk
        let destructive = ToolEffect.words(of: name).contains(where: ToolEffect.destructiveWords.contains)
        return destructive && effect != .read ? base.raised : base
    }

    /// How to show the result.
    public var rendering: ToolRendering { ToolRendering.make(result: resultItem, arguments: arguments) }

    /// Third-party text: render the result as data, never as instructions.
    public var resultIsExternal: Bool { resultItem?.trust == .externalUntrusted }

    /// Refused when its approval was denied, expired or cancelled.
    public var wasDeniedAtApproval: Bool {
        guard state == .denied else { return false }
        if let code = reasonCode { return code.hasPrefix("approval.") }
        return approval?.isSettled == true && resultItem == nil
    }

    /// Refused by policy (not by the owner): such a denial carries an outcome document.
    public var isPolicyDenial: Bool { state == .denied && !wasDeniedAtApproval }

    /// A failure the model can fix by changing its arguments (docs/wire/streaming.md §9, client presentation).
    public var needsCorrection: Bool {
        guard state == .failed, let outcome, outcome.retryable == true, outcome.remediation == .modifyArguments,
              let code = outcome.reasonCode ?? reasonCode
        else { return false }
        return code == "tool.arguments_invalid" || code.hasPrefix("tool.invalid_arguments")
    }

    /// No frame named the tool, or the server said no tool has this name (`tool.not_found…`).
    /// Any other non-empty name is known, dotted or not: how this client classifies a name
    /// shapes its card, never whether it may share a bundle.
    public var isUnknownTool: Bool {
        let code = outcome?.reasonCode ?? reasonCode ?? ""
        return name.isEmpty || code.hasPrefix("tool.not_found")
    }

    /// The label a row and a bundle summary use; nil while queued or running.
    public var outcomeLabel: ToolOutcomeLabel? {
        switch state {
        case .queued, .running: return nil
        case .completed: return .succeeded
        case .uncertain: return .uncertain
        case .denied: return .denied
        case .failed:
            if wasCorrectedByRetry { return .correctedAndRetried }
            if needsCorrection { return .needsCorrection }
            if outcome?.status == .unavailable { return .unavailable }
            if (outcome?.reasonCode ?? reasonCode) == "tool.web.provider_rejected" { return .rejected }
            return .failed
        }
    }

    /// "queued", "running", or the outcome label.
    public var statusText: String { outcomeLabel?.text ?? state.rawValue }

    /// May share a bundle: terminal, known tool, settled approval (if any), not a policy denial or uncertain.
    public var isBundleable: Bool {
        guard isSettled, state != .uncertain, !isPolicyDenial, !isUnknownTool, name != Self.askUserTool else { return false }
        return approval?.isSettled ?? true
    }
}

/// What became of a call, in the words rows and summaries use.
public enum ToolOutcomeLabel: String, Sendable, Hashable, CaseIterable {
    case succeeded, correctedAndRetried, needsCorrection, failed, rejected, unavailable, denied, uncertain

    public var text: String {
        switch self {
        case .succeeded: "succeeded"
        case .correctedAndRetried: "corrected and retried"
        case .needsCorrection: "needs correction"
        case .failed: "failed"
        case .rejected: "rejected"
        case .unavailable: "unavailable"
        case .denied: "denied"
        case .uncertain: "uncertain"
        }
    }
}

/// Reasoning summaries arrive as Markdown; the heading is what a status line shows.
enum ReasoningSummary {
    static func latestHeading(in text: String) -> String? {
        var heading: String?
        for line in text.split(whereSeparator: \.isNewline) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("#") {
                heading = trimmed.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)
            } else if trimmed.hasPrefix("**"), trimmed.hasSuffix("**"), trimmed.count > 4 {
                heading = String(trimmed.dropFirst(2).dropLast(2))
            }
        }
        return heading
    }
}
