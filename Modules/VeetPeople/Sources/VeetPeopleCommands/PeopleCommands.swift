import Foundation
import VeetConsole
import VeetPeople
import VeetTransport

/// `veet people ...`: the people the agent keeps, kept clean by their owner.
/// A server without People says so plainly; a token without `people.write`
/// is told that it may only read, and nothing is changed. Writes go through the
/// connection's People audit session, which the app opens (`audited`: the app
/// keeps it in its store, shared with the full-screen client).
public struct PeopleCommands: CommandGroup {
    let api: PeopleAPI
    let audited: @Sendable (PeopleAPI) async throws -> PeopleAPI

    public init(api: PeopleAPI, audited: @escaping @Sendable (PeopleAPI) async throws -> PeopleAPI) {
        self.api = api
        self.audited = audited
    }

    /// The program these help texts name: the CLI that registers the group (its runs say `console.programName`).
    static let program = "veet"

    static let id = Argument("id", help: "The person's id (from `\(program) people list`).")
    static let name = Argument("name", help: "The new name (1-200 characters).")
    static let newName = Argument("name", help: "The person's name (1-200 characters).")
    static let source = Argument("source", help: "The person merged away.")
    static let target = Argument("target", help: "The person that remains.")
    static let suggestionID = Argument("id", help: "The suggestion id.")
    static let operation = Argument("operation", help: "The operation id (shown by merge and show).")
    static let fact = Argument("fact", help: "The fact id (veet people show ID --section facts).")
    static let job = Argument("job", help: "The import job id (from `\(program) people import list`).")

    static let pinned = Flag("pinned", help: "Only the pinned people.")
    static let needsReview = Flag("needs-review", help: "People known only by a name or role, and possible duplicates.")
    static let all = Flag("all", help: "Every identity, merged ones too.")
    static let search = ValueOption("search", valueName: "text", help: "Names and contact details containing text.")
    static let section = ValueOption("section", valueName: "name",
                                     help: "relationships, history, facts or evidence (what the identity is made of).")
    static let yes = Flag("yes", help: "Apply the preview without asking.")
    static let entities = ValueOption("entities", valueName: "id,...", help: "The records that belong to someone else.",
                                      repeatable: true)
    static let correctAs = ValueOption("as", valueName: "kind",
                                       help: "correct (with --statement), changed, never-true, affirm or remove.")
    static let statement = ValueOption("statement", valueName: "text", help: "The right words, for --as correct.")
    static let effectiveAt = ValueOption("effective-at", valueName: "time",
                                         help: "When a change took effect (ISO 8601 with an offset), for --as changed.")
    static let forgetYes = Flag("yes", help: "Do not ask; needs --expect-counts.")
    static let expectCounts = ValueOption("expect-counts", valueName: "kind=n,...",
                                          help: "The preview's counts, exactly (from a preview without --yes).")

    public static let spec = CommandSpec(
        name: "people",
        summary: "The people the agent knows: browse, pin, rename, merge, correct, forget.",
        discussion: """
            Everything is read with the owner's ceiling (restricted). Writes are recorded in one \
            People audit session per connection, which chat lists hide.
            """,
        examples: [
            CommandExample("veet people list --needs-review"),
            CommandExample("veet people show 0198d6a2-4c1e-7b3a-9f21-5e8c0d4a7b61 --section history"),
            CommandExample("veet people forget ID --yes --expect-counts person=1,identifier=2,fact=5"),
        ],
        subcommands: [
            CommandSpec(name: "list", summary: "List people (initials, name, id); Pinned first.",
                        options: [pinned.spec, needsReview.spec, all.spec, search.spec]),
            CommandSpec(name: "show", summary: "Show a person's profile, or one section of it in full.",
                        options: [section.spec], positionals: [id.spec]),
            CommandSpec(name: "pin", summary: "Pin a person.", positionals: [id.spec]),
            CommandSpec(name: "unpin", summary: "Unpin a person.", positionals: [id.spec]),
            CommandSpec(name: "rename", summary: "Rename a person.", positionals: [id.spec, name.spec]),
            CommandSpec(name: "add", summary: "Add a person by name.", positionals: [newName.spec]),
            contactSpec,
            CommandSpec(name: "merge", summary: "Merge SOURCE into TARGET: shows the preview, asks, applies.",
                        options: [yes.spec], positionals: [source.spec, target.spec]),
            CommandSpec(name: "not-same", summary: "Repair an identity: move some of its records to a new person.",
                        discussion: "Shows the preview (what moves), asks, applies. The ids come from `show ID --section evidence`.",
                        options: [entities.spec, yes.spec], positionals: [id.spec]),
            CommandSpec(name: "suggestions", summary: "Possible duplicates (alone: the list).",
                        subcommands: [
                            CommandSpec(name: "list", summary: "List the open suggestions (the default)."),
                            CommandSpec(name: "merge", summary: "Merge the two people of a suggestion.",
                                        positionals: [suggestionID.spec]),
                            CommandSpec(name: "separate", summary: "Not the same: keep them apart; never suggested again.",
                                        positionals: [suggestionID.spec]),
                        ]),
            CommandSpec(name: "undo", summary: "Undo a completed merge or split (an automatic merge too).",
                        positionals: [operation.spec]),
            CommandSpec(name: "correct", summary: "Correct a fact about a person.",
                        options: [correctAs.spec, statement.spec, effectiveAt.spec], positionals: [id.spec, fact.spec]),
            importSpec,
            CommandSpec(name: "forget", summary: "Forget a person: shows what is erased, asks you to type the name.",
                        discussion: "Original messages stay in their source. Scripts pass --yes with the counts they expect.",
                        options: [forgetYes.spec, expectCounts.spec], positionals: [id.spec]),
        ])

