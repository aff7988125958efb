import Dispatch
import Foundation
import VeetConsole
import VeetStore
import VeetTransport
import VeetWebsiteAccess

/// `veet sites ...`: website access through the remote sign-in ceremony.
/// The one-time sign-in link is written to the terminal only: never to
/// `--json` output, the store or a log.
struct SitesCommand {
    let context: CLIContext

    static let spec = CommandSpec(
        name: "sites",
        summary: "Website access: browser profiles the agent can use, signed in by you.",
        discussion: """
            A terminal cannot show a sign-in page, so VeetKit uses the server's remote browser: \
            `add` prints a single-use, five-minute link; open it in a web browser, sign in there, \
            and VeetKit notices when the profile is ready. Signing in on this device is not possible from a terminal.
            """,
        subcommands: [
            CommandSpec(name: "list", summary: "List browser profiles (* marks the one used for new chats)."),
            CommandSpec(name: "add", summary: "Add a website and sign in to it through the remote browser.",
                        options: [.value("origin", valueName: "https://host", help: "Another exact origin the profile may use.",
                                         repeatable: true),
                                  .flag("open", help: "Open the link with the desktop's opener instead of only printing it."),
                                  .flag("no-wait", help: "Print the link and return without waiting.")],
                        positionals: [PositionalSpec("url", help: "The website's home or login page (https assumed).")]),
            CommandSpec(name: "signin", summary: "Sign in again to a profile.",
                        options: [.value("url", valueName: "url", help: "The login page (default: the first origin)."),
                                  .flag("open", help: "Open the link with the desktop's opener.")],
                        positionals: [PositionalSpec("id", help: "The profile id.")]),
            CommandSpec(name: "status", summary: "Show a profile and its newest sign-in.",
                        positionals: [PositionalSpec("id", help: "The profile id.")]),
            CommandSpec(name: "use", summary: "Use a READY profile for new conversations (or --none).",
                        options: [.flag("none", help: "Use no profile for new conversations.")],
                        positionals: [PositionalSpec("id", help: "The profile id.", isOptional: true)]),
            CommandSpec(name: "revoke", summary: "Revoke a profile (its sign-in stops working at once).",
                        positionals: [PositionalSpec("id", help: "The profile id.")]),
            CommandSpec(name: "delete", summary: "Delete a revoked profile.",
                        positionals: [PositionalSpec("id", help: "The profile id.")]),
            CommandSpec(name: "grants", summary: "Active task permissions (or --standing grants).",
                        options: [.value("session", valueName: "id", help: "Only this conversation's."),
                                  .flag("standing", help: "List standing grants instead.")]),
            CommandSpec(name: "stop", summary: "Stop a task permission now.",
                        positionals: [PositionalSpec("id", help: "The task permission id.")]),
            CommandSpec(name: "scopes", summary: "Where task permissions may be offered.",
                        subcommands: [
                            CommandSpec(name: "show", summary: "Show the task scopes."),
                            CommandSpec(name: "add", summary: "Add a scope.",
                                        positionals: [PositionalSpec("origin", help: "https://host"),
                                                      PositionalSpec("prefix", help: "One path segment, such as /lesson.")]),
                            CommandSpec(name: "remove", summary: "Remove a scope (ends task permissions under it).",
                                        positionals: [PositionalSpec("origin", help: "https://host"),
                                                      PositionalSpec("prefix", help: "The path segment.")]),
                        ]),
        ])

