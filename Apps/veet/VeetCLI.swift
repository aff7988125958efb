import Foundation
import VeetCalls
import VeetCallsCommands
import VeetAccount
import VeetAccountCommands
import VeetChat
import VeetChatCommands
import VeetConsole
import VeetEmail
import VeetEmailCommands
import VeetMemory
import VeetFolders
import VeetFoldersCommands
import VeetMemoryCommands
import VeetSchedules
import VeetSchedulesCommands
import VeetWebsiteAccess
import VeetWebsiteAccessCommands
import VeetPeople
import VeetPeopleCommands
import VeetSubscriptions
import VeetSettings
import VeetSettingsCommands
import VeetSubscriptionsCommands
import VeetStore
import VeetSurfaces
import VeetSurfacesCommands
import VeetTransport

/// Parses the command line and runs one command.
struct VeetCLI {
    static let version = VeetTransportVersion.current
    let arguments: [String]

    /// `veet --version` is the conventional spelling of `veet version`; a
    /// bare `veet connections` means `veet connections list`, a bare
    /// `veet memory dreaming` means `veet memory dreaming show`, a bare
    /// `veet email learning` means `veet email learning show`.
    static func normalised(_ arguments: [String]) -> [String] {
        guard arguments.isEmpty == false else { return ["--help"] }
        if let last = arguments.lastIndex(where: { !$0.hasPrefix("-") }),
           !arguments.contains("--help"), !arguments.contains("-h") {
            let implied: String? = switch arguments[last] {
            case "connections": "list"
            case "dreaming" where last > 0 && arguments[last - 1] == "memory": "show"
            case "learning" where last > 0 && arguments[last - 1] == "email": "show"
            default: nil
            }
            if let implied {
                var listed = arguments
                listed.insert(implied, at: last + 1)
                return listed
            }
        }
        // A bare `veet settings persona` means `veet settings persona show`.
        let typed = arguments.filter { !$0.hasPrefix("-") }
        if typed == ["settings", "persona"], let at = arguments.lastIndex(of: "persona"), !arguments.contains("--help"),
           !arguments.contains("-h") {
            var shown = arguments
            shown.insert("show", at: at + 1)
            return shown
        }
        // `veet subs ...` is `veet subscriptions ...`.
        if let alias = arguments.firstIndex(where: { !$0.hasPrefix("-") }), arguments[alias] == "subs",
           alias == 0 || arguments[alias - 1] != "--connection" {
            var named = arguments
            named[alias] = "subscriptions"
            return Self.normalised(named)
        }
        // A bare `veet people suggestions` means `veet people suggestions list`.
        let words = arguments.enumerated().filter { !$0.element.hasPrefix("-") }
        if words.count == 2, words.map(\.element) == ["people", "suggestions"], !arguments.contains("--help"),
           !arguments.contains("-h") {
            var listed = arguments
            listed.insert("list", at: words[1].offset + 1)
            return listed
        }
        guard let index = arguments.firstIndex(of: "--version"),
              arguments[..<index].allSatisfy({ $0.hasPrefix("-") }) else { return arguments }
        var rest = arguments
        rest.remove(at: index)
        return rest + ["version"]
    }

    func run() async -> ExitCode {
        if Self.asksOnlyForTheVersion(arguments) {
            Output.standardOutput.writeLine(BuildInfo.line)
            return .success
        }
        if arguments.first == CompletionCommands.liveCommand {
            // Called by a completion script at every Tab: no parsing, no output but the values.
            guard arguments.count == 2, let context = try? CLIContext(ParsedCommand(path: [])) else { return .success }
            CompletionCommands.printLive((try? CompletionValues.values(arguments[1], context: context)) ?? [], to: context.out)
            return .success
        }
        if arguments == [ManPageCommand.hiddenCommand] {
            Output.standardOutput.write(ManPageCommand.page)
            return .success
        }
        let parsed: ParsedCommand
        do {
            switch try CommandLineParser(root: CommandTree.root).parse(Self.normalised(arguments)) {
            case .help(let path):
                Output.standardOutput.write(HelpFormatter(root: CommandTree.root).help(for: path) ?? "")
                return .success
            case .run(let command):
                parsed = command
            }
        } catch {
            let text = error.report(programName: "veet")
            Output.standardError.writeLine(text)
            // The command line did not parse, so --json is looked for as typed.
            if arguments.contains("--json") { ErrorReport(message: text, exitCode: .usage).printJSON() }
            return .usage
        }
        let context: CLIContext
        do {
            context = try CLIContext(parsed)
        } catch {
            let text = (error as? UsageError)?.report(programName: "veet") ?? "veet: \(error)"
            Output.standardError.writeLine(text)
            if parsed.flag(CommandTree.json) { ErrorReport(message: text, exitCode: .usage).printJSON() }
            return .usage
        }
        do {
            try context.refuseUnknownConnection()
            return try await dispatch(parsed, context)
        } catch let failure as CommandFailure {
            // A family not offered, unless the address has no Veetbot API at all (its health probe answers 404 too).
            if failure.kind == "not_offered", let missing = await (try? context.client())?.missingAPI(after: ServerRefusal.notFound) {
                return ErrorReport(error: missing).print(json: context.json)
            }
            return context.report(failure)
        } catch {
            // A 404 from an address with no Veetbot API at all (a wrong path prefix) says so.
            let refusal = (error as? APIError)?.refusal ?? (error as? OutboxRefusedError)?.refusal
            if refusal == .notFound, let client = try? context.client(), let missing = await client.missingAPI(after: refusal) {
                return ErrorReport(error: missing).print(json: context.json)
            }
            return ErrorReport(error: error).print(json: context.json)
        }
    }

