import Foundation
import VeetConsole
import VeetSettings
import VeetTransport

/// One `veet settings` command's run: the API, the console, and how each answer is printed.
struct SettingsCommandRun {
    let api: SettingsAPI
    let console: Console

    private var out: Output { console.out }

    // MARK: Models

    func models(_ command: ParsedCommand) async throws -> ExitCode {
        let request = ModelSettingsRequest(
            chatPolicy: command.value(SettingsCommands.chat),
            chatEffort: command.value(SettingsCommands.effort).map(ModelSettingsRequest.effort(typed:)),
            memoryPolicy: command.value(SettingsCommands.memory),
            memoryEffort: command.value(SettingsCommands.memoryEffort).map(ModelSettingsRequest.effort(typed:)))
        let current = try await api.modelSettings()
        guard !request.isEmpty else {
            if console.json { try console.printJSON(current) } else { showModels(current) }
            return .success
        }
        let saved = try await api.saveModels(request, basedOn: current)
        if console.json {
            try console.printJSON(saved)
        } else {
            out.writeLine("Saved. \(ModelSettings.whenChatChoiceApplies)")
            showModels(saved)
        }
        return .success
    }

    private func showModels(_ settings: ModelSettings) {
        let style = console.outStyle
        out.writeLine(style.emphasis("Chat") + "    " + ServerText.line(settings.chat.text))
        out.writeLine(style.dim("  \(ModelSettings.whenChatChoiceApplies)"))
        for option in settings.chatOptions {
            let mark = option.modelPolicy == settings.chat.modelPolicy ? "*" : " "
            let efforts = ModelChoiceRules.efforts(for: option).map { $0?.label.lowercased() ?? "none" }
            out.writeLine("  \(mark) \(ServerText.line(option.modelPolicy))  \(style.dim(ServerText.line(option.displayName)))"
                + "  \(style.dim("efforts: " + efforts.joined(separator: ", ")))"
                + (option.defaultEffort.map { style.dim(" (default \($0.rawValue))") } ?? ""))
        }
        out.writeLine(style.emphasis("Memory") + "  " + ServerText.line(settings.memory.text))
        for option in settings.memoryOptions {
            let mark = option.choice == settings.memory ? "*" : " "
            out.writeLine("  \(mark) \(ServerText.line(option.modelPolicy))  effort \(option.reasoningEffort?.rawValue ?? "none")"
                + "  \(style.dim(ServerText.line(option.displayName)))")
        }
        out.writeLine(style.dim("version \(settings.version)"))
    }

    // MARK: Persona

    /// The entries, then the open nominations; on a server without nominations (an older
    /// persona) the persona still shows, and a line says the suggestions are not offered here.
    func showPersona() async throws -> ExitCode {
        let persona = try await api.persona()
        let offered = try await api.openNominationsIfOffered()
        let open = offered ?? []
        if console.json {
            try console.printJSON(PersonaView(persona: persona, openNominations: open))
            return .success
        }
        let style = console.outStyle
        out.writeLine(style.emphasis("Persona") + style.dim("  version \(persona.version)"))
        if persona.entries.isEmpty { out.writeLine(style.dim("  No entries yet: add some with `\(console.programName) settings persona edit`.")) }
        for (index, entry) in persona.entries.enumerated() {
            out.writeLine("  \(index + 1). \(ServerText.line(entry.text))"
                + (entry.source == .affirmation ? style.dim("  (\(entry.source.label))") : ""))
        }
        if offered == nil, let notice = Self.access(nominationsOffered: false).notice(.nominations) {
            out.writeLine("")
            out.writeLine(style.dim(notice))
        }
        for nomination in open {
            out.writeLine("")
            out.writeLine(style.warning("│ From memory: ") + "“\(ServerText.line(nomination.statement))”")
            out.writeLine(style.warning("│ ") + "\(console.programName) settings persona affirm \(nomination.id)"
                + style.dim("   or: decline \(nomination.id)"))
        }
        return .success
    }

    static func access(nominationsOffered: Bool) -> PersonaAccess {
        var access = PersonaAccess()
        access.persona = .offered
        access.nominations = nominationsOffered ? .offered : .notOffered
        return access
    }

    func history(limit: Int) async throws -> ExitCode {
        let versions = try await api.personaHistory(limit: limit)
        if console.json {
            try console.printJSON(versions)
            return .success
        }
        if versions.isEmpty { console.err.writeLine("The persona has no history yet.") }
        let style = console.outStyle
        for version in versions {
            out.writeLine(style.emphasis("version \(version.version)")
                + style.dim("  \(version.createdAt?.text ?? "")  \(version.source?.label ?? "")"))
            for entry in version.entries { out.writeLine("  - \(ServerText.line(entry.text))") }
        }
        return .success
    }

    func affirm(_ id: String) async throws -> ExitCode {
        let persona = try await api.affirm(nominationID: id)
        if console.json {
            try console.printJSON(persona)
        } else {
            out.writeLine("Added to your persona (now version \(persona.version)): "
                + "“\(ServerText.line(persona.entries.last?.text ?? ""))”")
        }
        return .success
    }

    func decline(_ id: String) async throws -> ExitCode {
        let nomination = try await api.decline(nominationID: id)
        if console.json {
            try console.printJSON(nomination)
        } else {
            out.writeLine("Declined: “\(ServerText.line(nomination.statement))” stays out of your persona.")
        }
        return .success
    }
}
