import Foundation
import VeetConsole
import VeetEmail
import VeetTransport

/// Accounts, the thread list, a thread, learning and refresh.
extension EmailCommandRun {
    func accounts() async throws -> ExitCode {
        let accounts = try await api.accounts()
        if console.json {
            try console.printJSON(accounts)
            return .success
        }
        if accounts.isEmpty { console.err.writeLine("No mailbox is connected to this server.") }
        let style = console.outStyle
        for account in accounts {
            console.out.writeLine("\(style.emphasis(ServerText.line(account.label)))  \(ServerText.line(account.emailAddress))"
                                  + "  \(style.dim(account.id))")
            console.out.writeLine("  \(Self.freshness(account.freshness, style: style))")
            let offers = [account.archiveSupported ? "archive" : nil, account.spamSupported ? "spam" : nil,
                          account.unsubscribeSupported ? "unsubscribe" : nil].compactMap { $0 }
            console.out.writeLine("  " + style.dim("offers: " + (["handled", "feedback", "replies"] + offers).joined(separator: ", ")))
            let coverage = account.coverage
            console.out.writeLine("  " + style.dim("\(coverage.historyProcessed) threads retrieved from history (not analysed)"
                                                   + (coverage.historyComplete ? ", history complete" : "")))
        }
        return .success
    }

    static func freshness(_ freshness: AccountFreshness, style: Style) -> String {
        switch freshness {
        case .ready(let at): "Up to date" + (at.map { " (synchronized \($0.text))" } ?? "")
        case .syncing: style.warning("Refreshing: results may be incomplete")
        case .waitingForFirstUpdate: style.warning("Waiting for its first update")
        case .refreshFailed(let text): style.error("The last refresh failed: \(ServerText.line(text))")
        case .unknownState(let raw): style.warning("Status \(ServerText.line(raw))")
        }
    }

    private struct InboxPage: Encodable {
        var items: [EmailThreadSummary]
        var nextCursor: String?
        enum CodingKeys: String, CodingKey {
            case items
            case nextCursor = "next_cursor"
        }
    }

    func inbox(_ command: ParsedCommand) async throws -> ExitCode {
        if command.flag(EmailCommands.other) && command.flag(EmailCommands.all) {
            throw fail("\(program): --other and --all cannot be used together.", .usage)
        }
        let view: ThreadListView = command.flag(EmailCommands.all) ? .all : command.flag(EmailCommands.other) ? .other : .priority
        let limit = try command.int(EmailCommands.limit) ?? (view == .priority ? ThreadListModel.firstPageSize : 20)
        guard (1...100).contains(limit) else { throw fail("\(program): --limit must be between 1 and 100.", .usage) }
        let query = ThreadQuery(view: view, accountID: command.value(EmailCommands.account), text: command.value(EmailCommands.search))
        let page = try await api.threads(query, limit: limit, cursor: command.value(EmailCommands.cursor))
        if console.json {
            try console.printJSON(InboxPage(items: page.items, nextCursor: page.nextCursor))
            return .success
        }
        if page.items.isEmpty {
            console.err.writeLine(view == .priority ? "Nothing important right now." : "No threads match.")
        }
        let labels = Set(page.items.map(\.accountID)).count > 1 || command.value(EmailCommands.account) == nil
            ? try await accountLabels() : [:]
        for thread in page.items {
            for line in row(thread, label: labels.count > 1 ? labels[thread.accountID] : nil) { console.out.writeLine(line) }
        }
        if let next = page.nextCursor {
            console.err.writeLine("More: add --cursor \(next)")
        }
        return .success
    }

    private func accountLabels() async throws -> [String: String] {
        Dictionary(try await api.accounts().map { ($0.id, $0.label) }, uniquingKeysWith: { first, _ in first })
    }

