import Foundation
import VeetConsole
import VeetSettings
import VeetTransport

/// `veet settings ...`: the owner's model settings and persona, and where this
/// computer keeps what it keeps. A server without a resource is told plainly
/// (exit 1), as folders are.
struct SettingsCommand {
    let context: CLIContext
    let api: SettingsAPI

    private static let nominationID = [PositionalSpec("id", help: "The nomination id.")]

    static let spec = CommandSpec(
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
                        options: [
                            .value("chat", valueName: "P", help: "The chat model policy (its default effort unless --effort)."),
                            .value("effort", valueName: "E", help: "The chat reasoning effort (low, medium, high, xhigh, max or none)."),
                            .value("memory", valueName: "P", help: "The memory model policy (its first evaluated pair unless --memory-effort)."),
                            .value("memory-effort", valueName: "E", help: "The memory effort of an evaluated pair (or none)."),
                        ]),
            CommandSpec(name: "persona", summary: "Your standing instructions (alone: show them and the open nominations).",
                        subcommands: [
                            CommandSpec(name: "show", summary: "Show the persona's entries and the open nominations from memory."),
                            CommandSpec(name: "edit", summary: "Edit the entries in $EDITOR (one entry per paragraph).",
                                        discussion: """
                                            The file is owner-only and removed afterwards. If the persona changed \
                                            elsewhere meanwhile, both versions are shown: on a terminal you choose; \
                                            otherwise nothing is saved and your text is printed, so none of it is lost.
                                            """),
                            CommandSpec(name: "history", summary: "Earlier versions, newest first.",
                                        options: [.value("limit", valueName: "n", help: "At most n versions (default 20).")]),
                            CommandSpec(name: "affirm", summary: "Add a nominated memory to the persona.", positionals: nominationID),
                            CommandSpec(name: "decline", summary: "Decline a nominated memory.", positionals: nominationID),
                        ]),
            CommandSpec(name: "privacy", summary: "The version, where each kind of data lives, and how to clear it."),
        ])

    static func run(_ command: ParsedCommand, context: CLIContext) async throws -> ExitCode {
        if command.path == ["settings", "privacy"] { return try PrivacyReport(context: context).print() }
        let settings = SettingsCommand(context: context, api: SettingsAPI(sender: .live(client: try context.client())))
        do {
            switch command.path {
            case ["settings", "models"]: return try await settings.models(command)
            case ["settings", "persona", "show"]: return try await settings.showPersona()
            case ["settings", "persona", "edit"]: return try await PersonaEditor(context: context, api: settings.api).run()
            case ["settings", "persona", "history"]:
                return try await settings.history(limit: Int(command.value("limit") ?? "20") ?? 20)
            case ["settings", "persona", "affirm"]: return try await settings.affirm(command.positionals[0])
            case ["settings", "persona", "decline"]: return try await settings.decline(command.positionals[0])
            default:
                return context.fail("veet: \(command.path.joined(separator: " ")) needs a subcommand; see `veet help \(command.path.joined(separator: " "))`", .usage)
            }
        } catch let absent as SettingsUnavailable {
            return try await context.notOffered(absent.description, .failure)
        } catch let refusal as ChoiceRefusal {
            return context.fail("veet: \(refusal.description) Nothing was saved; see `veet settings models`.", .failure)
        } catch let refused as PersonaRefused {
            return context.fail("veet: \(refused.description)", .failure)
        } catch let conflict as ModelSettingsConflict {
            context.err.writeLine("veet: \(conflict.description)")
            if context.json { try JSONOutput.print(conflict.current, layout: .compact) }
            return .failure
        } catch let notOffered as ChoiceNotOffered {
            return context.fail("veet: \(notOffered.description) See `veet settings models`.", .failure,
                                answer: notOffered.underlying)
        }
    }

    // MARK: Models

    func models(_ command: ParsedCommand) async throws -> ExitCode {
        let request = ModelSettingsRequest(
            chatPolicy: command.value("chat"), chatEffort: command.value("effort").map(ModelSettingsRequest.effort(typed:)),
            memoryPolicy: command.value("memory"),
            memoryEffort: command.value("memory-effort").map(ModelSettingsRequest.effort(typed:)))
        let current = try await api.modelSettings()
        guard !request.isEmpty else {
            if context.json { try JSONOutput.print(current, layout: .compact) } else { showModels(current) }
            return .success
        }
        let saved = try await api.saveModels(request, basedOn: current)
        if context.json {
            try JSONOutput.print(saved, layout: .compact)
        } else {
            context.out.writeLine("Saved. \(ModelSettings.whenChatChoiceApplies)")
            showModels(saved)
        }
        return .success
    }

    private func showModels(_ settings: ModelSettings) {
        let style = context.outStyle
        context.out.writeLine(style.emphasis("Chat") + "    " + ServerText.line(settings.chat.text))
        context.out.writeLine(style.dim("  \(ModelSettings.whenChatChoiceApplies)"))
        for option in settings.chatOptions {
            let mark = option.modelPolicy == settings.chat.modelPolicy ? "*" : " "
            let efforts = ModelChoiceRules.efforts(for: option).map { $0?.label.lowercased() ?? "none" }
            context.out.writeLine("  \(mark) \(ServerText.line(option.modelPolicy))  \(style.dim(ServerText.line(option.displayName)))"
                + "  \(style.dim("efforts: " + efforts.joined(separator: ", ")))"
                + (option.defaultEffort.map { style.dim(" (default \($0.rawValue))") } ?? ""))
        }
        context.out.writeLine(style.emphasis("Memory") + "  " + ServerText.line(settings.memory.text))
        for option in settings.memoryOptions {
            let mark = option.choice == settings.memory ? "*" : " "
            context.out.writeLine("  \(mark) \(ServerText.line(option.modelPolicy))  effort \(option.reasoningEffort?.rawValue ?? "none")"
                + "  \(style.dim(ServerText.line(option.displayName)))")
        }
        context.out.writeLine(style.dim("version \(settings.version)"))
    }

    // MARK: Persona

    func showPersona() async throws -> ExitCode {
        let persona = try await api.persona()
        let open = try await api.openNominations()
        if context.json {
            try JSONOutput.print(PersonaView(persona: persona, openNominations: open), layout: .compact)
            return .success
        }
        let style = context.outStyle
        context.out.writeLine(style.emphasis("Persona") + style.dim("  version \(persona.version)"))
        if persona.entries.isEmpty { context.out.writeLine(style.dim("  No entries yet: add some with `veet settings persona edit`.")) }
        for (index, entry) in persona.entries.enumerated() {
            context.out.writeLine("  \(index + 1). \(ServerText.line(entry.text))"
                + (entry.source == .affirmation ? style.dim("  (\(entry.source.label))") : ""))
        }
        for nomination in open {
            context.out.writeLine("")
            context.out.writeLine(style.warning("│ From memory: ") + "“\(ServerText.line(nomination.statement))”")
            context.out.writeLine(style.warning("│ ") + "veet settings persona affirm \(nomination.id)"
                + style.dim("   or: decline \(nomination.id)"))
        }
        return .success
    }

    func history(limit: Int) async throws -> ExitCode {
        let versions = try await api.personaHistory(limit: limit)
        if context.json {
            try JSONOutput.print(versions, layout: .compact)
            return .success
        }
        if versions.isEmpty { context.err.writeLine("The persona has no history yet.") }
        let style = context.outStyle
        for version in versions {
            context.out.writeLine(style.emphasis("version \(version.version)")
                + style.dim("  \(version.createdAt?.text ?? "")  \(version.source?.label ?? "")"))
            for entry in version.entries { context.out.writeLine("  - \(ServerText.line(entry.text))") }
        }
        return .success
    }

    func affirm(_ id: String) async throws -> ExitCode {
        let persona = try await api.affirm(nominationID: id)
        if context.json {
            try JSONOutput.print(persona, layout: .compact)
        } else {
            context.out.writeLine("Added to your persona (now version \(persona.version)): "
                + "“\(ServerText.line(persona.entries.last?.text ?? ""))”")
        }
        return .success
    }

    func decline(_ id: String) async throws -> ExitCode {
        let nomination = try await api.decline(nominationID: id)
        if context.json {
            try JSONOutput.print(nomination, layout: .compact)
        } else {
            context.out.writeLine("Declined: “\(ServerText.line(nomination.statement))” stays out of your persona.")
        }
        return .success
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
