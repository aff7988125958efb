import Foundation
import VeetConsole
import VeetSettings
import VeetTransport

/// `veet settings ...`: the owner's model settings and persona. A server without a
/// resource is told plainly (exit 1, `not_offered`), as folders are. `settings privacy`
/// (where this computer keeps what it keeps) is `PrivacyReport`, run without a server on
/// the paths the app hands in.
public struct SettingsCommands: CommandGroup {
    let api: SettingsAPI
    /// For `persona edit`: $EDITOR and $VISUAL.
    let environment: [String: String]

    public init(api: SettingsAPI, environment: [String: String]) {
        self.api = api
        self.environment = environment
    }

    static let nominationID = Argument("id", help: "The nomination id.")
    static let chat = ValueOption("chat", valueName: "P", help: "The chat model policy (its default effort unless --effort).")
    static let effort = ValueOption("effort", valueName: "E", help: "The chat reasoning effort (low, medium, high, xhigh, max or none).")
    static let memory = ValueOption("memory", valueName: "P", help: "The memory model policy (its first evaluated pair unless --memory-effort).")
    static let memoryEffort = ValueOption("memory-effort", valueName: "E", help: "The memory effort of an evaluated pair (or none).")
    static let limit = ValueOption("limit", valueName: "n", help: "At most n versions (default 20).")

    public static let spec = CommandSpec(
        name: "settings",
        summary: "Your model settings and persona, and where this computer keeps its data.",
        examples: [CommandExample("veet settings models"), CommandExample("veet settings models --chat fast"),
                   CommandExample("veet settings persona edit"), CommandExample("veet settings privacy --json")],
        subcommands: [
            CommandSpec(name: "models", summary: "Show the chat and memory models, or change them.",
                        discussion: """
                            The chat model applies to new chats; its reasoning effort applies from the next message. \
                            A memory model is chosen with one of the effort pairs the server evaluated. \
                            An effort of none sends no effort (for a model that takes none).
                            """,
                        options: [chat, effort, memory, memoryEffort].map(\.spec)),
            CommandSpec(name: "persona", summary: "Your standing instructions (alone: show them and the open nominations).",
                        subcommands: [
                            CommandSpec(name: "show", summary: "Show the persona's entries and the open nominations from memory."),
                            CommandSpec(name: "edit", summary: "Edit the entries in $EDITOR (one entry per paragraph).",
                                        discussion: """
                                            The file is owner-only and removed afterwards. If the persona changed \
                                            elsewhere meanwhile, both versions are shown: on a terminal you choose; \
                                            otherwise nothing is saved and your text is printed, so none of it is lost.
                                            """),
                            CommandSpec(name: "history", summary: "Earlier versions, newest first.", options: [limit.spec]),
                            CommandSpec(name: "affirm", summary: "Add a nominated memory to the persona.", positionals: [nominationID.spec]),
                            CommandSpec(name: "decline", summary: "Decline a nominated memory.", positionals: [nominationID.spec]),
                        ]),
            CommandSpec(name: "privacy", summary: "The version, where each kind of data lives, and how to clear it."),
        ])

    public func run(_ command: ParsedCommand, console: Console) async throws -> ExitCode {
        let run = SettingsCommandRun(api: api, console: console)
        let name = console.programName
        do {
            switch command.path {
            case ["settings", "models"]: return try await run.models(command)
            case ["settings", "persona", "show"]: return try await run.showPersona()
            case ["settings", "persona", "edit"]: return try await PersonaEditor(console: console, api: api, environment: environment).run()
            case ["settings", "persona", "history"]:
                return try await run.history(limit: Int(command.value(Self.limit) ?? "20") ?? 20)
            case ["settings", "persona", "affirm"]: return try await run.affirm(command.argument(Self.nominationID))
            case ["settings", "persona", "decline"]: return try await run.decline(command.argument(Self.nominationID))
            default:
                let words = command.path.joined(separator: " ")
                throw CommandFailure.usage("\(name): \(words) needs a subcommand; see `\(name) help \(words)`")
            }
        } catch let absent as SettingsUnavailable {
            throw CommandFailure(absent.description, kind: "not_offered")
        } catch let refusal as ChoiceRefusal {
            throw CommandFailure("\(name): \(refusal.description) Nothing was saved; see `\(name) settings models`.")
        } catch let refused as PersonaRefused {
            throw CommandFailure("\(name): \(refused.description)")
        } catch let conflict as ModelSettingsConflict {
            console.err.writeLine("\(name): \(conflict.description)")
            if console.json { try console.printJSON(conflict.current) }
            return .failure
        } catch let notOffered as ChoiceNotOffered {
            throw CommandFailure("\(name): \(notOffered.description) See `\(name) settings models`.", cause: notOffered.underlying)
        }
    }
}

/// `settings persona show --json`: the document and the open nominations together.
struct PersonaView: Encodable {
    var persona: PersonaDocument
    var openNominations: [PersonaNomination]
    enum CodingKeys: String, CodingKey {
        case persona
        case openNominations = "open_nominations"
    }
}