    /// ○ Correspondent  date  Subject          (account)
    ///   the gist · state                       id
    func row(_ thread: EmailThreadSummary, label: String?) -> [String] {
        let style = console.outStyle
        let circle = thread.isHandled ? "●" : "○"
        let who = ServerText.line(thread.senders.first.map(Self.name(in:)) ?? "?", limit: 40)
        var first = "\(circle) \(style.emphasis(who))  \(style.dim(Self.day(thread.updatedAt)))  \(ServerText.line(thread.subject, limit: 120))"
        if let label { first += "  " + style.dim("(\(ServerText.line(label)))") }
        var second = "  " + style.dim(ServerText.line(thread.summary, limit: 160))
        if let state = stateLine(thread) { second += " · " + state }
        second += "  " + style.dim(thread.id)
        return [first, second]
    }

    /// One state: attention first, then the draft, then handled or reported.
    func stateLine(_ thread: EmailThreadSummary) -> String? {
        let style = console.outStyle
        if thread.isReportedSpam { return style.dim("Reported as spam") }
        if thread.suspectedSpam && !thread.spamCleared { return style.warning("Suspected spam") }
        if thread.isHandled { return style.dim("Handled") }
        if thread.isImportant && thread.needsReply && thread.draftID == nil { return style.warning("Needs a reply") }
        if thread.draftID != nil { return style.accent("Draft reply ready") }
        if thread.isImportant { return style.warning("For your attention") }
        if thread.isArchived { return style.dim("Archived") }
        return nil
    }

    static func name(in display: String) -> String {
        guard let open = display.firstIndex(of: "<") else { return display }
        let name = display[..<open].trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        return name.isEmpty ? EmailAddress.address(in: display) : name
    }

    static func day(_ stamp: Timestamp?) -> String { String((stamp?.text ?? "").prefix(10)) }