    static func run(_ command: ParsedCommand, context: CLIContext) async throws -> ExitCode {
        let sites = SitesCommand(context: context)
        let first = command.positionals.first ?? ""
        switch command.path {
        case ["sites", "list"]: return try await sites.list()
        case ["sites", "add"]: return try await sites.add(command)
        case ["sites", "signin"]: return try await sites.signIn(command)
        case ["sites", "status"]: return try await sites.status(first)
        case ["sites", "use"]: return try await sites.use(command.flag("none") ? nil : first)
        case ["sites", "revoke"]: return try await sites.revoke(first)
        case ["sites", "delete"]: return try await sites.delete(first)
        case ["sites", "grants"]: return try await sites.grants(command)
        case ["sites", "stop"]: return try await sites.stop(first)
        case ["sites", "scopes"], ["sites", "scopes", "show"]: return try await sites.scopes(change: nil)
        case ["sites", "scopes", "add"]: return try await sites.scopes(change: (true, command.positionals))
        case ["sites", "scopes", "remove"]: return try await sites.scopes(change: (false, command.positionals))
        default:
            context.err.writeLine("veet: sites needs a subcommand; see `veet help sites`")
            return .usage
        }
    }

    private func api() throws -> WebsiteAccessAPI { WebsiteAccessAPI(client: try context.client()) }

    // MARK: Profiles

    func list() async throws -> ExitCode {
        let (store, client) = try context.store()
        let profiles = try await WebsiteAccessAPI(client: client).allProfiles()
        let chosen = try ChosenProfile(store: store).profileID()
        if context.json {
            try JSONOutput.print(SitesListOutput(profiles: profiles, chosenProfileID: chosen), layout: .compact)
            return .success
        }
        if profiles.isEmpty { context.err.writeLine("No websites yet. Add one with `veet sites add https://www.example.com`.") }
        let style = context.outStyle
        for profile in profiles {
            let mark = profile.id == chosen ? style.accent("*") : " "
            context.out.writeLine("\(mark) \(style.emphasis(profile.displayName))  \(statusText(profile.status))")
            context.out.writeLine(style.dim("    \(profile.id)  \(profile.allowedOrigins.joined(separator: " "))"))
        }
        return .success
    }

    func add(_ command: ParsedCommand) async throws -> ExitCode {
        let address = try WebsiteAddress(typed: command.positionals.first ?? "")
        let api = try api()
        let driver = CeremonyDriver(api: api)
        let setup = try await driver.addWebsite(address, additionalOrigins: command.values("origin"))
        context.err.writeLine("Created a browser profile for \(setup.profile.allowedOrigins.joined(separator: ", ")).")
        let outcome = try await presentAndWait(setup.started, driver: driver, open: command.flag("open"),
                                               wait: !command.flag("no-wait"), rollbackProfile: setup.profile.id)
        return try finish(outcome, profileID: setup.profile.id, api: api)
    }

    func signIn(_ command: ParsedCommand) async throws -> ExitCode {
        let api = try api()
        let driver = CeremonyDriver(api: api)
        let profile = try await api.profile(id: command.positionals.first ?? "")
        let started = try await driver.signInAgain(profile: profile, loginURL: command.value("url"))
        let outcome = try await presentAndWait(started, driver: driver, open: command.flag("open"), wait: true,
                                               rollbackProfile: nil)
        return try finish(outcome, profileID: profile.id, api: api)
    }

    func status(_ id: String) async throws -> ExitCode {
        let api = try api()
        let profile = try await api.profile(id: id)
        let newest = try await api.ceremonies(profileID: id).last
        if context.json {
            try JSONOutput.print(SiteStatusOutput(profile: profile, ceremony: newest), layout: .compact)
            return .success
        }
        context.out.writeLine("\(context.outStyle.emphasis(profile.displayName))  \(statusText(profile.status))")
        context.out.writeLine("  origins: \(profile.allowedOrigins.joined(separator: " "))")
        if let newest {
            context.out.writeLine("  newest sign-in: \(newest.status.rawValue) — \(newest.status.nextStep)")
        }
        return .success
    }

    func use(_ id: String?) async throws -> ExitCode {
        let (store, client) = try context.store()
        let chosen = ChosenProfile(store: store)
        guard let id, !id.isEmpty else {
            try chosen.clear()
            context.err.writeLine("New conversations will use no website profile.")
            return .success
        }
        let profile = try await WebsiteAccessAPI(client: client).profile(id: id)
        try chosen.choose(profile)
        context.err.writeLine("New conversations will use \(profile.displayName).")
        if context.json { try JSONOutput.print(profile, layout: .compact) }
        return .success
    }

