import Foundation
import VeetConsole
import VeetMemory
import VeetTransport

/// `veet memory ...`: what the agent believes about you, its review, the
/// synthesis history and dreaming. A family the server does not offer is
/// told plainly (exit 1), as folders are.
struct MemoryCommand {
    let context: CLIContext
    let api: MemoryAPI

    private static let id = [PositionalSpec("id", help: "The memory id.")]
    private static let operationID = [PositionalSpec("id", help: "The synthesis operation id.")]

    static let spec = CommandSpec(
        name: "memory",
        summary: "What the agent believes about you: review, correct or delete it.",
        discussion: """
            Every request asks for everything the owner may see (ceiling restricted). A memory the \
            agent learned from email always arrives flagged for review.
            """,
        examples: [CommandExample("veet memory list --flagged"), CommandExample("veet memory untrue ID"),
                   CommandExample("veet memory delete ID --yes --json")],
        subcommands: [
            CommandSpec(name: "list", summary: "List memories, newest first (default: the live ones).",
                        options: [
                            .flag("flagged", help: "Only memories that need your review."),
                            .value("status", valueName: "S", help: "candidate, provisional, active, superseded, expired or retired.",
                                   repeatable: true),
                            .value("type", valueName: "T", help: "fact, preference, relationship, user_model_attr or procedure_pointer.",
                                   repeatable: true),
                            .value("subject", valueName: "S", help: "Only this exact subject."),
                            .value("session", valueName: "id", help: "Only memories formed in this conversation."),
                            .value("search", valueName: "text", help: "Only memories whose words match."),
                        ]),
            CommandSpec(name: "show", summary: "Show a memory's record.", positionals: id),
            CommandSpec(name: "reviewed", summary: "Mark reviewed: it looks right (no longer flagged; moves to the top).",
                        positionals: id),
            CommandSpec(name: "untrue", summary: "Not true: the memory is retired and leaves the list.", positionals: id),
            CommandSpec(name: "not-here", summary: "Not relevant here: kept for this context only, with lower confidence; stays flagged.",
                        positionals: id),
            CommandSpec(name: "delete", summary: "Delete a memory for good; the statement will not form again.",
                        discussion: "Asks first on a terminal; without one, --yes is required.",
                        options: [.flag("yes", help: "Delete without asking.")], positionals: id),
            CommandSpec(name: "synthesis", summary: "Memories the server merged, summarised or connected.",
                        subcommands: [
                            CommandSpec(name: "list", summary: "List synthesis operations, newest first."),
                            CommandSpec(name: "show", summary: "Show an operation and its sources.", positionals: operationID),
                            CommandSpec(name: "undo", summary: "Undo a committed merge of two or more memories.",
                                        positionals: operationID),
                        ]),
            CommandSpec(name: "dreaming", summary: "Dreaming: the schedule, its journal of runs and its proposals (alone: show them).",
                        subcommands: [
                            CommandSpec(name: "show", summary: "Show the schedule, the journal of runs and the open proposals."),
                            CommandSpec(name: "pause", summary: "Pause dreaming."),
                            CommandSpec(name: "resume", summary: "Resume dreaming."),
                            CommandSpec(name: "approve", summary: "Approve a proposed synthesis.", positionals: operationID),
                            CommandSpec(name: "reject", summary: "Reject a proposed synthesis.", positionals: operationID),
                        ]),
        ])

