import Foundation
import VeetConsole
import VeetTransport
import VeetWebsiteAccess

/// `veet sites ...`: website access, signed in on this device (a private
/// Chromium window whose session is handed over once) or through the remote ceremony.
/// The one-time sign-in link is written to the terminal only: never to
/// `--json` output, the store or a log.
///
/// The app hands in how to reach the server (`client`, made only when a
/// command needs it, so a bad address is refused before a missing connection
/// is), the connection's chosen-profile preference, the environment (where
/// Chromium and a display are looked for), and `approveForTask`: allowing a
/// browser approval for the task is Chat's approval board, which this face
/// may not import.
public struct WebsiteAccessCommands: CommandGroup {
    let client: @Sendable () throws -> HTTPClient
    let chosenProfile: @Sendable () throws -> ChosenProfile
    let environment: [String: String]
    let approveForTask: @Sendable (_ approvalID: String) async throws -> ExitCode

    public init(client: @escaping @Sendable () throws -> HTTPClient, chosenProfile: @escaping @Sendable () throws -> ChosenProfile,
                environment: [String: String], approveForTask: @escaping @Sendable (_ approvalID: String) async throws -> ExitCode) {
        self.client = client
        self.chosenProfile = chosenProfile
        self.environment = environment
        self.approveForTask = approveForTask
    }

    static let url = Argument("url", help: "The website's home or login page (https assumed).")
    static let id = Argument("id", help: "The profile id.")
    static let optionalID = Argument("id", help: "The profile id.", isOptional: true)
    static let grantID = Argument("id", help: "The task permission id.")
    static let approvalID = Argument("id", help: "The approval id (see `veet approvals list`).")
    static let profile = Argument("profile", help: "A ready profile's id.")
    static let standingID = Argument("id", help: "The standing grant id.")
    static let scopeOrigin = Argument("origin", help: "https://host")
    static let addPrefix = Argument("prefix", help: "One path segment, such as /lesson.")
    static let removePrefix = Argument("prefix", help: "The path segment.")
    static let origin = ValueOption("origin", valueName: "https://host", help: "Another exact origin the profile may use.",
                                    repeatable: true)
    static let remote = Flag("remote", help: "Sign in through the server's remote browser instead of on this device.")
    static let addOpen = Flag("open", help: "Open the link with the desktop's opener instead of only printing it.")
    static let open = Flag("open", help: "Open the link with the desktop's opener.")
    static let noWait = Flag("no-wait", help: "Print the link and return without waiting.")
    static let loginURL = ValueOption("url", valueName: "url", help: "The login page (default: the first origin).")
    static let none = Flag("none", help: "Use no profile for new conversations.")
    static let useSession = ValueOption("session", valueName: "id",
                                        help: "Connect the profile to this existing conversation instead.")
    static let grantsSession = ValueOption("session", valueName: "id", help: "Only this conversation's.")
    static let standing = Flag("standing", help: "List standing grants instead.")
    static let action = ValueOption("action", valueName: "kind", help: "click, type, select, check, press or scroll.",
                                    repeatable: true)
    static let grantOrigin = ValueOption("origin", valueName: "https://host",
                                         help: "One of the profile's origins (default: all).", repeatable: true)
    static let days = ValueOption("days", valueName: "n", help: "How long, in days (at most 30; default 1).")
    static let hours = ValueOption("hours", valueName: "n", help: "How long, in hours (instead of --days).")
    static let purpose = ValueOption("purpose", valueName: "text", help: "Why (at most 255 characters).")

