import Foundation
import VeetConsole
import VeetPeople
import VeetTransport

/// `veet people import ...`: bounded history imports (people.md §10).
extension PeopleCommand {
    static let jobArgument = PositionalSpec("job", help: "The import job id (from `veet people import list`).")
    static let waitOption = OptionSpec.flag("wait", help: "Poll until the job stops running, printing its progress.")

    static let importSpec = CommandSpec(
        name: "import", summary: "History imports: preview, apply, resume, cancel, list.",
        discussion: "An import reads chats and/or mail in a date range, under a record limit and a spending cap.",
        subcommands: [
            CommandSpec(name: "list", summary: "Past and running imports, newest first."),
            CommandSpec(name: "show", summary: "One import and its progress.", positionals: [jobArgument]),
            CommandSpec(name: "preview", summary: "Preview an import: what it would read and cost at most.",
                        options: [
                            .value("since", valueName: "time", help: "Start of the range (ISO 8601 with an offset)."),
                            .value("until", valueName: "time", help: "End of the range (ISO 8601 with an offset)."),
                            .value("session", valueName: "id", help: "A chat to read.", repeatable: true),
                            .value("account", valueName: "id", help: "A mail account to read.", repeatable: true),
                            .flag("mailbox", help: "Read the mailbox itself, not only the mail already stored."),
                            .value("person", valueName: "id", help: "Only about this person (at most 3).",
                                   repeatable: true),
                            .value("exclude", valueName: "source", help: "A source id to leave out.",
                                   repeatable: true),
                            .value("max-records", valueName: "n", help: "Record limit, 1-10000 (default 2000)."),
                            .value("max-cost", valueName: "usd", help: "Spending cap in dollars, such as 5.00 (at most 100)."),
                        ]),
            CommandSpec(name: "apply", summary: "Start a previewed import.", options: [waitOption], positionals: [jobArgument]),
            CommandSpec(name: "resume", summary: "Resume a paused, failed or cancelled import.",
                        options: [.value("max-cost", valueName: "usd", help: "A new spending cap."), waitOption],
                        positionals: [jobArgument]),
            CommandSpec(name: "cancel", summary: "Cancel an import.", positionals: [jobArgument]),
        ])

    func runImport(_ command: ParsedCommand) async throws -> ExitCode {
        switch command.path.last {
        case "list":
            let jobs = try await api.imports()
            if context.json { try JSONOutput.print(jobs, layout: .compact); return .success }
            if jobs.isEmpty { context.err.writeLine("No history imports yet.") }
            for job in jobs { printJob(job) }
            return .success
        case "show": return try printJobResult(try await api.importJob(id: command.positionals[0]))
        case "preview":
            let preview = try await api.previewImport(try scope(command))
            if !context.json {
                context.err.writeLine("Apply it with `veet people import apply \(preview.id)`.")
            }
            return try printJobResult(preview)
        case "apply":
            let started = try await api.applyImport(try await api.importJob(id: command.positionals[0]))
            return try printJobResult(command.flag("wait") ? try await wait(started) : started, failing: true)
        case "resume":
            let cap = try command.value("max-cost").map { try money($0) }
            let resumed = try await api.resumeImport(try await api.importJob(id: command.positionals[0]), maxCostUSD: cap)
            return try printJobResult(command.flag("wait") ? try await wait(resumed) : resumed, failing: true)
        case "cancel":
            return try printJobResult(try await api.cancelImport(try await api.importJob(id: command.positionals[0])))
        default:
            return context.fail("veet: people import needs a subcommand; see `veet help people import`", .usage)
        }
    }

    private func money(_ text: String) throws -> Decimal {
        guard let value = decimal(fromWire: text) else {
            throw PeopleCommandError(message: "--max-cost must be a decimal amount such as 5.00, not \(text).", code: .usage)
        }
        return value
    }

    private func scope(_ command: ParsedCommand) throws -> ImportScope {
        guard let since = command.value("since"), let until = command.value("until"), let cost = command.value("max-cost") else {
            throw PeopleCommandError(message: "import preview needs --since, --until and --max-cost.", code: .usage)
        }
        guard let records = Int(command.value("max-records") ?? "2000") else {
            throw PeopleCommandError(message: "--max-records must be a whole number.", code: .usage)
        }
        let scope = ImportScope(sessionIDs: command.values("session"), accountIDs: command.values("account"),
                                emailSource: command.flag("mailbox") ? "mailbox" : "retained",
                                since: Timestamp(since), until: Timestamp(until), personIDs: command.values("person"),
                                excludedSourceIDs: command.values("exclude"), maxRecords: records,
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
            context.err.writeLine("\(current.state.rawValue): \(current.progressText)")
            try await api.send.sleeper(.milliseconds(500))
            current = try await api.importJob(id: current.id)
        }
        return current
    }

    /// The job, with what to do next; a job that failed while this command ran it exits 1 (`failing`).
    private func printJobResult(_ job: ImportJob, failing: Bool = false) throws -> ExitCode {
        if context.json {
            try JSONOutput.print(job, layout: .compact)
        } else {
            printJob(job)
            if let coverage = job.coverage { context.out.writeLine(context.outStyle.dim("  " + ServerText.line(coverage))) }
        }
        switch job.state {
        case .failed:
            let text = "veet: The import failed (\(job.errorCode ?? "no reason given")); "
                + "resume it with `veet people import resume \(job.id)`."
            if failing { return context.fail(text, .failure) }
            context.err.writeLine(text)
        case .budgetPaused: context.err.writeLine("The spending cap was reached; resume with a higher "
                                                  + "`--max-cost`: veet people import resume \(job.id) --max-cost N")
        default: break
        }
        return .success
    }

    private func printJob(_ job: ImportJob) {
        let style = context.outStyle
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
        context.out.writeLine("\(state)  \(what.joined(separator: "; "))  \(style.dim(job.id))")
        context.out.writeLine("  \(job.progressText)")
    }
}