    /// Mail text for the terminal, line by line and otherwise exact: spaces and
    /// tabs are kept, and only a control character (which could move the cursor
    /// or hide what follows) shows as U+FFFD.
    static func paragraphs(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            var safe = String.UnicodeScalarView()
            for scalar in line.unicodeScalars {
                let isControl = (scalar.value < 0x20 && scalar != "\t") || (0x7F...0x9F).contains(scalar.value)
                safe.append(isControl ? "\u{FFFD}" : scalar)
            }
            return String(safe)
        }
    }

    func show(_ id: String) async throws -> ExitCode {
        let detail = try await api.thread(id: id)
        if console.json {
            try console.printJSON(detail)
            return .success
        }
        let style = console.outStyle
        let thread = detail.thread
        console.out.writeLine(style.emphasis(ServerText.line(thread.subject)))
        console.out.writeLine(style.dim("\(thread.senders.map { ServerText.line($0) }.joined(separator: ", "))  ·  \(Self.day(thread.updatedAt))"))
        console.out.writeLine(style.accent("│ ") + ServerText.line(thread.summary, limit: 400))
        if !thread.reason.isEmpty { console.out.writeLine(style.accent("│ ") + style.dim("Why: " + ServerText.line(thread.reason, limit: 400))) }
        if let state = stateLine(thread) { console.out.writeLine(state) }
        if let blocked = thread.replyBlockedReason { console.out.writeLine(style.dim("No reply: \(ServerText.line(blocked))")) }
        if !thread.complete { console.out.writeLine(style.warning("Not every message has been fetched yet.")) }
        for message in detail.messages {
            console.out.writeLine(style.dim(String(repeating: "─", count: 40)))
            let direction = message.direction == .sent ? "You" : ServerText.line(message.sender)
            console.out.writeLine("\(style.emphasis(direction))  \(style.dim(Self.day(message.sentAt)))")
            if !message.to.isEmpty { console.out.writeLine(style.dim("to " + message.to.map { ServerText.line($0) }.joined(separator: ", "))) }
            if message.senderCheck == .fail { console.out.writeLine(style.warning("The sender could not be verified.")) }
            let body = message.displayBody
            if body.isEmpty { console.out.writeLine(style.dim("(the text is no longer kept)")) }
            for line in Self.paragraphs(body) { console.out.writeLine(line) }
            for file in message.attachments {
                let size = file.size.map { ", \($0) bytes" } ?? ""
                console.out.writeLine(style.dim("Attachment: \(ServerText.line(file.filename)) (\(ServerText.line(file.mimeType))\(size))"))
            }
        }
        console.out.writeLine(style.dim(String(repeating: "─", count: 40)))
        if let draft = detail.draft, draft.status != .discarded {
            console.out.writeLine(style.accent("Your reply, drafted by Veetbot (\(draft.status.rawValue), revision \(draft.revision)):"))
            for line in Self.paragraphs(draft.body) { console.out.writeLine("  " + line) }
        }
        console.out.writeLine(style.dim("id \(thread.id)"))
        return .success
    }

    // MARK: Learning

    private struct LearningReport: Encodable {
        var learning: LearningState
        var disclosure: [String]
    }

    func learning() async throws -> ExitCode {
        try await printLearning(try await api.learning(), disclose: true)
    }

    func printLearning(_ state: LearningState, disclose: Bool = false, done: String? = nil) async throws -> ExitCode {
        if console.json {
            try console.printJSON(LearningReport(learning: state, disclosure: LearningDisclosure.lines))
            return .success
        }
        if let done { console.out.writeLine(done) }
        for line in LearningDisclosure.summary(state) { console.out.writeLine(line) }
        if disclose {
            console.out.writeLine("")
            for line in LearningDisclosure.lines { console.out.writeLine(console.outStyle.dim(line)) }
        }
        return .success
    }

    func reset(_ raw: String) async throws -> ExitCode {
        let scope = LearningResetScope(raw: raw)
        guard LearningResetScope.knownValues.contains(scope) else {
            throw fail("\(program): reset \(raw): use preferences, style or all.", .usage)
        }
        return try await printLearning(try await api.resetLearning(scope), done: LearningDisclosure.describe(scope))
    }

    func exclude(_ id: String) async throws -> ExitCode {
        let thread = try await api.thread(id: id).thread
        let result = try await api.exclude(threadID: id, expectedRevision: thread.revision)
        if console.json {
            try console.printJSON(result)
            return .success
        }
        console.out.writeLine(LearningDisclosure.excluded(result))
        return .success
    }

    // MARK: Refresh

    func refresh(wait: Bool) async throws -> ExitCode {
        var operation: EmailOperation
        do {
            operation = try await api.refresh()
        } catch let error as APIError where BudgetRefusal(error) != nil {
            let refusal = BudgetRefusal(error) ?? BudgetRefusal()
            throw fail("\(program): \(refusal.description)", .failure, answer: error)
        }
        if wait {
            var polling = OperationPolling()
            var shown = ""
            while !operation.status.isTerminal {
                if operation.status.rawValue != shown {
                    shown = operation.status.rawValue
                    console.err.writeLine("Refreshing… \(shown.lowercased())")
                }
                let delay: Duration
                do {
                    operation = try await api.operation(id: operation.operationID)
                    delay = polling.nextDelayAfterAnswer()
                } catch {
                    guard let retry = polling.nextDelayAfterFailure() else {
                        throw fail("\(program): the refresh's progress could not be read (\(error)); "
                                            + "it may still finish: run `veet email accounts` later.", .failure)
                    }
                    delay = retry
                }
                try await Task.sleep(for: delay)
            }
        }
        if console.json {
            try console.printJSON(operation)
            return operation.status.isTerminal && operation.status != .completed ? .failure : .success
        }
        guard wait else {
            console.out.writeLine("Refresh started\(operation.replayed ? " (one was already running)" : "") "
                                  + "(operation \(operation.operationID)).")
            return .success
        }
        let style = console.outStyle
        console.out.writeLine(operation.status == .completed ? "Refresh finished."
                              : "The refresh ended without completing (\(operation.status.rawValue.lowercased())).")
        for account in try await api.accounts() {
            console.out.writeLine("  \(ServerText.line(account.label)): \(Self.freshness(account.freshness, style: style))")
        }
        return operation.status == .completed ? .success : .failure
    }
}
