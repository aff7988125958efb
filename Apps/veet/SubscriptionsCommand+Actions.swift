import Foundation
import VeetConsole
import VeetSubscriptions
import VeetTransport

/// A row as `--json` prints it: the wire row (snake_case) with what it offers
/// in words and the actions this account allows.
struct ListedSubscription: Encodable {
    var row: Subscription
    var flags: AccountFlags

    enum Extra: String, CodingKey { case offer, stateText = "state_text", actions, advice }

    func encode(to encoder: Encoder) throws {
        try row.encode(to: encoder)
        var extra = encoder.container(keyedBy: Extra.self)
        try extra.encode(row.offerText, forKey: .offer)
        try extra.encode(row.stateText, forKey: .stateText)
        try extra.encode(row.actions(flags).map(\.rawValue), forKey: .actions)
        try extra.encode(row.stateAdvice, forKey: .advice)
    }
}

/// `veet subscriptions list` and `show`.
extension SubscriptionsCommand {
    struct ListAnswer: Encodable {
        var items: [ListedSubscription]
        var nextCursor: String?
        var accountFlagsKnown: Bool
        enum CodingKeys: String, CodingKey { case items, nextCursor = "next_cursor", accountFlagsKnown = "account_flags_known" }
    }

    func list(_ command: ParsedCommand) async throws -> ExitCode {
        var state: SubscriptionState?
        if let text = command.value("state") {
            state = SubscriptionState(raw: text)
            guard state?.isKnown == true else {
                return context.fail("veet: --state must be active, kept, pending, unsubscribed, failed, still_sending "
                                    + "or reported_spam, not \(text).", .usage)
            }
        }
        let page = try await api.page(SubscriptionQuery(accountID: command.value("account"), state: state),
                                      cursor: command.value("cursor"))
        if context.json {
            try JSONOutput.print(ListAnswer(items: page.items.map { ListedSubscription(row: $0, flags: flags) },
                                            nextCursor: page.nextCursor, accountFlagsKnown: flagsKnown), layout: .compact)
            return .success
        }
        let style = context.outStyle
        if !flagsKnown {
            context.err.writeLine("No account flags could be read (this server has no /v1/email/accounts); "
                                  + "the census is shown without actions.")
        }
        if page.items.isEmpty { context.err.writeLine("No subscriptions found.") }
        for row in page.items {
            let marks = (row.isProtected ? ["protected"] : []) + [row.stateText]
            context.out.writeLine("\(style.emphasis(ServerText.line(row.senderName)))  \(ServerText.line(row.offerText))  "
                                  + "\(style.dim(row.countText))  [\(marks.joined(separator: ", "))]  \(style.dim(row.id))")
        }
        if let next = page.nextCursor {
            context.err.writeLine("More: veet subscriptions list --cursor \(next)")
        }
        return .success
    }

    func show(_ id: String) async throws -> ExitCode {
        let row = try await api.subscription(id: id)
        if context.json {
            try JSONOutput.print(ListedSubscription(row: row, flags: flags), layout: .compact)
            return .success
        }
        let style = context.outStyle
        context.out.writeLine(style.emphasis(ServerText.line(row.senderName)))
        if !row.address.isEmpty { context.out.writeLine("Address: \(ServerText.line(row.address))") }
        if !row.listID.isEmpty { context.out.writeLine("List: \(ServerText.line(row.listID))") }
        context.out.writeLine("Account: \(row.accountID)")
        context.out.writeLine("Mail: \(row.countText) in 90 days" + (row.lastReceivedAt.map { ", the last \($0.text)" } ?? ""))
        context.out.writeLine("Offers: \(ServerText.line(row.offerText))")
        context.out.writeLine("State: \(row.stateText)" + (row.isProtected ? " (protected: skipped by Select all)" : ""))
        if let advice = row.stateAdvice { context.out.writeLine(advice) }
        let actions = row.actions(flags)
        let none = !flagsKnown ? "none (no account flags known)"
            : flags.unsubscribeSupported(row.accountID) ? "none" : "none (this account does not offer unsubscribe assistance)"
        context.out.writeLine("Actions: " + (actions.isEmpty ? none
            : actions.map { $0 == .unsubscribe ? row.unsubscribeLabel : $0.label }.joined(separator: ", ")))
        return .success
    }
}

