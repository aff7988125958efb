import Foundation
import VeetConsole
import VeetMemory
import VeetTransport

/// One `veet memory` command's run: the API, the console, and how each answer is printed.
struct MemoryCommandRun {
    let api: MemoryAPI
    let console: Console

    private var out: Output { console.out }
    private var err: Output { console.err }

    // MARK: Memories

    func list(_ command: ParsedCommand) async throws -> ExitCode {
        // A misspelt value is refused here: the server would only say "malformed".
        for (option, known) in [(MemoryCommands.status, BeliefStatus.knownValues.map(\.rawValue)),
                                 (MemoryCommands.type, BeliefType.knownValues.map(\.rawValue))] {
            if let wrong = command.values(option).first(where: { !known.contains($0) }) {
                throw CommandFailure.usage(
                    "\(console.programName): --\(option.spec.long) \(wrong): use one of \(known.joined(separator: ", "))")
            }
        }
        let filter = MemoryFilter(
            statuses: Set(command.values(MemoryCommands.status).map(BeliefStatus.init(raw:))),
            types: Set(command.values(MemoryCommands.type).map(BeliefType.init(raw:))),
            subject: command.value(MemoryCommands.subject), sessionID: command.value(MemoryCommands.session),
            text: command.value(MemoryCommands.search), flagged: command.flag(MemoryCommands.flagged) ? true : nil)
        let records = try await api.listAll(filter)
        if console.json {
            try console.printJSON(records)
            return .success
        }
        if records.isEmpty {
            err.writeLine(filter.flagged == true ? "Nothing needs your review." : "No memories match.")
        }
        for record in records { out.writeLine(row(record)) }
        return .success
    }

    /// KIND  day  statement  (where it came from)  Needs review  id
    func row(_ record: MemoryRecord) -> String {
        let style = console.outStyle
        var parts = [style.dim(record.kindLabel.uppercased()), style.dim(String(record.updatedAt.text.prefix(10))),
                     ServerText.line(record.statement)]
        if let belief = record.belief {
            parts.append(style.dim("· \(belief.origin(naming: { ServerText.line($0) }))"))
            if belief.status != .active { parts.append(style.dim("(\(belief.status.rawValue))")) }
        }
        if record.flaggedForReview { parts.append(style.warning("Needs review")) }
        parts.append(style.dim(record.id))
        return parts.joined(separator: "  ")
    }

    func show(_ record: MemoryRecord) throws -> ExitCode {
        if console.json {
            try console.printJSON(record)
            return .success
        }
        let style = console.outStyle
        out.writeLine(style.emphasis(ServerText.line(record.statement)))
        switch record {
        case .belief(let b):
            if b.flaggedForReview {
                out.writeLine(style.warning("│ Needs review: \(b.reviewReason)"))
            }
            group("Memory", [("kind", b.beliefType.label), ("about", MemorySubject(b.subject).displayName),
                             ("status", b.status.rawValue), ("confidence", String(format: "%.2f", b.confidence)),
                             ("applies", b.portability.rawValue), ("authority", b.authority.rawValue),
                             ("sensitivity", b.sensitivity.rawValue)])
            group("Source", [("learned", b.origin(naming: { ServerText.line($0) })), ("conversation", b.sourceSessionID ?? "—"),
                             ("messages", b.sourceEventIDs.map(String.init).joined(separator: ", "))])
            group("Times", [("formed", b.createdAt.text), ("changed", b.updatedAt.text),
                            ("last evidence", b.lastEvidenceAt?.text ?? "—"), ("valid until", b.validTo?.text ?? "—")])
        case .derived(let d):
            group("Summary", [("kind", d.recordKind), ("status", d.status.rawValue), ("operation", d.operationID ?? "—"),
                              ("sources", String(d.sources.count))])
        }
        out.writeLine(style.dim("id \(record.id)"))
        return .success
    }

    private func group(_ title: String, _ lines: [(String, String)]) {
        let style = console.outStyle
        out.writeLine("")
        out.writeLine(style.emphasis(title))
        for (key, value) in lines where !value.isEmpty {
            out.writeLine("  \(style.dim(key.padding(toLength: 14, withPad: " ", startingAt: 0)))\(ServerText.line(value))")
        }
    }

    func review(_ id: String, _ outcome: ReviewOutcome) async throws -> ExitCode {
        let returned = try await api.review(id: id, outcome)
        if console.json {
            try console.printJSON(returned)
            return .success
        }
        var list = MemoryList(records: [returned])
        out.writeLine(MemoryList.words(for: list.apply(outcome, returned: returned), outcome: outcome))
        return .success
    }

