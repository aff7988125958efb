import Foundation
import VeetConsole
import VeetEmail
import VeetTransport

/// Inbox actions, feedback and the discussion.
extension EmailCommand {
    /// The command names of the inbox actions and what each does when done.
    static let actions: [String: (done: String, verb: String)] = [
        "archive": ("Archived in Gmail", "Archiving"), "unarchive": ("Moved back to the Inbox", "Moving back to the Inbox"),
        "handled": ("Marked handled", "Marking handled"), "unhandled": ("Marked not handled", "Marking not handled"),
        "spam": ("Reported as spam", "Reporting spam"), "not-spam": ("Marked not spam", "Marking not spam"),
    ]

    /// The library action a command name means on this thread, never another one.
    static func inboxAction(_ name: String, for thread: EmailThreadSummary) -> InboxAction {
        switch name {
        case "archive": .archive
        case "unarchive": .unarchive
        case "handled": .markHandled
        case "unhandled": .markUnhandled
        case "spam": .reportSpam
        // Out of Gmail's Spam when it is there; otherwise the agent's suspicion is cleared.
        default: thread.isReportedSpam || !thread.suspectedSpam ? .notSpam : .clearSuspicion
        }
    }

    private struct ActionReport: Encodable {
        var action: String
        var thread: EmailThreadSummary?
    }

    func act(_ name: String, on id: String) async throws -> ExitCode {
        let thread = try await api.thread(id: id).thread
        let account = try await api.accounts().first { $0.id == thread.accountID }
        let action = Self.inboxAction(name, for: thread)
        let offered = InboxActionAvailability().actions(for: thread, account: account)
        guard offered.contains(action) else {
            return try await refuse(name, action: action, thread: thread, account: account, offered: offered)
        }
        let words = Self.actions[name] ?? ("Done", "Working")
        context.err.writeLine("\(words.verb)…")
        switch await InboxActionRunner(api: api).perform(action, on: thread, account: account) {
        case .done(let updated):
            if context.json {
                try JSONOutput.print(ActionReport(action: name, thread: updated), layout: .compact)
            } else {
                context.out.writeLine("\(words.done): \(ServerText.line(thread.subject)).")
            }
            return .success
        case .restored(let failure, _):
            let code: ExitCode = if case .denied = failure { .notSignedIn } else { .failure }
            let shown = if case .denied(let reason) = failure {
                "\(name) is not available on \(account.map { ServerText.line($0.label) } ?? "this account") for this token: \(reason)"
            } else { failure.description }
            return context.fail("veet: \(shown) The conversation stays where it was.", code)
        case .cancelled:
            return context.fail("veet: cancelled; the outcome is checked again the next time the thread is read.", .interrupted)
        }
    }

    /// Why an action is not offered: the account lacks the capability (never
    /// another action in its place), or the thread is already in that state.
    private func refuse(_ name: String, action: InboxAction, thread: EmailThreadSummary, account: EmailAccount?,
                        offered: [InboxAction]) async throws -> ExitCode {
        let label = account.map { "the \(ServerText.line($0.label)) account" } ?? "this thread's account"
        switch action.kind {
        case .archive where account?.archiveSupported != true:
            return try await context.notOffered("veet: \(name) is not offered on \(label) (it cannot archive in Gmail); nothing was changed.", .failure)
        case .spam where account?.spamSupported != true:
            return try await context.notOffered("veet: \(name) is not offered on \(label) (it cannot report spam); nothing was changed.", .failure)
        default:
            let state = stateLine(thread).map { " (it is: \($0))" } ?? ""
            return context.fail("veet: \(name) does not apply to this thread now\(state); nothing was changed.", .failure)
        }
    }

    // MARK: Feedback

    private struct FeedbackReport: Encodable {
        var feedbackID: String
        var applied: String
        var thread: EmailThreadSummary
        enum CodingKeys: String, CodingKey {
            case applied, thread
            case feedbackID = "feedback_id"
        }
    }