    public static let spec = CommandSpec(
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
                        options: [origin.spec, remote.spec, addOpen.spec, noWait.spec], positionals: [url.spec]),
            CommandSpec(name: "signin", summary: "Sign in again to a profile.",
                        options: [loginURL.spec, remote.spec, open.spec], positionals: [id.spec]),
            CommandSpec(name: "status", summary: "Show a profile and its newest sign-in.", positionals: [id.spec]),
            CommandSpec(name: "use", summary: "Use a READY profile for new conversations (or --none).",
                        options: [none.spec, useSession.spec], positionals: [optionalID.spec]),
            CommandSpec(name: "revoke", summary: "Revoke a profile (its sign-in stops working at once).", positionals: [id.spec]),
            CommandSpec(name: "delete", summary: "Delete a revoked profile.", positionals: [id.spec]),
            CommandSpec(name: "grants", summary: "Active task permissions (or --standing grants).",
                        options: [grantsSession.spec, standing.spec]),
            CommandSpec(name: "stop", summary: "Stop a task permission now.", positionals: [grantID.spec]),
            CommandSpec(name: "approve", summary: "Allow all routine actions for this task (a browser approval's offer).",
                        discussion: "Resolves a pending browser.act approval with the task permission it offers; "
                            + "the scope and limits are shown first. `veet approvals approve ID` allows one action only.",
                        positionals: [approvalID.spec]),
            CommandSpec(name: "grant", summary: "Create a standing grant: routine actions without asking, for a while.",
                        options: [action, grantOrigin, days, hours, purpose].map(\.spec), positionals: [profile.spec]),
            CommandSpec(name: "ungrant", summary: "Revoke a standing grant now.", positionals: [standingID.spec]),
            CommandSpec(name: "scopes", summary: "Where task permissions may be offered.",
                        subcommands: [
                            CommandSpec(name: "show", summary: "Show the task scopes."),
                            CommandSpec(name: "add", summary: "Add a scope.", positionals: [scopeOrigin.spec, addPrefix.spec]),
                            CommandSpec(name: "remove", summary: "Remove a scope (ends task permissions under it).",
                                        positionals: [scopeOrigin.spec, removePrefix.spec]),
                        ]),
        ])

    public func run(_ command: ParsedCommand, console: Console) async throws -> ExitCode {
        do {
            return try await dispatch(command, console: console)
        } catch let absent as TaskPermissionsUnavailable {
            // As folders: a family the server does not offer is said plainly, exit 1.
            throw CommandFailure(absent.description, exitCode: .failure, kind: "not_offered")
        }
    }

    private func dispatch(_ command: ParsedCommand, console: Console) async throws -> ExitCode {
        let sites = SitesRun(group: self, console: console)
        let first = command.positionals.first ?? ""
        switch command.path {
        case ["sites", "list"]: return try await sites.list()
        case ["sites", "add"]: return try await sites.add(command)
        case ["sites", "signin"]: return try await sites.signIn(command)
        case ["sites", "status"]: return try await sites.status(first)
        case ["sites", "use"] where command.value(Self.useSession) != nil:
            return try await sites.bind(profileID: first, sessionID: command.value(Self.useSession) ?? "")
        case ["sites", "use"]: return try await sites.use(command.flag(Self.none) ? nil : first)
        case ["sites", "revoke"]: return try await sites.revoke(first)
        case ["sites", "delete"]: return try await sites.delete(first)
        case ["sites", "grants"]: return try await sites.grants(command)
        case ["sites", "stop"]: return try await sites.stop(first)
        case ["sites", "approve"]: return try await approveForTask(first)
        case ["sites", "grant"]: return try await sites.createStandingGrant(command)
        case ["sites", "ungrant"]: return try await sites.revokeStandingGrant(first)
        case ["sites", "scopes"], ["sites", "scopes", "show"]: return try await sites.scopes(change: nil)
        case ["sites", "scopes", "add"]: return try await sites.scopes(change: (true, command.positionals))
        case ["sites", "scopes", "remove"]: return try await sites.scopes(change: (false, command.positionals))
        default:
            throw CommandFailure("\(console.programName): sites needs a subcommand; see `veet help sites`", exitCode: .usage)
        }
    }
}

/// One `veet sites` command's run: how to reach the server, the console, and how each answer is printed.
struct SitesRun {
    let group: WebsiteAccessCommands
    let console: Console

    var out: Output { console.out }
    var err: Output { console.err }

    func api() throws -> WebsiteAccessAPI { WebsiteAccessAPI(sender: .live(client: try group.client())) }

    /// A failure found here: `text` on stderr as given, `code` the exit status.
    func fail(_ text: String, _ code: ExitCode) -> CommandFailure { CommandFailure(text, exitCode: code) }

    // MARK: Profiles

    func list() async throws -> ExitCode {
        let chosen = try group.chosenProfile().profileID()
        let overview = try await WebsiteAccessOverview.load(api: try api(), chosenProfileID: chosen)
        if console.json {
            let output = SitesListOutput(profiles: overview.rows.map(\.profile), chosenProfileID: chosen,
                                         openCeremonies: overview.rows.compactMap(\.openCeremony))
            try console.printJSON(output)
            return .success
        }
        if overview.rows.isEmpty {
            err.writeLine("No websites yet. Add one with `veet sites add https://www.example.com`.")
        }
        let style = console.outStyle
        for row in overview.rows {
            let mark = row.isChosen ? style.accent("*") : " "
            out.writeLine("\(mark) \(style.emphasis(row.profile.displayName))  \(statusText(row.profile.status))")
            if let open = row.openCeremony { out.writeLine("    sign-in: \(open.status.nextStep)") }
            out.writeLine(style.dim("    \(row.profile.id)  \(row.profile.allowedOrigins.joined(separator: " "))"))
        }
        return .success
    }