    func delete(_ id: String, confirmed: Bool) async throws -> ExitCode {
        if !confirmed {
            guard console.terminal.stdinIsTerminal else {
                throw CommandFailure.usage("\(console.programName): deleting a memory cannot be undone, so it needs "
                                           + "confirmation: run it on a terminal, or add --yes. Nothing was deleted.")
            }
            let record = try await api.record(id: id)
            err.writeLine("“\(ServerText.line(record.statement))”")
            guard await console.confirm("Delete this memory for good? It will not form again. [y/N] ") else {
                throw CommandFailure("Nothing was deleted.")
            }
        }
        try await api.delete(id: id)
        if console.json {
            try console.printJSON(Deleted(id: id))
        } else {
            out.writeLine(MemoryList.words(for: .deleted, outcome: nil))
        }
        return .success
    }

    private struct Deleted: Encodable {
        var id: String
        var deleted = true
    }

    // MARK: Synthesis

    func operations() async throws -> ExitCode {
        let items = try await api.allOperations()
        if console.json {
            try console.printJSON(items)
            return .success
        }
        if items.isEmpty { err.writeLine("No synthesis yet.") }
        let style = console.outStyle
        for op in items {
            var parts = [style.dim(op.kind.rawValue.uppercased()), op.state.rawValue,
                         ServerText.line(op.content?.statement ?? "(withdrawn)"),
                         style.dim("\(op.sources.count) source\(op.sources.count == 1 ? "" : "s")")]
            if UndoGate.offersUndo(op) { parts.append(style.accent("Undo")) }
            if op.state == .proposed { parts.append(style.accent("Approve · Reject")) }
            parts.append(style.dim(op.id))
            out.writeLine(parts.joined(separator: "  "))
        }
        return .success
    }

    func showOperation(_ op: SynthesisOperation, done: String? = nil) throws -> ExitCode {
        if console.json {
            try console.printJSON(op)
            return .success
        }
        let style = console.outStyle
        if let done { out.writeLine(done) }
        out.writeLine(style.emphasis(ServerText.line(op.content?.statement ?? "(withdrawn)")))
        group("Operation", [("kind", op.kind.label), ("state", op.state.rawValue), ("reason", op.reason ?? "—"),
                            ("revision", String(op.revision)), ("created", op.createdAt.text),
                            ("committed", op.committedAt?.text ?? "—"), ("undone", op.undoneAt?.text ?? "—")])
        out.writeLine("")
        out.writeLine(style.emphasis("Sources"))
        for source in op.sources {
            let text = source.omitted ? "(hidden by the ceiling)" : ServerText.line(source.statement ?? "")
            out.writeLine("  - \(text)  \(style.dim(source.beliefID))")
        }
        out.writeLine("")
        if UndoGate.offersUndo(op) {
            out.writeLine(style.accent("Undo: \(console.programName) memory synthesis undo \(op.id)"))
        } else if op.state == .proposed {
            out.writeLine(style.accent("Approve or reject: \(console.programName) memory dreaming approve|reject \(op.id)"))
        }
        return .success
    }

    // MARK: Dreaming

    private struct Journal: Encodable {
        var schedule: DreamingSchedule
        var runs: [DreamingRun]
        var proposals: [SynthesisOperation]
    }

    func journal() async throws -> ExitCode {
        let journal = try await api.dreaming()
        let proposals = (try? await api.allOperations(state: .proposed)) ?? []
        if console.json {
            try JSONOutput.print(Journal(schedule: journal.schedule, runs: journal.runs, proposals: proposals),
                                 layout: .compact)
            return .success
        }
        let style = console.outStyle
        out.writeLine(scheduleLine(journal.schedule))
        if journal.runs.isEmpty { out.writeLine(style.dim("No dreaming runs yet.")) }
        for run in journal.runs {
            let cost = run.chargedUSD.map { "$\($0)" } ?? "no charge"
            out.writeLine("  \(style.dim(String((run.startedAt?.text ?? "").prefix(16))))  \(run.outcome.rawValue)"
                                  + "  \(style.dim(run.reason ?? ""))  \(run.proposals) proposal\(run.proposals == 1 ? "" : "s")"
                                  + "  \(style.dim(cost))")
        }
        if !proposals.isEmpty { out.writeLine("") }
        for op in proposals {
            out.writeLine("\(style.dim(op.kind.rawValue.uppercased()))  \(ServerText.line(op.content?.statement ?? ""))"
                                  + "  \(style.accent("Approve · Reject"))  \(style.dim(op.id))")
        }
        return .success
    }

    private func scheduleLine(_ schedule: DreamingSchedule) -> String {
        schedule.paused ? "Dreaming is paused." : "Dreaming is on; next run \(schedule.nextRunAt?.text ?? "not planned")."
    }

    func setPaused(_ paused: Bool) async throws -> ExitCode {
        let current = try await api.dreaming().schedule
        let schedule = try await api.setDreaming(paused: paused, expectedRevision: current.revision)
        if console.json {
            try console.printJSON(schedule)
        } else {
            out.writeLine(scheduleLine(schedule))
        }
        return .success
    }

    func decide(_ id: String, _ decision: DreamingDecision) async throws -> ExitCode {
        let decided = try await api.decide(api.operation(id: id), decision)
        return try showOperation(decided, done: decision == .approved ? "Approved." : "Rejected.")
    }
}
