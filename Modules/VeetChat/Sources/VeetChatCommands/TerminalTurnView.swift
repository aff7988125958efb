import Foundation
import VeetChat
import VeetConsole
import VeetMarkdown
import VeetTransport
import VeetWire

/// Shows a turn on a terminal: the answer on stdout as it streams (rendered
/// Markdown on a terminal, raw text in a pipe), tool activity as one line per
/// bundle and status on stderr, approvals and questions as prompts.
actor TerminalTurnView: TurnInteraction {
    enum ApprovalMode: Sendable { case ask, approveAll, denyAll }

    let console: Console
    let approvalMode: ApprovalMode
    /// With --json nothing but the final object goes to stdout.
    private let quiet: Bool
    /// With --jsonl every change is also one JSON object on stdout.
    private let jsonl: Bool
    private var answer: AnswerPrinter
    private let status: StatusLine
    /// The turn's tool rows (bundled), read off TurnRunner's transcript at each
    /// persisted frame: the runner's reducer is the only one.
    private var toolEntries: [TranscriptEntry] = []
    private var printedCallIDs: Set<String> = []
    /// A tool call changed since the last flush; without one there is nothing to print.
    private var toolsChanged = false
    /// The bundles printed during this turn, for /tools.
    private(set) var bundles: [ToolBundle] = []
    /// `--once` has no /tools to expand a bundle with, so its line carries no hint.
    private let offersToolsCommand: Bool
    /// The last `--jsonl` line of each tool call: a frame that changes nothing of it prints nothing.
    private var lastToolLines: [String: ChangeLine] = [:]
    /// Ctrl-C asked the server to stop the run: until it ends, the status line says so.
    private var stopping = false

    init(console: Console, approvalMode: ApprovalMode, jsonl: Bool = false, isOnce: Bool = false) {
        self.console = console
        self.approvalMode = approvalMode
        self.jsonl = jsonl
        offersToolsCommand = !isOnce
        quiet = console.json || jsonl
        status = StatusLine(output: console.err, isEnabled: console.terminal.stderrIsTerminal && !console.json,
                            width: console.terminal.width)
        answer = AnswerPrinter(out: console.out, renderer: Self.renderer(for: console, jsonl: jsonl))
    }

    /// Rendered Markdown only when stdout is a terminal; raw text in a pipe.
    static func renderer(for console: Console, jsonl: Bool = false) -> TerminalRenderer? {
        guard console.terminal.stdoutIsTerminal, !console.json, !jsonl else { return nil }
        let style = console.outStyle
        // The A2 tokens' looks, as the TUI draws them (VeetMarkdown's MarkdownRoles.style).
        let palette = MarkdownPalette.tokens(capability: style.capability, appearance: style.appearance)
        return TerminalRenderer(width: max(20, min(console.terminal.width - 1, 120)),
                                style: TerminalStyle(attributes: style.isEnabled, hyperlinks: style.isEnabled, palette: palette))
    }

    /// The prompt reads a terminal line on a thread of its own, which cannot be
    /// taken back when the approval is settled elsewhere: the runner waits for
    /// the answer (a decision made meanwhile elsewhere is reported by the
    /// server's refusal of this one, "Already resolved elsewhere").
    nonisolated var followsStreamWhileAsking: Bool { false }

    /// Whether the owner can be asked: both ends of the conversation are a terminal.
    var canAsk: Bool { console.terminal.stdinIsTerminal && console.terminal.stderrIsTerminal }

    /// The text of the last answer, for /copy.
    var lastAnswer: String { answer.text }

    func received(_ frame: RunEventFrame, in turn: Transcript) async {
        // Only tool rows are kept (never the transcript itself: holding it would
        // make the runner copy it at the next frame).
        // Streamed deltas move no tool; the few persisted frames may.
        guard frame.isPersisted else { return }
        toolEntries = ToolBundler.entries(for: turn.items).filter { entry in
            if case .item(let item) = entry { item.tool != nil } else { true }
        }
    }

    func show(_ change: RunChange, in run: RunProgressView) async {
        if jsonl { printLine(for: change) }
        let style = console.errStyle
        switch change {
        case .textDelta(let text):
            await status.clear()
            flushTools()
            if !quiet { answer.append(text) }
            await showStopping()
        case .answerSaved(let text, let streamed):
            // Deltas are a preview; the saved message is the answer.
            guard text != streamed, !quiet else { break }
            if text.hasPrefix(streamed) {
                answer.append(String(text.dropFirst(streamed.count)))
            } else {
                answer.finish()
                note(style.dim("(the saved answer differs from what streamed; here it is in full)"))
                answer.reset()
                answer.append(text)
            }
        case .thinking(let heading):
            if stopping { await showStopping() } else { await status.startSpinning("Thinking: \(heading ?? "...")") }
        case .thinkingEnded:
            await status.clear()
            await showStopping()
        case .tool(let tool):
            toolsChanged = true
            // Text written before a tool call (the plan) is done: commit it above the tool lines.
            answer.finish()
            if stopping {
                await showStopping()
            } else if !tool.isSettled && tool.name != ToolActivity.askUserTool {
                await status.startSpinning("Running \(tool.name)...")
            }
        case .approvalResolved(_, let resolution):
            note(style.dim(Self.describe(resolution)))
        case .problem(let text):
            note(style.warning(text))
        case .status(let new):
            if stopping { await showStopping() }
            else if new == .running || new == .queued { await status.startSpinning(run.statusLine ?? "Working...") }
            else { await status.clear() }
        case .ended(let end):
            stopping = false
            await status.clear()
            answer.finish()
            flushTools()
            if case .failed(let failure) = end { note(style.error(Self.describe(failure))) }
            if case .cancelled(let reason) = end { note(style.warning(Self.describe(cancelled: reason))) }
        case .userMessage, .approvalNeeded, .approvalInvalidated, .questionAsked, .resumed:
            break
        }
    }

    /// The message met the conversation's run in progress and was not sent
    /// (docs/chat.md: no second message is queued behind it): say so, with the run
    /// being followed and how to stop it. The text is printed back when the turn ends.
    func followingActiveRun(runID: String, status: RunStatus?, unsent: UnsentMessage) async {
        await self.status.clear()
        note(console.errStyle.warning(Self.followingNotice(runID: runID, status: status)))
    }

    static func followingNotice(runID: String, status: RunStatus?) -> String {
        let state = status.map { " (\($0.rawValue.lowercased().replacingOccurrences(of: "_", with: " ")))" } ?? ""
        return "A reply is already running in this conversation\(state): your message was not sent, and is "
            + "printed again when that run ends. Following run \(runID) instead; `veet run cancel \(runID)` stops it (or Ctrl-C)."
    }

    /// After the followed run: the words that were not sent, to send again.
    func unsent(_ message: UnsentMessage, resend: String) {
        note(console.errStyle.warning("Your message was not sent (another reply was running). Here it is, to send again "
                                      + resend + ":"))
        for line in message.text.split(separator: "\n", omittingEmptySubsequences: false) { note("  " + line) }
    }

    /// Ctrl-C asked the server to stop the run: the notice is a line of its
    /// own (above the answer's unfinished tail, so no redraw erases it), and
    /// the status line turns until the run ends.
    func cancelRequested() async {
        stopping = true
        await status.clear()
        note(console.errStyle.warning(Self.stoppingNotice))
        await showStopping()
    }

    /// Ctrl-C could not reach the server: the run goes on.
    func cancelFailed(_ reason: String) async {
        stopping = false
        await status.clear()
        note(console.errStyle.error("\(console.programName): could not cancel the run: \(reason)"))
    }

    static let stoppingNotice = "Stopping the run (Ctrl-C again to leave now)..."
    static let stoppingStatus = "Waiting for the run to stop at its next safe point (Ctrl-C again to leave now)"

    private func showStopping() async {
        guard stopping else { return }
        await status.startSpinning(Self.stoppingStatus)
    }

    /// One `--jsonl` line per change; a tool call only when its state or result changed.
    private func printLine(for change: RunChange) {
        guard let line = ChangeLine(change) else { return }
        if case .tool(let tool) = change {
            guard lastToolLines[tool.callID] != line else { return }
            lastToolLines[tool.callID] = line
        }
        line.print(to: console.out)
    }

    func streamNotice(_ output: RunStreamOutput) async {
        if case .reconnecting(let attempt, let delay) = output {
            note(console.errStyle.dim("Connection lost; reconnecting (attempt \(attempt), in \(delay.formatted(.units(allowed: [.seconds, .milliseconds]))))..."))
        }
    }

    func finish() async {
        await status.clear()
        answer.finish()
        flushTools()
    }

    func prepareForPrompt() async {
        await status.clear()
        answer.finish()
        flushTools()
    }

    /// Prints every settled tool call not printed yet: one line per bundle of
    /// adjacent calls, or the call itself when it stands alone.
    private func flushTools() {
        guard toolsChanged else { return }
        toolsChanged = false
        let style = console.errStyle
        for entry in toolEntries {
            switch entry {
            case .bundle(let bundle):
                let fresh = bundle.calls.filter { !printedCallIDs.contains($0.callID) }
                guard !fresh.isEmpty, bundle.calls.allSatisfy(\.isSettled) else { continue }
                printedCallIDs.formUnion(bundle.calls.map(\.callID))
                bundles.append(bundle)
                note(style.accent("▸ ") + bundle.summary + (offersToolsCommand ? style.dim("  (/tools to expand)") : ""))
            case .item(let item):
                guard let tool = item.tool, tool.isSettled, tool.name != ToolActivity.askUserTool,
                      printedCallIDs.insert(tool.callID).inserted else { continue }
                bundles.append(ToolBundle(id: tool.callID, calls: [tool]))
                note(Self.line(for: tool, style: style))
            }
        }
    }

    static func line(for tool: ToolActivity, style: Style) -> String {
        switch tool.state {
        case .completed: style.success("✓ \(tool.name)") + resultSuffix(tool)
        case .failed: style.error("✗ \(tool.name) \(tool.statusText)") + resultSuffix(tool)
        case .denied: style.warning("⊘ \(tool.name) denied")
        case .uncertain: style.warning("? \(tool.name): outcome unknown")
        case .queued, .running: style.dim("· \(tool.name) \(tool.state.rawValue)")
        }
    }

    /// Status notes go to stderr in every mode; with --json only stdout stays reserved.
    func note(_ text: String) {
        let err = console.err
        answer.interrupt { err.writeLine(text) }
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

    static func describe(cancelled reason: RunCancelReason?) -> String {
        if let reason, reason.rawValue.contains("deadline") { return RunOutcome.deadlineMessage }
        return "The run was cancelled."
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