    func add(_ command: ParsedCommand) async throws -> ExitCode {
        let address = try WebsiteAddress(typed: command.argument(WebsiteAccessCommands.url))
        let origins = command.values(WebsiteAccessCommands.origin)
        if let browser = deviceBrowser(command) {
            return try await addOnDevice(address, origins: origins, browser: browser)
        }
        let api = try api()
        let driver = CeremonyDriver(api: api)
        let setup = try await driver.addWebsite(address, additionalOrigins: origins)
        err.writeLine("Created a browser profile for \(setup.profile.allowedOrigins.joined(separator: ", ")).")
        let outcome = try await presentAndWait(setup.started, .adding(setup), driver: driver,
                                               open: command.flag(WebsiteAccessCommands.addOpen),
                                               wait: !command.flag(WebsiteAccessCommands.noWait))
        return try finish(outcome, profileID: setup.profile.id)
    }

    func signIn(_ command: ParsedCommand) async throws -> ExitCode {
        let api = try api()
        let driver = CeremonyDriver(api: api)
        let profile = try await api.profile(id: command.argument(WebsiteAccessCommands.id))
        let loginURL = command.value(WebsiteAccessCommands.loginURL)
        if let browser = deviceBrowser(command) {
            return try await signInOnDevice(profile, loginURL: loginURL, browser: browser)
        }
        let started = try await driver.signInAgain(profile: profile, loginURL: loginURL)
        let outcome = try await presentAndWait(started, .again(started), driver: driver,
                                               open: command.flag(WebsiteAccessCommands.open), wait: true)
        return try finish(outcome, profileID: profile.id)
    }

    func status(_ id: String) async throws -> ExitCode {
        let api = try api()
        let profile = try await api.profile(id: id)
        let newest = try await api.ceremonies(profileID: id).last
        if console.json {
            try console.printJSON(SiteStatusOutput(profile: profile, ceremony: newest))
            return .success
        }
        out.writeLine("\(console.outStyle.emphasis(profile.displayName))  \(statusText(profile.status))")
        out.writeLine("  origins: \(profile.allowedOrigins.joined(separator: " "))")
        if let newest {
            out.writeLine("  newest sign-in: \(newest.status.rawValue) — \(newest.status.nextStep)")
        }
        return .success
    }

    func use(_ id: String?) async throws -> ExitCode {
        let chosen = try group.chosenProfile()
        guard let id, !id.isEmpty else {
            try chosen.clear()
            err.writeLine("New conversations will use no website profile.")
            return .success
        }
        let profile = try await api().profile(id: id)
        try chosen.choose(profile)
        err.writeLine("New conversations will use \(profile.displayName).")
        if console.json { try console.printJSON(profile) }
        return .success
    }

    /// Connects a READY profile to an existing conversation (the server may resume a run waiting for it).
    func bind(profileID: String, sessionID: String) async throws -> ExitCode {
        let api = try api()
        let profile = try await api.profile(id: profileID)
        guard profile.status == .ready else { throw ChosenProfile.ChoiceError.notReady(profile.status) }
        let resumed = try await api.bindProfile(sessionID: sessionID, profileID: profile.id)
        if console.json {
            try console.printJSON(BindOutput(sessionID: sessionID, profileID: profile.id, runID: resumed))
        } else {
            out.writeLine("Conversation \(sessionID) now uses \(profile.displayName)."
                          + (resumed.map { " Resumed run \($0)." } ?? ""))
        }
        return .success
    }

    func revoke(_ id: String) async throws -> ExitCode {
        let chosen = try group.chosenProfile()
        let profile = try await api().revokeProfile(id: id)
        if try chosen.profileID() == id { try chosen.clear() }
        if console.json { try console.printJSON(profile) } else {
            out.writeLine("Revoked \(profile.displayName). Delete it with `veet sites delete \(id)`.")
        }
        return .success
    }

    func delete(_ id: String) async throws -> ExitCode {
        do {
            try await api().deleteRevokedProfile(id: id)
        } catch let refusal as ProfileDeletionError {
            throw fail("\(console.programName): \(refusal) (veet sites revoke \(id))", .usage)
        }
        err.writeLine("Deleted.")
        if console.json { try console.printJSON(["deleted": id]) }
        return .success
    }

    func statusText(_ status: ProfileStatus) -> String {
        let style = console.outStyle
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
