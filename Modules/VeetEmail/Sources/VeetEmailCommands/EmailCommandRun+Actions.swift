import Foundation
import VeetConsole
import VeetEmail
import VeetTransport

/// Inbox actions, feedback and the discussion.
extension EmailCommandRun {
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
        console.err.writeLine("\(words.verb)…")
        switch await InboxActionRunner(api: api).perform(action, on: thread, account: account) {
        case .done(let updated):
            if console.json {
                try console.printJSON(ActionReport(action: name, thread: updated))
            } else {
                console.out.writeLine("\(words.done): \(ServerText.line(thread.subject)).")
            }
            return .success
        case .restored(let failure, _):
            let code: ExitCode = if case .denied = failure { .notSignedIn } else { .failure }
            let shown = if case .denied(let reason) = failure {
                "\(name) is not available on \(account.map { ServerText.line($0.label) } ?? "this account") for this token: \(reason)"
            } else { failure.description }
            throw fail("\(program): \(shown) The conversation stays where it was.", code)
        case .cancelled:
            throw fail("\(program): cancelled; the outcome is checked again the next time the thread is read.", .interrupted)
        }
    }

    /// Why an action is not offered: the account lacks the capability (never
    /// another action in its place), or the thread is already in that state.
    private func refuse(_ name: String, action: InboxAction, thread: EmailThreadSummary, account: EmailAccount?,
                        offered: [InboxAction]) async throws -> ExitCode {
        let label = account.map { "the \(ServerText.line($0.label)) account" } ?? "this thread's account"
        switch action.kind {
        case .archive where account?.archiveSupported != true:
            throw notOffered("\(program): \(name) is not offered on \(label) (it cannot archive in Gmail); nothing was changed.", .failure)
        case .spam where account?.spamSupported != true:
            throw notOffered("\(program): \(name) is not offered on \(label) (it cannot report spam); nothing was changed.", .failure)
        default:
            let state = stateLine(thread).map { " (it is: \($0))" } ?? ""
            throw fail("\(program): \(name) does not apply to this thread now\(state); nothing was changed.", .failure)
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
        let args = [command.argument(EmailCommands.feedbackThread), command.argument(EmailCommands.judgment)]
        if args[0] == "undo" { return try await undoFeedback(args[1]) }
        guard let judgment = Self.judgments[args[1]] else {
            throw fail("\(program): \(args[1]): use important, less-important, needs-reply or no-reply.", .usage)
        }
        let thread = try await api.thread(id: args[0]).thread
        var form = FeedbackForm(thread: thread)
        form.judgment = judgment
        form.explanation = command.value(EmailCommands.because)
        let scope: FeedbackTarget
        switch (command.value(EmailCommands.about), command.value(EmailCommands.person), command.value(EmailCommands.topic)) {
        case (_, .some, .some): throw fail("\(program): give --person or --topic, not both.", .usage)
        case (_, .some, nil): scope = .person
        case (_, nil, .some): scope = .topic
        case (let about?, nil, nil):
            guard let chosen = FeedbackTarget.knownValues.first(where: { $0.rawValue == about }) else {
                throw fail("\(program): --about \(about): use thread, person or topic.", .usage)
            }
            scope = chosen
        case (nil, nil, nil): scope = .thread
        }
        form.choose(target: scope)
        if let value = command.value(EmailCommands.person) ?? command.value(EmailCommands.topic) {
            let match = form.choices.first { $0.lowercased() == value.lowercased() }
            guard let match else {
                throw fail("\(program): \(value) is not one of this thread's \(scope == .person ? "senders" : "topics"): "
                                    + "\(form.choices.joined(separator: ", ")).", .usage)
            }
            form.choose(value: match)
        }
        let request: FeedbackRequest
        switch form.request() {
        case .success(let made): request = made
        case .failure(.needsChoice(let choices)):
            let option = scope == .person ? "--person" : "--topic"
            throw fail("\(program): choose who or what it is about: "
                                + choices.map { "\(option) \($0)" }.joined(separator: ", ") + ".", .usage)
        case .failure(.noCandidates):
            throw fail("\(program): this thread has no \(scope == .person ? "sender" : "topic") to choose.", .usage)
        case .failure(.noJudgment):
            throw fail("\(program): give a judgment.", .usage)
        }
        let result = try await api.recordFeedback(request)
        let receipt = FeedbackReceipt(feedbackID: result.feedbackID, request: request)
        if console.json {
            try console.printJSON(FeedbackReport(feedbackID: result.feedbackID, applied: receipt.description,
                                                thread: result.thread))
            return .success
        }
        console.out.writeLine(receipt.description)
        console.out.writeLine(console.outStyle.dim("Undo: veet email feedback undo \(result.feedbackID)"))
        return .success
    }

    func undoFeedback(_ id: String) async throws -> ExitCode {
        let thread = try await api.undoFeedback(id: id)
        if console.json {
            try console.printJSON(thread)
        } else {
            console.out.writeLine("Feedback undone: \(ServerText.line(thread.subject)) is ranked again without it.")
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
            throw fail("\(program): the server did not open a discussion for this thread.", .server)
        }
        if console.json && once == nil {
            try console.printJSON(Discussion(threadID: thread.id, sessionID: session))
            return .success
        }
        return try await openChat(session, once)
    }
}