    public func run(_ command: ParsedCommand, console: Console) async throws -> ExitCode {
        let writes: Set<String> = ["pin", "unpin", "rename", "add", "contact", "merge", "not-same", "undo", "correct", "forget"]
        let isWrite = writes.contains(command.path.dropFirst().first ?? "")
            || (command.path.count == 3 && !["list", "show"].contains(command.path.last ?? ""))
        let program = console.programName
        if command.names("people", "forget"), command.flag(Self.forgetYes), command.value(Self.expectCounts) == nil {
            throw CommandFailure("\(program): forget --yes needs --expect-counts (the counts the preview shows), "
                                 + "so a script never erases more than it expected.", exitCode: .usage)
        }
        do {
            var api = api
            if isWrite { api = try await audited(api) }
            return try await PeopleCommandRun(api: api, console: console).dispatch(command)
        } catch let meaning as PeopleError {
            throw CommandFailure("\(program): \(meaning.description)", exitCode: Self.exitCode(meaning))
        } catch let conflict as IdentityConflict {
            throw CommandFailure("\(program): \(conflict.description)", cause: conflict.underlying)
        } catch let refused as ImportScopeError {
            throw CommandFailure("\(program): \(refused.description)", exitCode: .usage)
        } catch let refused as PeopleCommandError {
            throw CommandFailure("\(program): \(refused.message)", exitCode: refused.code)
        } catch {
            guard let meaning = PeopleError.from(error, isWrite: isWrite) else { throw error }
            throw CommandFailure("\(program): \(meaning.description)", exitCode: Self.exitCode(meaning),
                                 cause: error as? APIError)
        }
    }

    static func exitCode(_ meaning: PeopleError) -> ExitCode {
        switch meaning {
        case .readDenied, .writesDenied: .notSignedIn
        default: .failure
        }
    }
}

/// One `veet people` command run: the API (audited for a write) and the console it prints on.
struct PeopleCommandRun {
    let api: PeopleAPI
    let console: Console

    func dispatch(_ command: ParsedCommand) async throws -> ExitCode {
        let id = command.argument(PeopleCommands.id)
        switch command.path {
        case ["people", "list"]: return try await list(command)
        case ["people", "show"]: return try await show(id, section: command.value(PeopleCommands.section))
        case ["people", "pin"]: return try await setPinned(id, true)
        case ["people", "unpin"]: return try await setPinned(id, false)
        case ["people", "rename"]:
            let person = try await api.profile(id: id).person
            return try printPerson(try await api.rename(person, to: command.argument(PeopleCommands.name)), "Renamed to")
        case ["people", "add"]: return try printPerson(try await api.create(displayName: command.argument(PeopleCommands.newName)), "Added")
        case ["people", "contact"]: return try await contact(command)
        case ["people", "merge"]:
            return try await merge(command.argument(PeopleCommands.source), into: command.argument(PeopleCommands.target),
                                   yes: command.flag(PeopleCommands.yes))
        case ["people", "not-same"]: return try await notSame(id, command)
        case ["people", "suggestions"], ["people", "suggestions", "list"]: return try await suggestions()
        case ["people", "suggestions", "merge"]: return try await decide(command.argument(PeopleCommands.suggestionID), .merge)
        case ["people", "suggestions", "separate"]:
            return try await decide(command.argument(PeopleCommands.suggestionID), .separate)
        case ["people", "undo"]: return try await undo(command.argument(PeopleCommands.operation))
        case ["people", "correct"]: return try await correct(command)
        case ["people", "forget"]: return try await forget(command)
        case let path where path.count == 3 && path[1] == "import": return try await runImport(command)
        default:
            throw PeopleCommandError(message: "people needs a subcommand; see `\(console.programName) help people`", code: .usage)
        }
    }
}

/// A refusal the command makes itself, before or instead of a request.
struct PeopleCommandError: Error {
    var message: String
    var code: ExitCode = .failure
}