    static let judgments: [String: FeedbackJudgment] = [
        "important": .important, "less-important": .lessImportant, "needs-reply": .needsReply, "no-reply": .noReplyNeeded,
    ]

    func feedback(_ command: ParsedCommand) async throws -> ExitCode {
        let args = command.positionals
        if args[0] == "undo" { return try await undoFeedback(args[1]) }
        guard let judgment = Self.judgments[args[1]] else {
            return context.fail("veet: \(args[1]): use important, less-important, needs-reply or no-reply.", .usage)
        }
        let thread = try await api.thread(id: args[0]).thread
        var form = FeedbackForm(thread: thread)
        form.judgment = judgment
        form.explanation = command.value("because")
        let scope: FeedbackTarget
        switch (command.value("about"), command.value("person"), command.value("topic")) {
        case (_, .some, .some): return context.fail("veet: give --person or --topic, not both.", .usage)
        case (_, .some, nil): scope = .person
        case (_, nil, .some): scope = .topic
        case (let about?, nil, nil):
            guard let chosen = FeedbackTarget.knownValues.first(where: { $0.rawValue == about }) else {
                return context.fail("veet: --about \(about): use thread, person or topic.", .usage)
            }
            scope = chosen
        case (nil, nil, nil): scope = .thread
        }
        form.choose(target: scope)
        if let value = command.value("person") ?? command.value("topic") {
            let match = form.choices.first { $0.lowercased() == value.lowercased() }
            guard let match else {
                return context.fail("veet: \(value) is not one of this thread's \(scope == .person ? "senders" : "topics"): "
                                    + "\(form.choices.joined(separator: ", ")).", .usage)
            }
            form.choose(value: match)
        }
        let request: FeedbackRequest
        switch form.request() {
        case .success(let made): request = made
        case .failure(.needsChoice(let choices)):
            let option = scope == .person ? "--person" : "--topic"
            return context.fail("veet: choose who or what it is about: "
                                + choices.map { "\(option) \($0)" }.joined(separator: ", ") + ".", .usage)
        case .failure(.noCandidates):
            return context.fail("veet: this thread has no \(scope == .person ? "sender" : "topic") to choose.", .usage)
        case .failure(.noJudgment):
            return context.fail("veet: give a judgment.", .usage)
        }
        let result = try await api.recordFeedback(request)
        let receipt = FeedbackReceipt(feedbackID: result.feedbackID, request: request)
        if context.json {
            try JSONOutput.print(FeedbackReport(feedbackID: result.feedbackID, applied: receipt.description,
                                                thread: result.thread), layout: .compact)
            return .success
        }
        context.out.writeLine(receipt.description)
        context.out.writeLine(context.outStyle.dim("Undo: veet email feedback undo \(result.feedbackID)"))
        return .success
    }

    func undoFeedback(_ id: String) async throws -> ExitCode {
        let thread = try await api.undoFeedback(id: id)
        if context.json {
            try JSONOutput.print(thread, layout: .compact)
        } else {
            context.out.writeLine("Feedback undone: \(ServerText.line(thread.subject)) is ranked again without it.")
        }
        return .success
    }

    // MARK: Discussion

    private struct Discussion: Encodable {
        var threadID: String
        var sessionID: String
        enum CodingKeys: String, CodingKey {
            case threadID = "thread_id", sessionID = "session_id"
        }
    }

    func discuss(_ id: String, once: String?) async throws -> ExitCode {
        let thread = try await api.openDiscussion(threadID: id)
        guard let session = thread.sessionID else {
            return context.fail("veet: the server did not open a discussion for this thread.", .server)
        }
        if context.json && once == nil {
            try JSONOutput.print(Discussion(threadID: thread.id, sessionID: session), layout: .compact)
            return .success
        }
        var words = ["chat", "--session", session]
        if let once { words += ["--once", once] }
        if context.json { words.append("--json") }
        guard case .run(let chat) = try CommandLineParser(root: CommandTree.root).parse(words) else { return .usage }
        return try await ChatCommand(context: context, command: chat).run()
    }
}
