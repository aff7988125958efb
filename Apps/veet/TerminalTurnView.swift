import Foundation
import VeetChat
import VeetConsole
import VeetTransport

/// Shows a turn on a terminal: answer text on stdout as it streams, tool
/// activity and status on stderr, approvals and questions as prompts.
actor TerminalTurnView: TurnInteraction {
    enum ApprovalMode: Sendable { case ask, approveAll, denyAll }

    private let context: CLIContext
    private let approvalMode: ApprovalMode
    /// With --json nothing but the final object goes to stdout.
    private let quiet: Bool
    private var atLineStart = true
    /// The last state shown per tool call, so each step is printed once.
    private var shownToolStates: [String: ToolActivity.State] = [:]
    private let status: StatusLine

    init(context: CLIContext, approvalMode: ApprovalMode) {
        self.context = context
        self.approvalMode = approvalMode
        quiet = context.json
        status = StatusLine(output: .standardError, isEnabled: context.terminal.stderrIsTerminal && !context.json,
                            width: context.terminal.width)
    }

    /// Whether the owner can be asked: both ends of the conversation are a terminal.
    var canAsk: Bool { context.terminal.stdinIsTerminal && context.terminal.stderrIsTerminal }

    func show(_ change: RunChange, in progress: RunProgress) async {
        let style = context.errStyle
        switch change {
        case .textDelta(let text):
            await status.clear()
            write(text)
        case .answerSaved(let text, let streamed):
            // Deltas are a preview; the saved message is the answer.
            if text == streamed { break }
            if text.hasPrefix(streamed) {
                write(String(text.dropFirst(streamed.count)))
            } else {
                endLine()
                note(style.dim("(the saved answer differs from what streamed; here it is in full)"))
                write(text)
            }
        case .thinking(let heading):
            await status.startSpinning("Thinking: \(heading ?? "...")")
        case .thinkingEnded:
            await status.clear()
        case .tool(let tool):
            await status.clear()
            guard tool.name != ToolActivity.askUserTool, shownToolStates[tool.callID] != tool.state else { break }
            shownToolStates[tool.callID] = tool.state
            switch tool.state {
            case .queued: break
            case .running: note(style.dim("· running \(tool.name)"))
            case .completed: note(style.success("✓ \(tool.name)") + Self.resultSuffix(tool))
            case .failed: note(style.error("✗ \(tool.name) failed") + Self.resultSuffix(tool))
            case .denied: note(style.warning("⊘ \(tool.name) denied"))
            case .uncertain: note(style.warning("? \(tool.name): outcome unknown"))
            }
        case .approvalResolved(_, let resolution):
            note(style.dim(Self.describe(resolution)))
        case .problem(let text):
            note(style.warning(text))
        case .status(let new):
            if new == .running || new == .queued { await status.startSpinning(progress.statusLine ?? "Working...") }
            else { await status.clear() }
        case .ended(let end):
            await status.clear()
            endLine()
            if case .failed(let failure) = end { note(style.error(Self.describe(failure))) }
            if case .cancelled = end { note(style.warning("The run was cancelled.")) }
        case .userMessage, .approvalNeeded, .questionAsked:
            break
        }
    }

    func streamNotice(_ output: RunStreamOutput) async {
        if case .reconnecting(let attempt, let delay) = output {
            note(context.errStyle.dim("Connection lost; reconnecting (attempt \(attempt), in \(delay.formatted(.units(allowed: [.seconds, .milliseconds]))))..."))
        }
    }

    func decide(_ approval: ApprovalView) async -> ApprovalAnswer {
        await status.clear()
        endLine()
        let style = context.errStyle
        note(style.warning("Needs your approval: ") + style.emphasis(approval.toolName ?? "a tool")
             + style.dim("  risk \(approval.risk.rawValue)"))
        note("  \(approval.actionSummary)")
        let arguments = approval.arguments.compactText
        note(style.dim("  arguments: \(arguments.count > 400 ? String(arguments.prefix(400)) + "…" : arguments)"))
        switch approvalMode {
        case .approveAll:
            note(style.dim("  approved once (--approve-all)"))
            return .approveOnce
        case .denyAll:
            note(style.dim("  denied (--deny-all)"))
            return .deny(reason: nil)
        case .ask:
            guard canAsk else {
                note(style.dim("  No terminal to ask on; leaving it pending. Pass --approve-all or --deny-all to decide."))
                return .leavePending
            }
        }
        let choice = Choice("", options: [
            .init(key: "a", label: "Approve once", value: ApprovalAnswer.approveOnce),
            .init(key: "d", label: "Deny", value: ApprovalAnswer.deny(reason: nil)),
            .init(key: "l", label: "Leave pending", value: ApprovalAnswer.leavePending),
        ])
        guard let answer = await BlockingInput.run({ choice.ask() }) else { return .leavePending }
        if case .deny = answer {
            let reason = await BlockingInput.run { LinePrompt.readLine(prompt: "Reason (optional): ") }
            let trimmed = reason?.trimmingCharacters(in: .whitespaces) ?? ""
            return .deny(reason: trimmed.isEmpty ? nil : trimmed)
        }
        return answer
    }

    func answer(_ question: PendingQuestion) async -> String? {
        await status.clear()
        endLine()
        let style = context.errStyle
        note(style.warning("The agent asks: ") + (question.text ?? "(the question was not shown; answer it anyway)"))
        guard canAsk else {
            note(style.dim("  No terminal to answer on; the run keeps waiting for your answer."))
            return nil
        }
        return await BlockingInput.run { LinePrompt.readLine(prompt: "Your answer: ") }
    }

    func finish() async {
        await status.clear()
        endLine()
    }

    private func write(_ text: String) {
        guard !quiet, !text.isEmpty else { return }
        context.out.write(text)
        atLineStart = text.hasSuffix("\n")
    }

    private func endLine() {
        if !atLineStart && !quiet { context.out.write("\n") }
        atLineStart = true
    }

    /// Status goes to stderr in every mode; with --json only stdout stays reserved.
    private func note(_ text: String) {
        endLine()
        context.err.writeLine(text)
    }

    private static func resultSuffix(_ tool: ToolActivity) -> String {
        guard let text = tool.resultText?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty else { return "" }
        let oneLine = text.replacingOccurrences(of: "\n", with: " ")
        return " → " + (oneLine.count > 120 ? String(oneLine.prefix(120)) + "…" : oneLine)
    }

    static func describe(_ resolution: ApprovalResolution?) -> String {
        switch resolution {
        case .approveOnce: "Approved once."
        case .approveForTask: "Approved for this task."
        case .deny: "Denied."
        case .expired: "The approval expired."
        case .unknown(let raw): "Approval settled (\(raw))."
        case nil: "Approval settled."
        }
    }

    static func describe(_ failure: RunFailureView?) -> String {
        guard let failure else { return "The run failed." }
        var text = "The run failed: " + (failure.message.isEmpty ? failure.reason.rawValue.replacingOccurrences(of: "_", with: " ") : failure.message)
        text += " (\(failure.reason.rawValue)"
        if let step = failure.stepNumber { text += ", step \(step)" }
        if let attempt = failure.attemptNumber { text += ", attempt \(attempt)" }
        return text + ")"
    }
}

/// Reads from the terminal on a plain thread, so a blocking read never holds
/// one of the few threads that run async work.
enum BlockingInput {
    static func run<T: Sendable>(_ read: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: read()) }
        }
    }
}
