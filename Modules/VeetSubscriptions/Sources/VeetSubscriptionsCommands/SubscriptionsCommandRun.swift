import Foundation
import VeetConsole
import VeetSubscriptions
import VeetTransport

/// One `veet subscriptions` command's run: the API, the console, the accounts'
/// flags (none known when the server has no account list), and how each answer is printed.
struct SubscriptionsCommandRun {
    let api: SubscriptionsAPI
    let console: Console
    let flags: AccountFlags
    let flagsKnown: Bool
}

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
extension SubscriptionsCommandRun {
    struct ListAnswer: Encodable {
        var items: [ListedSubscription]
        var nextCursor: String?
        var accountFlagsKnown: Bool
        enum CodingKeys: String, CodingKey { case items, nextCursor = "next_cursor", accountFlagsKnown = "account_flags_known" }
    }

    func list(_ command: ParsedCommand) async throws -> ExitCode {
        var state: SubscriptionState?
        if let text = command.value(SubscriptionsCommands.state) {
            state = SubscriptionState(raw: text)
            guard state?.isKnown == true else {
                throw CommandFailure.usage("\(console.programName): --state must be active, kept, pending, unsubscribed, "
                                           + "failed, still_sending or reported_spam, not \(text).")
            }
        }
        let page = try await api.page(SubscriptionQuery(accountID: command.value(SubscriptionsCommands.account), state: state),
                                      cursor: command.value(SubscriptionsCommands.cursor))
        if console.json {
            try console.printJSON(ListAnswer(items: page.items.map { ListedSubscription(row: $0, flags: flags) },
                                            nextCursor: page.nextCursor, accountFlagsKnown: flagsKnown))
            return .success
        }
        let style = console.outStyle
        if !flagsKnown {
            console.err.writeLine("No account flags could be read (this server has no /v1/email/accounts); "
                                  + "the census is shown without actions.")
        }
        if page.items.isEmpty { console.err.writeLine("No subscriptions found.") }
        for row in page.items {
            let marks = (row.isProtected ? ["protected"] : []) + [row.stateText]
            console.out.writeLine("\(style.emphasis(ServerText.line(row.senderName)))  \(ServerText.line(row.offerText))  "
                                  + "\(style.dim(row.countText))  [\(marks.joined(separator: ", "))]  \(style.dim(row.id))")
        }
        if let next = page.nextCursor {
            console.err.writeLine("More: veet subscriptions list --cursor \(next)")
        }
        return .success
    }

    func show(_ id: String) async throws -> ExitCode {
        let row = try await api.subscription(id: id)
        if console.json {
            try console.printJSON(ListedSubscription(row: row, flags: flags))
            return .success
        }
        let style = console.outStyle
        console.out.writeLine(style.emphasis(ServerText.line(row.senderName)))
        if !row.address.isEmpty { console.out.writeLine("Address: \(ServerText.line(row.address))") }
        if !row.listID.isEmpty { console.out.writeLine("List: \(ServerText.line(row.listID))") }
        console.out.writeLine("Account: \(row.accountID)")
        console.out.writeLine("Mail: \(row.countText) in 90 days" + (row.lastReceivedAt.map { ", the last \($0.text)" } ?? ""))
        console.out.writeLine("Offers: \(ServerText.line(row.offerText))")
        console.out.writeLine("State: \(row.stateText)" + (row.isProtected ? " (protected: skipped by Select all)" : ""))
        if let advice = row.stateAdvice { console.out.writeLine(advice) }
        let actions = row.actions(flags)
        let none = !flagsKnown ? "none (no account flags known)"
            : flags.unsubscribeSupported(row.accountID) ? "none" : "none (this account does not offer unsubscribe assistance)"
        console.out.writeLine("Actions: " + (actions.isEmpty ? none
            : actions.map { $0 == .unsubscribe ? row.unsubscribeLabel : $0.label }.joined(separator: ", ")))
        return .success
    }
}

/// `veet subscriptions unsubscribe`, `keep`, `spam`, `not-spam`.
extension SubscriptionsCommandRun {
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
        let ids = command.arguments(SubscriptionsCommands.ids)
        guard ids.count <= SubscriptionSelection.limit else { throw SubscriptionSelection.Refusal.full }
        if let bad = ids.first(where: { !SubscriptionID.isValid($0) }) { throw SubscriptionsError.notAnID(bad) }
        let census = try await api.census()
        let rows = try ids.map { id in
            guard let row = census.first(where: { $0.id == id }) else { throw SubscriptionsError.notFound(id) }
            return row
        }
        var confirmation = try UnsubscribeConfirmation(rows: rows, flags: flags)
        confirmation.archiveExisting = command.flag(SubscriptionsCommands.archiveExisting)
        if !console.json || !command.flag(SubscriptionsCommands.yes) { console.err.writeLine(confirmation.text) }
        if !command.flag(SubscriptionsCommands.yes) {
            guard await console.confirm("Unsubscribe? [y/N] ") else {
                throw CommandFailure("\(console.programName): Not unsubscribed; nothing was sent.")
            }
        }
        if !console.json { console.err.writeLine("Unsubscribing…") }
        return try report(try await api.unsubscribe(confirmation, flags: flags), success: "Unsubscribed")
    }

    func keep(_ id: String, undo: Bool) async throws -> ExitCode {
        let row = try await api.keep(!undo, try await api.subscription(id: id), flags: flags)
        if console.json {
            try console.printJSON(ListedSubscription(row: row, flags: flags))
        } else {
            console.out.writeLine(undo ? "No longer keeping \(ServerText.line(row.senderName)). Undo: veet subscriptions keep \(row.id)"
                : "Keeping \(ServerText.line(row.senderName)); it is not suggested again. Undo: veet subscriptions keep --undo \(row.id)")
        }
        return .success
    }

    func spam(_ id: String, _ spam: Bool) async throws -> ExitCode {
        let row = try await api.subscription(id: id)
        if !console.json { console.err.writeLine(spam ? "Reporting spam…" : "Restoring from spam…") }
        return try report(try await api.reportSpam(spam, row, flags: flags),
                          success: spam ? "Reported as spam" : "Moved back from spam")
    }

    /// Success is one quiet line; a restored row says what happened and what remains, and exits 1.
    private func report(_ report: CommandReport, success: String) throws -> ExitCode {
        if console.json {
            try console.printJSON(ReportJSON(operation: report.operation, outcomes: report.outcomes.map { outcome in
                let result = switch outcome { case .done: "done"; case .restored: "restored"; case .stillPending: "pending" }
                let remaining: [RowAction] = if case .restored(_, _, let left) = outcome { left } else { [] }
                return OutcomeJSON(id: outcome.row.id, displayName: outcome.row.senderName, result: result,
                                   state: outcome.row.state.rawValue, stateText: outcome.row.stateText,
                                   message: outcome.message, remaining: remaining.map(\.rawValue))
            }))
        } else {
            for outcome in report.outcomes {
                let name = ServerText.line(outcome.row.senderName)
                if let message = outcome.message {
                    console.err.writeLine("\(name): \(outcome.row.stateText). \(message)")
                } else {
                    console.out.writeLine("\(success): \(name)")
                }
            }
        }
        return report.allDone ? .success : .failure
    }
}
