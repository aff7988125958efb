import Foundation
import VeetConsole
import VeetPeople
import VeetTransport

/// `veet people import ...`: bounded history imports (docs/wire/people.md §10).
extension PeopleCommands {
    static let wait = Flag("wait", help: "Poll until the job stops running, printing its progress.")
    static let since = ValueOption("since", valueName: "time", help: "Start of the range (ISO 8601 with an offset).")
    static let until = ValueOption("until", valueName: "time", help: "End of the range (ISO 8601 with an offset).")
    static let session = ValueOption("session", valueName: "id", help: "A chat to read.", repeatable: true)
    static let account = ValueOption("account", valueName: "id", help: "A mail account to read.", repeatable: true)
    static let mailbox = Flag("mailbox", help: "Read the mailbox itself, not only the mail already stored.")
    static let person = ValueOption("person", valueName: "id", help: "Only about this person (at most 3).", repeatable: true)
    static let exclude = ValueOption("exclude", valueName: "source", help: "A source id to leave out.", repeatable: true)
    static let maxRecords = ValueOption("max-records", valueName: "n", help: "Record limit, 1-10000 (default 2000).")
    static let maxCost = ValueOption("max-cost", valueName: "usd", help: "Spending cap in dollars, such as 5.00 (at most 100).")
    static let newCap = ValueOption("max-cost", valueName: "usd", help: "A new spending cap.")

    static let importSpec = CommandSpec(
        name: "import", summary: "History imports: preview, apply, resume, cancel, list.",
        discussion: "An import reads chats and/or mail in a date range, under a record limit and a spending cap.",
        subcommands: [
            CommandSpec(name: "list", summary: "Past and running imports, newest first."),
            CommandSpec(name: "show", summary: "One import and its progress.", positionals: [job.spec]),
            CommandSpec(name: "preview", summary: "Preview an import: what it would read and cost at most.",
                        options: [since.spec, until.spec, session.spec, account.spec, mailbox.spec, person.spec,
                                  exclude.spec, maxRecords.spec, maxCost.spec]),
            CommandSpec(name: "apply", summary: "Start a previewed import.", options: [wait.spec], positionals: [job.spec]),
            CommandSpec(name: "resume", summary: "Resume a paused, failed or cancelled import.",
                        options: [newCap.spec, wait.spec], positionals: [job.spec]),
            CommandSpec(name: "cancel", summary: "Cancel an import.", positionals: [job.spec]),
        ])
}

extension PeopleCommandRun {
    func runImport(_ command: ParsedCommand) async throws -> ExitCode {
        switch command.path.last {
        case "list":
            let jobs = try await api.imports()
            if console.json { try console.printJSON(jobs); return .success }
            if jobs.isEmpty { console.err.writeLine("No history imports yet.") }
            for job in jobs { printJob(job) }
            return .success
        case "show": return try printJobResult(try await api.importJob(id: command.argument(PeopleCommands.job)))
        case "preview":
            let preview = try await api.previewImport(try scope(command))
            if !console.json {
                console.err.writeLine("Apply it with `\(console.programName) people import apply \(preview.id)`.")
            }
            return try printJobResult(preview)
        case "apply":
            let started = try await api.applyImport(try await api.importJob(id: command.argument(PeopleCommands.job)))
            return try printJobResult(command.flag(PeopleCommands.wait) ? try await wait(started) : started, failing: true)
        case "resume":
            let cap = try command.value(PeopleCommands.newCap).map { try money($0) }
            let resumed = try await api.resumeImport(try await api.importJob(id: command.argument(PeopleCommands.job)), maxCostUSD: cap)
            return try printJobResult(command.flag(PeopleCommands.wait) ? try await wait(resumed) : resumed, failing: true)
        case "cancel":
            return try printJobResult(try await api.cancelImport(try await api.importJob(id: command.argument(PeopleCommands.job))))
        default:
            throw PeopleCommandError(message: "people import needs a subcommand; see `\(console.programName) help people import`",
                                     code: .usage)
        }
    }