    func revoke(_ id: String) async throws -> ExitCode {
        let (store, client) = try context.store()
        let profile = try await WebsiteAccessAPI(client: client).revokeProfile(id: id)
        let chosen = ChosenProfile(store: store)
        if try chosen.profileID() == id { try chosen.clear() }
        if context.json { try JSONOutput.print(profile, layout: .compact) } else {
            context.out.writeLine("Revoked \(profile.displayName). Delete it with `veet sites delete \(id)`.")
        }
        return .success
    }

    func delete(_ id: String) async throws -> ExitCode {
        try await api().deleteRevokedProfile(id: id)
        context.err.writeLine("Deleted.")
        return .success
    }

    // MARK: Ceremony

    /// Shows the link behind an explicit step, then waits for the outcome.
    /// Ctrl-C or an open failure abandons the setup (a new profile is rolled back).
    private func presentAndWait(_ started: StartedCeremony, driver: CeremonyDriver, open: Bool, wait: Bool,
                                rollbackProfile: String?) async throws -> Ceremony {
        let link = started.link
        if open {
            guard Self.openWithDesktop(link) else {
                context.err.writeLine("veet: the link could not be opened here; nothing was kept.")
                if let rollbackProfile {
                    _ = await driver.rollback(profileID: rollbackProfile, ceremonyID: started.ceremony.id)
                } else {
                    _ = try? await driver.api.cancelCeremony(id: started.ceremony.id)
                }
                throw CancellationError()
            }
            context.err.writeLine("Opened the sign-in page in your web browser.")
        } else {
            writeToTerminal("Continue in web browser: open this single-use link within five minutes and sign in there.\n"
                            + "  \(link.revealForTerminal())\n")
        }
        guard wait else { return started.ceremony }
        let interrupt = InterruptSignal()
        let err = context.err
        let waiting = Task {
            try await driver.waitForOutcome(ceremonyID: started.ceremony.id, interval: .seconds(2), maxChecks: 170,
                                            onChange: { err.writeLine("  sign-in: \($0.status.rawValue) — \($0.status.nextStep)") })
        }
        interrupt.start { waiting.cancel() }
        defer { interrupt.stop() }
        do {
            let outcome = try await waiting.value
            if outcome.status == .ready || rollbackProfile == nil { return outcome }
            if let rollbackProfile { _ = await driver.rollback(profileID: rollbackProfile, ceremonyID: outcome.id) }
            context.err.writeLine("The new profile was removed so you can start over with `veet sites add`.")
            return outcome
        } catch {
            if let rollbackProfile {
                _ = await driver.rollback(profileID: rollbackProfile, ceremonyID: started.ceremony.id)
                context.err.writeLine("Stopped; the half-made profile was removed.")
            } else {
                _ = try? await driver.api.cancelCeremony(id: started.ceremony.id)
                context.err.writeLine("Stopped; the sign-in was cancelled and the earlier sign-in kept.")
            }
            throw error
        }
    }

    private func finish(_ outcome: Ceremony, profileID: String, api: WebsiteAccessAPI) throws -> ExitCode {
        if context.json {
            try JSONOutput.print(SiteStatusOutput(profile: nil, ceremony: outcome), layout: .compact)
        }
        switch outcome.status {
        case .ready:
            context.err.writeLine("Signed in. Use it for new conversations with `veet sites use \(profileID)`.")
            return .success
        case .authenticationRequired, .needsUser:
            context.err.writeLine("Still waiting: \(outcome.status.nextStep) Check with `veet sites status \(profileID)`.")
            return .needsInteraction
        default:
            context.err.writeLine(outcome.status.nextStep)
            return .failure
        }
    }