    /// `veet --version` and `veet version` print one constant line: answered before
    /// the command table is built and the environment, paths and terminal are read
    /// (a third of what `main` did for it; docs/bench.md, "Start-up").
    static func asksOnlyForTheVersion(_ arguments: [String]) -> Bool {
        arguments == ["--version"] || arguments == ["version"]
    }

    private func dispatch(_ command: ParsedCommand, _ context: CLIContext) async throws -> ExitCode {
        if command.path == ["version"] {
            if context.json {
                try JSONOutput.print(["version": Self.version, "build": BuildInfo.build, "commit": BuildInfo.commit],
                                     layout: .compact)
            } else {
                Output.standardOutput.writeLine(BuildInfo.line)
            }
            return .success
        }
        if ChatCommands.handles(command.path) { return try await context.chat.run(command, console: context.console) }
        switch command.path.first {
        case "sites":
            return try await WebsiteAccessCommands(client: { try context.client() }, chosenProfile: { ChosenProfile(store: try context.store().0) },
                                                   environment: context.environment,
                                                   approveForTask: { try await context.chat.approveForTask($0, console: context.console) })
                .run(command, console: context.console)
        case "folders": return try await FoldersCommands(center: FolderCenter(api: FoldersAPI(sender: .live(client: try context.client()))))
            .run(command, console: context.console)
        case "schedules": return try await SchedulesCommands(api: SchedulesAPI(sender: .live(client: try context.client())),
                                                             conversations: { try await context.conversationAgents(all: $0) }).run(command, console: context.console)
        case "memory": return try await MemoryCommands(api: MemoryAPI(sender: .live(client: try context.client())))
            .run(command, console: context.console)
        case "people": return try await PeopleCommands(api: PeopleAPI(sender: .live(client: try context.client())),
                                                       audited: { try await context.auditedPeople($0) })
            .run(command, console: context.console)
        case "email":
            return try await EmailCommands(api: EmailAPI(sender: .live(client: try context.client())),
                                           environment: context.environment) { session, once in
                // `discuss`: the chat bound to the thread, as `veet chat --session` runs it.
                var words = ["chat", "--session", session]
                if let once { words += ["--once", once] }
                if context.json { words.append("--json") }
                guard case .run(let chat) = try CommandLineParser(root: CommandTree.root).parse(words) else { return .usage }
                return try await context.chat.run(chat, console: context.console)
            }.run(command, console: context.console)
        case "settings" where command.path == ["settings", "privacy"]: return try context.privacyReport.run(console: context.console)
        case "settings": return try await SettingsCommands(api: SettingsAPI(sender: .live(client: try context.client())),
                                                           environment: context.environment).run(command, console: context.console)
        case "subscriptions": return try await SubscriptionsCommands(api: SubscriptionsAPI(sender: .live(client: try context.client())))
            .run(command, console: context.console)
        case "calls": return try await CallsCommands(api: CallsAPI(sender: .live(client: try context.client())))
            .run(command, console: context.console)
        case "surfaces": return try await SurfacesCommands(api: SurfacesAPI(sender: .live(client: try context.client())))
            .run(command, console: context.console)
        case "devices": return try await DevicesCommands(context.account).run(command, console: context.console)
        case "connect": return try await ConnectCommand(context.connections).run(command, console: context.console)
        case "connections": return try await ConnectionsCommands(context.connections).run(command, console: context.console)
        case "notifications": return try await NotificationsCommands(context.account).run(command, console: context.console)
        case "daemon": return try await DaemonCommand.run(command, context: context)
        default: break
        }
        switch command.path {
        case ["needs-you"]: return try await NeedsYouCommand(context: context).run()
        case ["tokens"]: return try await TokensCommands(environment: context.environment).run(command, console: context.console)
        case ["doctor"]: return await DoctorCommand(context: context).run()
        case ["completion"]: return try await CompletionValues.command.run(command, console: context.console)
        default:
            Output.standardError.writeLine("veet: \(command.path.joined(separator: " ")) needs a subcommand; see `veet help \(command.path.joined(separator: " "))`")
            return .usage
        }
    }
}
