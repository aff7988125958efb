import Foundation
import VeetConsole
import VeetMemory
import VeetTransport

/// `veet memory ...`: what the agent believes about you, its review, the
/// synthesis history and dreaming. A family the server does not offer is
/// told plainly (exit 1), as folders are.
public struct MemoryCommands: CommandGroup {
    let api: MemoryAPI

    public init(api: MemoryAPI) {
        self.api = api
    }

    static let id = Argument("id", help: "The memory id.")
    static let operationID = Argument("id", help: "The synthesis operation id.")
    static let flagged = Flag("flagged", help: "Only memories that need your review.")
    static let status = ValueOption("status", valueName: "S",
                                    help: "candidate, provisional, active, superseded, expired or retired.", repeatable: true)
    static let type = ValueOption("type", valueName: "T",
                                  help: "fact, preference, relationship, user_model_attr or procedure_pointer.",
                                  repeatable: true)
    static let subject = ValueOption("subject", valueName: "S", help: "Only this exact subject.")
    static let session = ValueOption("session", valueName: "id", help: "Only memories formed in this conversation.")
    static let search = ValueOption("search", valueName: "text", help: "Only memories whose words match.")
    static let yes = Flag("yes", help: "Delete without asking.")

    public static let spec = CommandSpec(
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
                        options: [flagged.spec] + [status, type, subject, session, search].map(\.spec)),
            CommandSpec(name: "show", summary: "Show a memory's record.", positionals: [id.spec]),
            CommandSpec(name: "reviewed", summary: "Mark reviewed: it looks right (no longer flagged; moves to the top).",
                        positionals: [id.spec]),
            CommandSpec(name: "untrue", summary: "Not true: the memory is retired and leaves the list.",
                        positionals: [id.spec]),
            CommandSpec(name: "not-here", summary: "Not relevant here: kept for this context only, with lower confidence; stays flagged.",
                        positionals: [id.spec]),
            CommandSpec(name: "delete", summary: "Delete a memory for good; the statement will not form again.",
                        discussion: "Asks first on a terminal; without one, --yes is required.",
                        options: [yes.spec], positionals: [id.spec]),
            CommandSpec(name: "synthesis", summary: "Memories the server merged, summarised or connected.",
                        subcommands: [
                            CommandSpec(name: "list", summary: "List synthesis operations, newest first."),
                            CommandSpec(name: "show", summary: "Show an operation and its sources.",
                                        positionals: [operationID.spec]),
                            CommandSpec(name: "undo", summary: "Undo a committed merge of two or more memories.",
                                        positionals: [operationID.spec]),
                        ]),
            CommandSpec(name: "dreaming", summary: "Dreaming: the schedule, its journal of runs and its proposals (alone: show them).",
                        subcommands: [
                            CommandSpec(name: "show", summary: "Show the schedule, the journal of runs and the open proposals."),
                            CommandSpec(name: "pause", summary: "Pause dreaming."),
                            CommandSpec(name: "resume", summary: "Resume dreaming."),
                            CommandSpec(name: "approve", summary: "Approve a proposed synthesis.", positionals: [operationID.spec]),
                            CommandSpec(name: "reject", summary: "Reject a proposed synthesis.", positionals: [operationID.spec]),
                        ]),
        ])

    public func run(_ command: ParsedCommand, console: Console) async throws -> ExitCode {
        let run = MemoryCommandRun(api: api, console: console)
        let id = command.argument(Self.id)
        let family: MemoryFamily = command.path.count > 2 && command.path[1] == "synthesis" ? .synthesis
            : command.path.count > 1 && command.path[1] == "dreaming" ? .dreaming : .memories
        do {
            switch command.path {
            case ["memory", "list"]: return try await run.list(command)
            case ["memory", "show"]: return try await run.show(api.record(id: id))
            case ["memory", "reviewed"]: return try await run.review(id, .dismiss)
            case ["memory", "untrue"]: return try await run.review(id, .untrue)
            case ["memory", "not-here"]: return try await run.review(id, .notHere)
            case ["memory", "delete"]: return try await run.delete(id, confirmed: command.flag(Self.yes))
            case ["memory", "synthesis", "list"]: return try await run.operations()
            case ["memory", "synthesis", "show"]: return try await run.showOperation(api.operation(id: id))
            case ["memory", "synthesis", "undo"]:
                return try await run.showOperation(api.undo(api.operation(id: id)), done: "Undone.")
            case ["memory", "dreaming", "show"]: return try await run.journal()
            case ["memory", "dreaming", "pause"]: return try await run.setPaused(true)
            case ["memory", "dreaming", "resume"]: return try await run.setPaused(false)
            case ["memory", "dreaming", "approve"]: return try await run.decide(id, .approved)
            case ["memory", "dreaming", "reject"]: return try await run.decide(id, .rejected)
            default:
                let words = command.path.joined(separator: " ")
                throw CommandFailure.usage("\(console.programName): \(words) needs a subcommand; see `\(console.programName) help \(words)`")
            }
        } catch let unsupported as MemoryChangesUnsupported {
            throw CommandFailure("\(console.programName): \(unsupported.description)", cause: unsupported.underlying)
        } catch let rule as MemoryRuleError {
            throw CommandFailure("\(console.programName): \(rule.description)")
        } catch let conflict as SynthesisConflict {
            console.err.writeLine("\(console.programName): \(conflict.description)")
            if console.json, let current = conflict.current { try console.printJSON(current) }
            return .failure
        } catch let conflict as DreamingScheduleConflict {
            console.err.writeLine("\(console.programName): \(conflict.description)")
            if console.json, let current = conflict.current { try console.printJSON(current) }
            return .failure
        } catch let error as APIError where error.refusal == .notAllowed || MemoryAPI.meansUnavailable(error) {
            // Which family is missing, or which scope: the family's read route decides.
            var access = await api.probe()
            if error.refusal == .notAllowed { access.noteWrite(family, error: error) }
            if let refusal = access.writeRefusal(family) {
                throw CommandFailure("\(console.programName): \(refusal.description)", cause: error)
            }
            throw error
        }
    }
}
