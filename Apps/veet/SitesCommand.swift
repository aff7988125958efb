import Dispatch
import Foundation
import VeetConsole
import VeetStore
import VeetTransport
import VeetWebsiteAccess

/// `veet sites ...`: website access, signed in on this device (a private
/// Chromium window whose session is handed over once) or through the remote ceremony.
/// The one-time sign-in link is written to the terminal only: never to
/// `--json` output, the store or a log.
struct SitesCommand {
    let context: CLIContext

    static let spec = CommandSpec(
        name: "sites",
        summary: "Website access: browser profiles the agent can use, signed in by you.",
        discussion: """
            `add` and `signin` open a private Chromium window on the website when this machine has a \
            display and Chromium: sign in there, press Enter, and VeetKit hands that window's session \
            to the service once, then wipes the window. `--remote` (or a machine without a display or \
            Chromium) uses the server's remote browser instead: a single-use, five-minute link to open \
            in any web browser; VeetKit notices when the profile is ready.
            """,
        subcommands: [
            CommandSpec(name: "list", summary: "List browser profiles (* marks the one used for new chats)."),
            CommandSpec(name: "add", summary: "Add a website and sign in to it (on this device, or --remote).",
                        options: [.value("origin", valueName: "https://host", help: "Another exact origin the profile may use.",
                                         repeatable: true),
                                  .flag("remote", help: "Sign in through the server's remote browser instead of on this device."),
                                  .flag("open", help: "Open the link with the desktop's opener instead of only printing it."),
                                  .flag("no-wait", help: "Print the link and return without waiting.")],
                        positionals: [PositionalSpec("url", help: "The website's home or login page (https assumed).")]),
            CommandSpec(name: "signin", summary: "Sign in again to a profile.",
                        options: [.value("url", valueName: "url", help: "The login page (default: the first origin)."),
                                  .flag("remote", help: "Sign in through the server's remote browser instead of on this device."),
                                  .flag("open", help: "Open the link with the desktop's opener.")],
                        positionals: [PositionalSpec("id", help: "The profile id.")]),
            CommandSpec(name: "status", summary: "Show a profile and its newest sign-in.",
                        positionals: [PositionalSpec("id", help: "The profile id.")]),
            CommandSpec(name: "use", summary: "Use a READY profile for new conversations (or --none).",
                        options: [.flag("none", help: "Use no profile for new conversations."),
                                  .value("session", valueName: "id",
                                         help: "Connect the profile to this existing conversation instead.")],
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
            CommandSpec(name: "approve", summary: "Allow all routine actions for this task (a browser approval's offer).",
                        discussion: "Resolves a pending browser.act approval with the task permission it offers; "
                            + "the scope and limits are shown first. `veet approvals approve ID` allows one action only.",
                        positionals: [PositionalSpec("id", help: "The approval id (see `veet approvals list`).")]),
            CommandSpec(name: "grant", summary: "Create a standing grant: routine actions without asking, for a while.",
                        options: [.value("action", valueName: "kind", help: "click, type, select, check, press or scroll.",
                                         repeatable: true),
                                  .value("origin", valueName: "https://host",
                                         help: "One of the profile's origins (default: all).", repeatable: true),
                                  .value("days", valueName: "n", help: "How long, in days (at most 30; default 1)."),
                                  .value("hours", valueName: "n", help: "How long, in hours (instead of --days)."),
                                  .value("purpose", valueName: "text", help: "Why (at most 255 characters).")],
                        positionals: [PositionalSpec("profile", help: "A ready profile's id.")]),
            CommandSpec(name: "ungrant", summary: "Revoke a standing grant now.",
                        positionals: [PositionalSpec("id", help: "The standing grant id.")]),
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
        do {
            return try await dispatch(command, context: context)
        } catch let absent as TaskPermissionsUnavailable {
            // As folders: a family the server does not offer is said plainly, exit 1.
            return try await context.notOffered(absent.description, .failure)
        }
    }

    private static func dispatch(_ command: ParsedCommand, context: CLIContext) async throws -> ExitCode {
        let sites = SitesCommand(context: context)
        let first = command.positionals.first ?? ""
        switch command.path {
        case ["sites", "list"]: return try await sites.list()
        case ["sites", "add"]: return try await sites.add(command)
        case ["sites", "signin"]: return try await sites.signIn(command)
        case ["sites", "status"]: return try await sites.status(first)
        case ["sites", "use"] where command.value("session") != nil:
            return try await sites.bind(profileID: first, sessionID: command.value("session") ?? "")
        case ["sites", "use"]: return try await sites.use(command.flag("none") ? nil : first)
        case ["sites", "revoke"]: return try await sites.revoke(first)
        case ["sites", "delete"]: return try await sites.delete(first)
        case ["sites", "grants"]: return try await sites.grants(command)
        case ["sites", "stop"]: return try await sites.stop(first)
        case ["sites", "approve"]: return try await sites.approveForTask(first)
        case ["sites", "grant"]: return try await sites.createStandingGrant(command)
        case ["sites", "ungrant"]: return try await sites.revokeStandingGrant(first)
        case ["sites", "scopes"], ["sites", "scopes", "show"]: return try await sites.scopes(change: nil)
        case ["sites", "scopes", "add"]: return try await sites.scopes(change: (true, command.positionals))
        case ["sites", "scopes", "remove"]: return try await sites.scopes(change: (false, command.positionals))
        default:
            return context.fail("veet: sites needs a subcommand; see `veet help sites`", .usage)
        }
    }

    func api() throws -> WebsiteAccessAPI { WebsiteAccessAPI(sender: .live(client: try context.client())) }

    // MARK: Profiles

    func list() async throws -> ExitCode {
        let (store, client) = try context.store()
        let chosen = try ChosenProfile(store: store).profileID()
        let overview = try await WebsiteAccessOverview.load(api: WebsiteAccessAPI(sender: .live(client: client)), chosenProfileID: chosen)
        if context.json {
            let output = SitesListOutput(profiles: overview.rows.map(\.profile), chosenProfileID: chosen,
                                         openCeremonies: overview.rows.compactMap(\.openCeremony))
            try JSONOutput.print(output, layout: .compact)
            return .success
        }
        if overview.rows.isEmpty {
            context.err.writeLine("No websites yet. Add one with `veet sites add https://www.example.com`.")
        }
        let style = context.outStyle
        for row in overview.rows {
            let mark = row.isChosen ? style.accent("*") : " "
            context.out.writeLine("\(mark) \(style.emphasis(row.profile.displayName))  \(statusText(row.profile.status))")
            if let open = row.openCeremony { context.out.writeLine("    sign-in: \(open.status.nextStep)") }
            context.out.writeLine(style.dim("    \(row.profile.id)  \(row.profile.allowedOrigins.joined(separator: " "))"))
        }
        return .success
    }

    func add(_ command: ParsedCommand) async throws -> ExitCode {
        let address = try WebsiteAddress(typed: command.positionals.first ?? "")
        if let browser = deviceBrowser(command) {
            return try await addOnDevice(address, origins: command.values("origin"), browser: browser)
        }
        let api = try api()
        let driver = CeremonyDriver(api: api)
        let setup = try await driver.addWebsite(address, additionalOrigins: command.values("origin"))
        context.err.writeLine("Created a browser profile for \(setup.profile.allowedOrigins.joined(separator: ", ")).")
        let outcome = try await presentAndWait(setup.started, .adding(setup), driver: driver, open: command.flag("open"),
                                               wait: !command.flag("no-wait"))
        return try finish(outcome, profileID: setup.profile.id, api: api)
    }

    func signIn(_ command: ParsedCommand) async throws -> ExitCode {
        let api = try api()
        let driver = CeremonyDriver(api: api)
        let profile = try await api.profile(id: command.positionals.first ?? "")
        if let browser = deviceBrowser(command) {
            return try await signInOnDevice(profile, loginURL: command.value("url"), browser: browser)
        }
        let started = try await driver.signInAgain(profile: profile, loginURL: command.value("url"))
        let outcome = try await presentAndWait(started, .again(started), driver: driver, open: command.flag("open"),
                                               wait: true)
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
        let profile = try await WebsiteAccessAPI(sender: .live(client: client)).profile(id: id)
        try chosen.choose(profile)
        context.err.writeLine("New conversations will use \(profile.displayName).")
        if context.json { try JSONOutput.print(profile, layout: .compact) }
        return .success
    }

    /// Connects a READY profile to an existing conversation (the server may resume a run waiting for it).
    func bind(profileID: String, sessionID: String) async throws -> ExitCode {
        let api = try api()
        let profile = try await api.profile(id: profileID)
        guard profile.status == .ready else { throw ChosenProfile.ChoiceError.notReady(profile.status) }
        let resumed = try await api.bindProfile(sessionID: sessionID, profileID: profile.id)
        if context.json {
            try JSONOutput.print(BindOutput(sessionID: sessionID, profileID: profile.id, runID: resumed), layout: .compact)
        } else {
            context.out.writeLine("Conversation \(sessionID) now uses \(profile.displayName)."
                                  + (resumed.map { " Resumed run \($0)." } ?? ""))
        }
        return .success
    }

    func revoke(_ id: String) async throws -> ExitCode {
        let (store, client) = try context.store()
        let profile = try await WebsiteAccessAPI(sender: .live(client: client)).revokeProfile(id: id)
        let chosen = ChosenProfile(store: store)
        if try chosen.profileID() == id { try chosen.clear() }
        if context.json { try JSONOutput.print(profile, layout: .compact) } else {
            context.out.writeLine("Revoked \(profile.displayName). Delete it with `veet sites delete \(id)`.")
        }
        return .success
    }

    func delete(_ id: String) async throws -> ExitCode {
        do {
            try await api().deleteRevokedProfile(id: id)
        } catch let refusal as ProfileDeletionError {
            return context.fail("veet: \(refusal) (veet sites revoke \(id))", .usage)
        }
        context.err.writeLine("Deleted.")
        if context.json { try JSONOutput.print(["deleted": id], layout: .compact) }
        return .success
    }

    func statusText(_ status: ProfileStatus) -> String {
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
    /// The live sign-in of each profile that is not ready (secret-free: no link).
    var openCeremonies: [Ceremony]

    enum CodingKeys: String, CodingKey {
        case profiles
        case chosenProfileID = "chosen_profile_id"
        case openCeremonies = "open_ceremonies"
    }
}

private struct BindOutput: Encodable {
    var sessionID: String
    var profileID: String
    var runID: String?

    enum CodingKeys: String, CodingKey {
        case sessionID = "session_id"
        case profileID = "profile_id"
        case runID = "run_id"
    }
}

struct SiteStatusOutput: Encodable {
    var profile: BrowserProfile?
    var ceremony: Ceremony?
}