    static func run(_ command: ParsedCommand, context: CLIContext) async throws -> ExitCode {
        let memory = MemoryCommand(context: context, api: MemoryAPI(sender: .live(client: try context.client())))
        let id = command.positionals.first ?? ""
        let family: MemoryFamily = command.path.count > 2 && command.path[1] == "synthesis" ? .synthesis
            : command.path.count > 1 && command.path[1] == "dreaming" ? .dreaming : .memories
        do {
            switch command.path {
            case ["memory", "list"]: return try await memory.list(command)
            case ["memory", "show"]: return try await memory.show(memory.api.record(id: id))
            case ["memory", "reviewed"]: return try await memory.review(id, .dismiss)
            case ["memory", "untrue"]: return try await memory.review(id, .untrue)
            case ["memory", "not-here"]: return try await memory.review(id, .notHere)
            case ["memory", "delete"]: return try await memory.delete(id, confirmed: command.flag("yes"))
            case ["memory", "synthesis", "list"]: return try await memory.operations()
            case ["memory", "synthesis", "show"]: return try await memory.showOperation(memory.api.operation(id: id))
            case ["memory", "synthesis", "undo"]:
                return try await memory.showOperation(memory.api.undo(memory.api.operation(id: id)), done: "Undone.")
            case ["memory", "dreaming", "show"]: return try await memory.journal()
            case ["memory", "dreaming", "pause"]: return try await memory.setPaused(true)
            case ["memory", "dreaming", "resume"]: return try await memory.setPaused(false)
            case ["memory", "dreaming", "approve"]: return try await memory.decide(id, .approved)
            case ["memory", "dreaming", "reject"]: return try await memory.decide(id, .rejected)
            default:
                return context.fail("veet: \(command.path.joined(separator: " ")) needs a subcommand; see `veet help \(command.path.joined(separator: " "))`", .usage)
            }
        } catch let unsupported as MemoryChangesUnsupported {
            return context.fail("veet: \(unsupported.description)", .failure, answer: unsupported.underlying)
        } catch let rule as MemoryRuleError {
            return context.fail("veet: \(rule.description)", .failure)
        } catch let conflict as SynthesisConflict {
            context.err.writeLine("veet: \(conflict.description)")
            if context.json, let current = conflict.current { try JSONOutput.print(current, layout: .compact) }
            return .failure
        } catch let conflict as DreamingScheduleConflict {
            context.err.writeLine("veet: \(conflict.description)")
            if context.json, let current = conflict.current { try JSONOutput.print(current, layout: .compact) }
            return .failure
        } catch let error as APIError where error.status == 403 || MemoryAPI.meansUnavailable(error) {
            // Which family is missing, or which scope: the read route decides (README §2).
            var access = await memory.api.probe()
            if error.status == 403 { access.noteWrite(family, error: error) }
            if let refusal = access.writeRefusal(family) {
                return context.fail("veet: \(refusal.description)", .failure, answer: error)
            }
            throw error
        }
    }

    // MARK: Memories

    func list(_ command: ParsedCommand) async throws -> ExitCode {
        // A misspelt value is refused here: the server would only say "malformed".
        for (option, given, known) in [("status", command.values("status"), BeliefStatus.knownValues.map(\.rawValue)),
                                       ("type", command.values("type"), BeliefType.knownValues.map(\.rawValue))] {
            if let wrong = given.first(where: { !known.contains($0) }) {
                return context.fail("veet: --\(option) \(wrong): use one of \(known.joined(separator: ", "))", .usage)
            }
        }
        let filter = MemoryFilter(
            statuses: Set(command.values("status").map(BeliefStatus.init(raw:))),
            types: Set(command.values("type").map(BeliefType.init(raw:))),
            subject: command.value("subject"), sessionID: command.value("session"), text: command.value("search"),
            flagged: command.flag("flagged") ? true : nil)
        let records = try await api.listAll(filter)
        if context.json {
            try JSONOutput.print(records, layout: .compact)
            return .success
        }
        if records.isEmpty {
            context.err.writeLine(filter.flagged == true ? "Nothing needs your review." : "No memories match.")
        }
        for record in records { context.out.writeLine(row(record)) }
        return .success
    }

