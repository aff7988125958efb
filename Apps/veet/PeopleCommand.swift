import Foundation
import VeetConsole
import VeetPeople
import VeetStore
import VeetTransport

/// `veet people ...`: the people the agent keeps, kept clean by their owner.
/// A server without People says so plainly; a token without `people.write`
/// is told that it may only read, and nothing is changed.
struct PeopleCommand {
    let context: CLIContext
    let api: PeopleAPI

    static let idArgument = PositionalSpec("id", help: "The person's id (from `veet people list`).")

    static let spec = CommandSpec(
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
                        options: [.flag("pinned", help: "Only the pinned people."),
                                  .flag("needs-review", help: "People known only by a name or role, and possible duplicates."),
                                  .flag("all", help: "Every identity, merged ones too."),
                                  .value("search", valueName: "text", help: "Names and contact details containing text.")]),
            CommandSpec(name: "show", summary: "Show a person's profile, or one section of it in full.",
                        options: [.value("section", valueName: "name",
                                         help: "relationships, history, facts or evidence (what the identity is made of).")],
                        positionals: [idArgument]),
            CommandSpec(name: "pin", summary: "Pin a person.", positionals: [idArgument]),
            CommandSpec(name: "unpin", summary: "Unpin a person.", positionals: [idArgument]),
            CommandSpec(name: "rename", summary: "Rename a person.",
                        positionals: [idArgument, PositionalSpec("name", help: "The new name (1-200 characters).")]),
            CommandSpec(name: "add", summary: "Add a person by name.",
                        positionals: [PositionalSpec("name", help: "The person's name (1-200 characters).")]),
            contactSpec,
            CommandSpec(name: "merge", summary: "Merge SOURCE into TARGET: shows the preview, asks, applies.",
                        options: [.flag("yes", help: "Apply the preview without asking.")],
                        positionals: [PositionalSpec("source", help: "The person merged away."),
                                      PositionalSpec("target", help: "The person that remains.")]),
            CommandSpec(name: "not-same", summary: "Repair an identity: move some of its records to a new person.",
                        discussion: "Shows the preview (what moves), asks, applies. The ids come from `show ID --section evidence`.",
                        options: [.value("entities", valueName: "id,...", help: "The records that belong to someone else.",
                                         repeatable: true),
                                  .flag("yes", help: "Apply the preview without asking.")],
                        positionals: [idArgument]),
            CommandSpec(name: "suggestions", summary: "Possible duplicates (alone: the list).",
                        subcommands: [
                            CommandSpec(name: "list", summary: "List the open suggestions (the default)."),
                            CommandSpec(name: "merge", summary: "Merge the two people of a suggestion.",
                                        positionals: [PositionalSpec("id", help: "The suggestion id.")]),
                            CommandSpec(name: "separate", summary: "Not the same: keep them apart; never suggested again.",
                                        positionals: [PositionalSpec("id", help: "The suggestion id.")]),
                        ]),
            CommandSpec(name: "undo", summary: "Undo a completed merge or split (an automatic merge too).",
                        positionals: [PositionalSpec("operation", help: "The operation id (shown by merge and show).")]),
            CommandSpec(name: "correct", summary: "Correct a fact about a person.",
                        options: [.value("as", valueName: "kind",
                                         help: "correct (with --statement), changed, never-true, affirm or remove."),
                                  .value("statement", valueName: "text", help: "The right words, for --as correct."),
                                  .value("effective-at", valueName: "time",
                                         help: "When a change took effect (ISO 8601 with an offset), for --as changed.")],
                        positionals: [idArgument, PositionalSpec("fact", help: "The fact id (veet people show ID --section facts).")]),
            importSpec,
            CommandSpec(name: "forget", summary: "Forget a person: shows what is erased, asks you to type the name.",
                        discussion: "Original messages stay in their source. Scripts pass --yes with the counts they expect.",
                        options: [.flag("yes", help: "Do not ask; needs --expect-counts."),
                                  .value("expect-counts", valueName: "kind=n,...",
                                         help: "The preview's counts, exactly (from a preview without --yes).")],
                        positionals: [idArgument]),
        ])

    static func run(_ command: ParsedCommand, context: CLIContext) async throws -> ExitCode {
        let writes: Set<String> = ["pin", "unpin", "rename", "add", "contact", "merge", "not-same", "undo", "correct", "forget"]
        let isWrite = writes.contains(command.path.dropFirst().first ?? "")
            || (command.path.count == 3 && !["list", "show"].contains(command.path.last ?? ""))
        if command.path == ["people", "forget"], command.flag("yes"), command.value("expect-counts") == nil {
            return context.fail("veet: forget --yes needs --expect-counts (the counts the preview shows), "
                                + "so a script never erases more than it expected.", .usage)
        }
        var api = PeopleAPI(sender: .live(client: try context.client()))
        do {
            if isWrite { api = try await Self.audited(api, context: context) }
            let people = PeopleCommand(context: context, api: api)
            return try await people.dispatch(command)
        } catch let meaning as PeopleError {
            return context.fail("veet: \(meaning.description)", Self.exitCode(meaning))
        } catch let conflict as IdentityConflict {
            return context.fail("veet: \(conflict.description)", .failure, answer: conflict.underlying)
        } catch let refused as ImportScopeError {
            return context.fail("veet: \(refused.description)", .usage)
        } catch let refused as PeopleCommandError {
            return context.fail("veet: \(refused.message)", refused.code)
        } catch {
            guard let meaning = PeopleError.from(error, isWrite: isWrite) else { throw error }
            return context.fail("veet: \(meaning.description)", Self.exitCode(meaning), answer: error as? APIError)
        }
    }

    static func exitCode(_ meaning: PeopleError) -> ExitCode {
        switch meaning {
        case .readDenied, .writesDenied: .notSignedIn
        default: .failure
        }
    }

    /// The People audit session of this connection: kept in the local store and
    /// created on first use (people.md §1: one for the whole People screen).
    static func audited(_ api: PeopleAPI, context: CLIContext) async throws -> PeopleAPI {
        let (store, _) = try context.store()
        let preferences = ConnectionPreferences(store: store)
        return try await api.audited(load: { try preferences.value(for: PeopleAPI.auditSessionKey) },
                                     save: { try preferences.set($0, for: PeopleAPI.auditSessionKey) })
    }

    private func dispatch(_ command: ParsedCommand) async throws -> ExitCode {
        let args = command.positionals
        switch command.path {
        case ["people", "list"]: return try await list(command)
        case ["people", "show"]: return try await show(args[0], section: command.value("section"))
        case ["people", "pin"]: return try await setPinned(args[0], true)
        case ["people", "unpin"]: return try await setPinned(args[0], false)
        case ["people", "rename"]:
            let person = try await api.profile(id: args[0]).person
            return try printPerson(try await api.rename(person, to: args[1]), "Renamed to")
        case ["people", "add"]: return try printPerson(try await api.create(displayName: args[0]), "Added")
        case ["people", "contact"]: return try await contact(command)
        case ["people", "merge"]: return try await merge(args[0], into: args[1], yes: command.flag("yes"))
        case ["people", "not-same"]: return try await notSame(args[0], command)
        case ["people", "suggestions"], ["people", "suggestions", "list"]: return try await suggestions()
        case ["people", "suggestions", "merge"]: return try await decide(args[0], .merge)
        case ["people", "suggestions", "separate"]: return try await decide(args[0], .separate)
        case ["people", "undo"]: return try await undo(args[0])
        case ["people", "correct"]: return try await correct(command)
        case ["people", "forget"]: return try await forget(command)
        case let path where path.count == 3 && path[1] == "import": return try await runImport(command)
        default: return context.fail("veet: people needs a subcommand; see `veet help people`", .usage)
        }
    }
}

/// A refusal the command makes itself, before or instead of a request.
struct PeopleCommandError: Error {
    var message: String
    var code: ExitCode = .failure
}
