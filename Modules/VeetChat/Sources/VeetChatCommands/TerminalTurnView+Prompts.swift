import Foundation
import VeetChat
import VeetConsole
import VeetWire

/// The owner's part of a turn on a terminal: an approval to decide, a question to answer.
extension TerminalTurnView {
    func decide(_ approval: ApprovalView) async -> ApprovalAnswer {
        await prepareForPrompt()
        let style = console.errStyle
        note(style.warning("Needs your approval: ") + style.emphasis(approval.toolName ?? "a tool")
             + style.dim("  risk \(approval.risk.rawValue)"))
        let browser = BrowserActCard(approval)
        if let browser {
            // Website text is third-party data: it is quoted and labelled, never styled as our own words.
            note("  \(browser.headline)")
            if let page = browser.page { note(style.dim("  page: \(page)")) }
            if let element = browser.element { note(style.dim("  element: \(element)")) }
            if let explanation = browser.notCoveredExplanation { note(style.dim("  \(explanation)")) }
        } else {
            note("  \(approval.actionSummary)")
            // VeetChat's one rule, so the TUI's dock shows the same arguments.
            let arguments = ApprovalArgumentLayout.standard.collapsed(approval.arguments)
            for line in arguments.lines { note(style.dim("  " + line)) }
            if let more = arguments.moreText { note(style.dim("  " + more)) }
            if arguments.canExpand { note(style.dim("  \(console.programName) approvals show \(approval.id) prints every argument whole.")) }
        }
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
        var options: [Choice<ApprovalAnswer>.Option] = [
            .init(key: "a", label: "Approve once", value: .approveOnce),
            .init(key: "d", label: "Deny", value: .deny(reason: nil)),
            .init(key: "l", label: "Leave pending (/approve or /deny later)", value: .leavePending),
        ]
        // "Allow for this task" is VeetChat's two-step `TaskPermissionStep`: shown, then confirmed.
        if TaskPermissionStep(approval: approval, card: browser) == .offered {
            options.insert(.init(key: "t", label: "Allow all actions for this task…", value: .approveForTask), at: 1)
        }
        let choice = Choice("", options: options)
        guard let decision = await BlockingInput.run({ choice.ask() }) else { return .leavePending }
        if decision == .approveForTask, let offer = browser?.taskOffer {
            note("  Site scope: \(offer.siteScope)")
            note("  Limits: \(offer.limits)")
            if !offer.exceptions.isEmpty { note("  Exceptions: \(offer.exceptions)") }
            let confirm = await BlockingInput.run { LinePrompt.readLine(prompt: "Allow all of these actions for this task? [y/N] ") }
            guard confirm?.trimmingCharacters(in: .whitespaces).lowercased().hasPrefix("y") == true else {
                note(style.dim("  Not allowed for the task; choose again."))
                return await decide(approval)
            }
        }
        if case .deny = decision {
            let reason = await BlockingInput.run { LinePrompt.readLine(prompt: "Reason (optional): ") }
            let trimmed = reason?.trimmingCharacters(in: .whitespaces) ?? ""
            return .deny(reason: trimmed.isEmpty ? nil : trimmed)
        }
        return decision
    }

    func answer(_ question: PendingQuestion) async -> String? {
        await prepareForPrompt()
        let style = console.errStyle
        note(style.warning("The agent asks: ") + (question.text ?? "(the question was not shown; answer it anyway)"))
        guard canAsk else {
            note(style.dim("  No terminal to answer on; the run keeps waiting for your answer."))
            return nil
        }
        return await BlockingInput.run { LinePrompt.readLine(prompt: "Your answer (empty to answer later with /answer): ") }
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