    /// KIND  day  statement  (where it came from)  Needs review  id
    func row(_ record: MemoryRecord) -> String {
        let style = context.outStyle
        var parts = [style.dim(record.kindLabel.uppercased()), style.dim(String(record.updatedAt.text.prefix(10))),
                     ServerText.line(record.statement)]
        if let belief = record.belief {
            parts.append(style.dim("· \(Self.origin(belief))"))
            if belief.status != .active { parts.append(style.dim("(\(belief.status.rawValue))")) }
        }
        if record.flaggedForReview { parts.append(style.warning("Needs review")) }
        parts.append(style.dim(record.id))
        return parts.joined(separator: "  ")
    }

    static func origin(_ belief: Belief) -> String {
        let about = MemorySubject(belief.subject).displayName
        let source = belief.derivation == "email" ? "from email" : "from a conversation"
        return about == "owner" || about.isEmpty ? source : "about \(ServerText.line(about)), \(source)"
    }

    func show(_ record: MemoryRecord) throws -> ExitCode {
        if context.json {
            try JSONOutput.print(record, layout: .compact)
            return .success
        }
        let style = context.outStyle
        context.out.writeLine(style.emphasis(ServerText.line(record.statement)))
        switch record {
        case .belief(let b):
            if b.flaggedForReview {
                let why = b.derivation == "email" ? "Learned from email: check it before the agent relies on it."
                    : "The agent is not sure of this: check it."
                context.out.writeLine(style.warning("│ Needs review: \(why)"))
            }
            group("Memory", [("kind", b.beliefType.label), ("about", MemorySubject(b.subject).displayName),
                             ("status", b.status.rawValue), ("confidence", String(format: "%.2f", b.confidence)),
                             ("applies", b.portability.rawValue), ("authority", b.authority.rawValue),
                             ("sensitivity", b.sensitivity.rawValue)])
            group("Source", [("learned", Self.origin(b)), ("conversation", b.sourceSessionID ?? "—"),
                             ("messages", b.sourceEventIDs.map(String.init).joined(separator: ", "))])
            group("Times", [("formed", b.createdAt.text), ("changed", b.updatedAt.text),
                            ("last evidence", b.lastEvidenceAt?.text ?? "—"), ("valid until", b.validTo?.text ?? "—")])
        case .derived(let d):
            group("Summary", [("kind", d.recordKind), ("status", d.status.rawValue), ("operation", d.operationID ?? "—"),
                              ("sources", String(d.sources.count))])
        }
        context.out.writeLine(style.dim("id \(record.id)"))
        return .success
    }

    private func group(_ title: String, _ lines: [(String, String)]) {
        let style = context.outStyle
        context.out.writeLine("")
        context.out.writeLine(style.emphasis(title))
        for (key, value) in lines where !value.isEmpty {
            context.out.writeLine("  \(style.dim(key.padding(toLength: 14, withPad: " ", startingAt: 0)))\(ServerText.line(value))")
        }
    }

    func review(_ id: String, _ outcome: ReviewOutcome) async throws -> ExitCode {
        let returned = try await api.review(id: id, outcome)
        if context.json {
            try JSONOutput.print(returned, layout: .compact)
            return .success
        }
        var list = MemoryList(records: [returned])
        context.out.writeLine(MemoryList.words(for: list.apply(outcome, returned: returned), outcome: outcome))
        return .success
    }