    private func money(_ text: String) throws -> Decimal {
        guard let value = decimal(fromWire: text) else {
            throw PeopleCommandError(message: "--max-cost must be a decimal amount such as 5.00, not \(text).", code: .usage)
        }
        return value
    }

    private func scope(_ command: ParsedCommand) throws -> ImportScope {
        guard let since = command.value(PeopleCommands.since), let until = command.value(PeopleCommands.until),
              let cost = command.value(PeopleCommands.maxCost) else {
            throw PeopleCommandError(message: "import preview needs --since, --until and --max-cost.", code: .usage)
        }
        guard let records = Int(command.value(PeopleCommands.maxRecords) ?? "2000") else {
            throw PeopleCommandError(message: "--max-records must be a whole number.", code: .usage)
        }
        let scope = ImportScope(sessionIDs: command.values(PeopleCommands.session), accountIDs: command.values(PeopleCommands.account),
                                emailSource: command.flag(PeopleCommands.mailbox) ? "mailbox" : "retained",
                                since: Timestamp(since), until: Timestamp(until), personIDs: command.values(PeopleCommands.person),
                                excludedSourceIDs: command.values(PeopleCommands.exclude), maxRecords: records,
                                maxCostUSD: try money(cost))
        let problems = ImportScopeRules.problems(scope)
        guard problems.isEmpty else {
            throw PeopleCommandError(message: "Nothing was started: " + problems.joined(separator: " "), code: .usage)
        }
        return scope
    }

    /// Polls an active job (through the sender's sleeper) until it stops, progress on stderr.
    private func wait(_ job: ImportJob) async throws -> ImportJob {
        var current = job
        for _ in 0..<120 where current.state.isActive {
            console.err.writeLine("\(current.state.rawValue): \(current.progressText)")
            try await api.send.sleeper(.milliseconds(500))
            current = try await api.importJob(id: current.id)
        }
        return current
    }

    /// The job, with what to do next; a job that failed while this command ran it exits 1 (`failing`).
    private func printJobResult(_ job: ImportJob, failing: Bool = false) throws -> ExitCode {
        if console.json {
            try console.printJSON(job)
        } else {
            printJob(job)
            if let coverage = job.coverage { console.out.writeLine(console.outStyle.dim("  " + ServerText.line(coverage))) }
        }
        switch job.state {
        case .failed:
            let text = "veet: The import failed (\(job.errorCode ?? "no reason given")); "
                + "resume it with `\(console.programName) people import resume \(job.id)`."
            if failing { throw CommandFailure(text) }
            console.err.writeLine(text)
        case .budgetPaused: console.err.writeLine("The spending cap was reached; resume with a higher "
                                                  + "`--max-cost`: veet people import resume \(job.id) --max-cost N")
        default: break
        }
        return .success
    }

    private func printJob(_ job: ImportJob) {
        let style = console.outStyle
        var what: [String] = []
        if let scope = job.scope {
            if !scope.sessionIDs.isEmpty { what.append("\(scope.sessionIDs.count) chat\(scope.sessionIDs.count == 1 ? "" : "s")") }
            if !scope.accountIDs.isEmpty { what.append("mail \(scope.accountIDs.joined(separator: ", "))") }
            what.append("\(HistoryDate.text(scope.since, precision: .day, timeZone: nil)) to "
                        + "\(HistoryDate.text(scope.until, precision: .day, timeZone: nil))")
            what.append("cap $\(ImportScope.money(scope.maxCostUSD)), \(scope.maxRecords) records")
        }
        let state = job.state == .failed ? style.error(job.state.rawValue)
            : job.state == .budgetPaused ? style.warning(job.state.rawValue) : style.emphasis(job.state.rawValue)
        console.out.writeLine("\(state)  \(what.joined(separator: "; "))  \(style.dim(job.id))")
        console.out.writeLine("  \(job.progressText)")
    }
}