    /// The controlling terminal when there is one; otherwise standard output,
    /// or standard error under `--json` so the link never joins JSON output.
    private func writeToTerminal(_ text: String) {
        if let tty = FileHandle(forWritingAtPath: "/dev/tty") {
            tty.write(Data(text.utf8))
            try? tty.close()
        } else if context.json {
            context.err.write(text)
        } else {
            context.out.write(text)
        }
    }

    private static func openWithDesktop(_ link: LaunchLink) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["xdg-open", link.revealForTerminal()]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    // MARK: Grants and scopes

    func grants(_ command: ParsedCommand) async throws -> ExitCode {
        let api = try api()
        if command.flag("standing") {
            let items = try await api.standingGrantsPage(limit: 200).items
            if context.json { try JSONOutput.print(items, layout: .compact); return .success }
            if items.isEmpty { context.err.writeLine("No standing grants.") }
            for grant in items {
                let state = grant.isRevoked ? "revoked" : "until \(grant.expiresAt ?? "?")"
                context.out.writeLine("\(grant.id)  \(grant.allowedOrigins.joined(separator: " "))  \(state)")
            }
            return .success
        }
        let items = try await api.taskGrantsPage(sessionID: command.value("session"), limit: 200).items
        if context.json { try JSONOutput.print(items, layout: .compact); return .success }
        if items.isEmpty { context.err.writeLine("No task permissions are active.") }
        let now = Date()
        for grant in items {
            context.out.writeLine(grant.bannerText(now: now))
            context.out.writeLine(context.outStyle.dim("  \(grant.id)  conversation \(grant.sessionID)  stop: veet sites stop \(grant.id)"))
        }
        return .success
    }

    func stop(_ id: String) async throws -> ExitCode {
        let grant = try await api().stopTaskGrant(id: id)
        if context.json { try JSONOutput.print(grant, layout: .compact) } else {
            context.out.writeLine("Stopped: \(grant.bannerText(now: Date()))")
        }
        return .success
    }

    func scopes(change: (add: Bool, arguments: [String])?) async throws -> ExitCode {
        let api = try api()
        var current = try await api.taskScopes()
        if let change {
            let scope = try TaskScope.validated(origin: change.arguments.first ?? "",
                                                pathPrefix: change.arguments.dropFirst().first ?? "")
            var scopes = current.scopes.filter { $0 != scope }
            if change.add { scopes.append(scope) }
            current = try await api.replaceTaskScopes(scopes, revision: current.revision)
        }
        if context.json { try JSONOutput.print(current, layout: .compact); return .success }
        if current.scopes.isEmpty { context.err.writeLine("No task scopes: task permissions are never offered.") }
        for scope in current.scopes { context.out.writeLine("\(scope.origin)\(scope.pathPrefix)") }
        return .success
    }

    private func statusText(_ status: ProfileStatus) -> String {
        let style = context.outStyle
        switch status {
        case .ready: return style.success(status.label)
        case .revoked: return style.dim(status.label)
        default: return style.warning(status.label)
        }
    }
}

/// `--json` shapes; they hold no launch link (the types cannot carry one).
private struct SitesListOutput: Encodable {
    var profiles: [BrowserProfile]
    var chosenProfileID: String?

    enum CodingKeys: String, CodingKey {
        case profiles
        case chosenProfileID = "chosen_profile_id"
    }
}

private struct SiteStatusOutput: Encodable {
    var profile: BrowserProfile?
    var ceremony: Ceremony?
}

/// Ctrl-C while waiting for a sign-in: stop waiting (the caller rolls back).
private final class InterruptSignal: @unchecked Sendable {  // `source` is touched only by start/stop on the caller's task
    private var source: DispatchSourceSignal?

    func start(_ onInterrupt: @escaping @Sendable () -> Void) {
        signal(SIGINT, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        source.setEventHandler(handler: onInterrupt)
        source.resume()
        self.source = source
    }

    func stop() {
        source?.cancel()
        source = nil
        signal(SIGINT, SIG_DFL)
    }
}