    func delete(_ id: String, confirmed: Bool) async throws -> ExitCode {
        if !confirmed {
            guard context.terminal.stdinIsTerminal else {
                return context.fail("veet: deleting a memory cannot be undone, so it needs confirmation: "
                                    + "run it on a terminal, or add --yes. Nothing was deleted.", .usage)
            }
            let record = try await api.record(id: id)
            context.err.writeLine("“\(ServerText.line(record.statement))”")
            let answer = await BlockingInput.run {
                LinePrompt.readLine(prompt: "Delete this memory for good? It will not form again. [y/N] ")
            }
            guard answer?.trimmingCharacters(in: .whitespaces).lowercased().hasPrefix("y") == true else {
                return context.fail("Nothing was deleted.", .failure)
            }
        }
        try await api.delete(id: id)
        if context.json {
            try JSONOutput.print(Deleted(id: id), layout: .compact)
        } else {
            context.out.writeLine(MemoryList.words(for: .deleted, outcome: nil))
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
        if context.json {
            try JSONOutput.print(items, layout: .compact)
            return .success
        }
        if items.isEmpty { context.err.writeLine("No synthesis yet.") }
        let style = context.outStyle
        for op in items {
            var parts = [style.dim(op.kind.rawValue.uppercased()), op.state.rawValue,
                         ServerText.line(op.content?.statement ?? "(withdrawn)"),
                         style.dim("\(op.sources.count) source\(op.sources.count == 1 ? "" : "s")")]
            if UndoGate.offersUndo(op) { parts.append(style.accent("Undo")) }
            if op.state == .proposed { parts.append(style.accent("Approve · Reject")) }
            parts.append(style.dim(op.id))
            context.out.writeLine(parts.joined(separator: "  "))
        }
        return .success
    }

    func showOperation(_ op: SynthesisOperation, done: String? = nil) throws -> ExitCode {
        if context.json {
            try JSONOutput.print(op, layout: .compact)
            return .success
        }
        let style = context.outStyle
        if let done { context.out.writeLine(done) }
        context.out.writeLine(style.emphasis(ServerText.line(op.content?.statement ?? "(withdrawn)")))
        group("Operation", [("kind", op.kind.label), ("state", op.state.rawValue), ("reason", op.reason ?? "—"),
                            ("revision", String(op.revision)), ("created", op.createdAt.text),
                            ("committed", op.committedAt?.text ?? "—"), ("undone", op.undoneAt?.text ?? "—")])
        context.out.writeLine("")
        context.out.writeLine(style.emphasis("Sources"))
        for source in op.sources {
            let text = source.omitted ? "(hidden by the ceiling)" : ServerText.line(source.statement ?? "")
            context.out.writeLine("  - \(text)  \(style.dim(source.beliefID))")
        }
        context.out.writeLine("")
        if UndoGate.offersUndo(op) {
            context.out.writeLine(style.accent("Undo: veet memory synthesis undo \(op.id)"))
        } else if op.state == .proposed {
            context.out.writeLine(style.accent("Approve or reject: veet memory dreaming approve|reject \(op.id)"))
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
        if context.json {
            try JSONOutput.print(Journal(schedule: journal.schedule, runs: journal.runs, proposals: proposals),
                                 layout: .compact)
            return .success
        }
        let style = context.outStyle
        context.out.writeLine(scheduleLine(journal.schedule))
        if journal.runs.isEmpty { context.out.writeLine(style.dim("No dreaming runs yet.")) }
        for run in journal.runs {
            let cost = run.chargedUSD.map { "$\($0)" } ?? "no charge"
            context.out.writeLine("  \(style.dim(String((run.startedAt?.text ?? "").prefix(16))))  \(run.outcome.rawValue)"
                                  + "  \(style.dim(run.reason ?? ""))  \(run.proposals) proposal\(run.proposals == 1 ? "" : "s")"
                                  + "  \(style.dim(cost))")
        }
        if !proposals.isEmpty { context.out.writeLine("") }
        for op in proposals {
            context.out.writeLine("\(style.dim(op.kind.rawValue.uppercased()))  \(ServerText.line(op.content?.statement ?? ""))"
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
        if context.json {
            try JSONOutput.print(schedule, layout: .compact)
        } else {
            context.out.writeLine(scheduleLine(schedule))
        }
        return .success
    }

    func decide(_ id: String, _ decision: DreamingDecision) async throws -> ExitCode {
        let decided = try await api.decide(api.operation(id: id), decision)
        return try showOperation(decided, done: decision == .approved ? "Approved." : "Rejected.")
    }
}