/// `veet subscriptions unsubscribe`, `keep`, `spam`, `not-spam`.
extension SubscriptionsCommand {
    struct OutcomeJSON: Encodable {
        var id: String
        var displayName: String
        var result: String
        var state: String
        var stateText: String
        var message: String?
        var remaining: [String]
        enum CodingKeys: String, CodingKey {
            case id, result, state, message, remaining, displayName = "display_name", stateText = "state_text"
        }
    }

    struct ReportJSON: Encodable {
        var operation: EmailOperation
        var outcomes: [OutcomeJSON]
    }

    func unsubscribe(_ command: ParsedCommand) async throws -> ExitCode {
        let ids = command.arguments("id")
        guard ids.count <= SubscriptionSelection.limit else { throw SubscriptionSelection.Refusal.full }
        if let bad = ids.first(where: { !SubscriptionID.isValid($0) }) { throw SubscriptionsError.notAnID(bad) }
        let census = try await api.census()
        let rows = try ids.map { id in
            guard let row = census.first(where: { $0.id == id }) else { throw SubscriptionsError.notFound(id) }
            return row
        }
        var confirmation = try UnsubscribeConfirmation(rows: rows, flags: flags)
        confirmation.archiveExisting = command.flag("archive-existing")
        if !context.json || !command.flag("yes") { context.err.writeLine(confirmation.text) }
        if !command.flag("yes") {
            let answer = await BlockingInput.run { LinePrompt.readLine(prompt: "Unsubscribe? [y/N] ") }
            guard answer?.trimmingCharacters(in: .whitespaces).lowercased().hasPrefix("y") == true else {
                return context.fail("veet: Not unsubscribed; nothing was sent.", .failure)
            }
        }
        if !context.json { context.err.writeLine("Unsubscribing…") }
        return try report(try await api.unsubscribe(confirmation, flags: flags), success: "Unsubscribed")
    }

    func keep(_ id: String, undo: Bool) async throws -> ExitCode {
        let row = try await api.keep(!undo, try await api.subscription(id: id), flags: flags)
        if context.json {
            try JSONOutput.print(ListedSubscription(row: row, flags: flags), layout: .compact)
        } else {
            context.out.writeLine(undo ? "No longer keeping \(ServerText.line(row.senderName)). Undo: veet subscriptions keep \(row.id)"
                : "Keeping \(ServerText.line(row.senderName)); it is not suggested again. Undo: veet subscriptions keep --undo \(row.id)")
        }
        return .success
    }

    func spam(_ id: String, _ spam: Bool) async throws -> ExitCode {
        let row = try await api.subscription(id: id)
        if !context.json { context.err.writeLine(spam ? "Reporting spam…" : "Restoring from spam…") }
        return try report(try await api.reportSpam(spam, row, flags: flags),
                          success: spam ? "Reported as spam" : "Moved back from spam")
    }

    /// Success is one quiet line; a restored row says what happened and what remains, and exits 1.
    private func report(_ report: CommandReport, success: String) throws -> ExitCode {
        if context.json {
            try JSONOutput.print(ReportJSON(operation: report.operation, outcomes: report.outcomes.map { outcome in
                let result = switch outcome { case .done: "done"; case .restored: "restored"; case .stillPending: "pending" }
                let remaining: [RowAction] = if case .restored(_, _, let left) = outcome { left } else { [] }
                return OutcomeJSON(id: outcome.row.id, displayName: outcome.row.senderName, result: result,
                                   state: outcome.row.state.rawValue, stateText: outcome.row.stateText,
                                   message: outcome.message, remaining: remaining.map(\.rawValue))
            }), layout: .compact)
        } else {
            for outcome in report.outcomes {
                let name = ServerText.line(outcome.row.senderName)
                if let message = outcome.message {
                    context.err.writeLine("\(name): \(outcome.row.stateText). \(message)")
                } else {
                    context.out.writeLine("\(success): \(name)")
                }
            }
        }
        return report.allDone ? .success : .failure
    }
}
