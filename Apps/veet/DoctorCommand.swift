import Foundation
import VeetAccount
import VeetChat
import VeetConsole
import VeetDaemonProtocol
import VeetEmail
import VeetFolders
import VeetMemory
import VeetPeople
import VeetSchedules
import VeetSettings
import VeetStore
import VeetSubscriptions
import VeetTransport
import VeetWebsiteAccess

/// `veet doctor`: one line per check of this computer's set-up and the server
/// it talks to, each problem with what to do about it.
struct DoctorCommand {
    let context: CLIContext

    typealias Check = CheckLine

    /// The route families, each feature naming its own harmless read and scope, in the order printed.
    static let families: [FamilyProbe] = ChatAPI.probes + FoldersAPI.probes + SchedulesAPI.probes + WebsiteAccessAPI.probes
        + AccountAPI.probes + MemoryAPI.probes + PeopleAPI.probes + EmailAPI.probes + SubscriptionsAPI.probes
        + SettingsAPI.probes

    func run() async -> ExitCode {
        var checks: [Check] = []
        checks += await connectionChecks()
        checks += storeChecks()
        checks += daemonChecks()
        checks += CheckLine.terminal(context.terminal, environment: context.environment)
        return CheckList(checks).print(console: context.console)
    }

    // MARK: Connection

    func connectionChecks() async -> [Check] {
        let area = "Connection"
        let resolved: ResolvedConnection
        do {
            resolved = try context.registry.resolve(named: context.connectionName, environment: context.environment)
        } catch {
            return [Check(area: area, name: "server", status: .problem, detail: CommandHints.message(for: error),
                          fix: "veet connect https://your-server")]
        }
        var checks: [Check] = []
        let url = resolved.settings.serverURL.url
        let source = resolved.name.map { "saved connection \"\($0)\"" } ?? "VEET_URL"
        let secure = url.scheme == "https"
        checks.append(Check(area: area, name: "server", status: .ok, detail: "\(url.absoluteString) (\(source))"))
        checks.append(Check(area: area, name: "transport", status: secure ? .ok : .info,
                            detail: secure ? "TLS (https)" : "plain http, allowed for a loopback address only"))
        checks.append(tokenStorageCheck(resolved))
        let client = HTTPClient(settings: resolved.settings, clientVersion: VeetCLI.version,
                                proxy: ProxyRule(environment: context.environment))
        let proxy = client.proxy
        checks.append(Check(area: area, name: "proxy", status: proxy.isUnusable ? .problem : .info,
                            detail: proxy.description,
                            fix: proxy.isUnusable ? "give an http:// proxy, or unset the variable" : nil))
        let started = Date()
        do {
            let health = try await client.health()
            let elapsed = Int(Date().timeIntervalSince(started) * 1000)
            switch health {
            case .noAPI(let liveStatus):
                checks.append(Check(area: area, name: "reachable", status: .problem,
                                    detail: "/health/live answered \(liveStatus): this address has no Veetbot API",
                                    fix: "check the address; `veet connect URL` saves another"))
                return checks
            case .live(let ready):
                checks.append(Check(area: area, name: "reachable", status: ready ? .ok : .warning,
                                    detail: "answered in \(elapsed) ms" + (ready ? ", ready" : ", not ready (its database is not reachable)"),
                                    fix: ready ? nil : "the server's operator should check its database"))
            }
        } catch {
            checks.append(Check(area: area, name: "reachable", status: .problem, detail: CommandHints.message(for: error),
                                fix: "check the network and that the server runs"))
            return checks
        }
        checks += await familyChecks(client)
        return checks
    }

    func tokenStorageCheck(_ resolved: ResolvedConnection) -> Check {
        guard let name = resolved.name else {
            return Check(area: "Connection", name: "token", status: .info, detail: "from VEET_TOKEN (not saved)")
        }
        let saved = (try? context.registry.load())?.connection(named: name)
        if saved?.tokenStorage == .keyring {
            let answers = context.registry.credentials.keyring?.isAvailable() == true
            return Check(area: "Connection", name: "token", status: answers ? .ok : .problem,
                         detail: answers ? "in the desktop keyring" : "in the desktop keyring, which does not answer now",
                         fix: answers ? nil : "log in to the desktop session or unlock the keyring")
        }
        let file = context.registry.credentials.file(for: name)
        let mode = (try? FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? NSNumber)?.intValue
        let detail = "in \(file.path)" + (mode.map { String(format: " (mode %o)", $0) } ?? "")
        return Check(area: "Connection", name: "token", status: mode.map { $0 & 0o077 == 0 } == true ? .ok : .problem,
                     detail: detail, fix: mode.map { $0 & 0o077 == 0 } == true ? nil : "chmod 600 \(file.path)")
    }

    func familyChecks(_ client: HTTPClient) async -> [Check] {
        var checks: [Check] = []
        // All at once: on a slow server thirteen reads in a row would take thirteen round trips.
        let answers = await withTaskGroup(of: (Int, FamilyAnswer).self) { group in
            for (index, family) in Self.families.enumerated() {
                group.addTask { (index, await client.familyAnswer(family.request)) }
            }
            var found = [FamilyAnswer](repeating: .noAnswer, count: Self.families.count)
            for await (index, answer) in group { found[index] = answer }
            return found
        }
        for (family, answer) in zip(Self.families, answers) {
            switch answer {
            case .offered:
                checks.append(Check(area: "Connection", name: family.name, status: .ok, detail: "offered"))
            case .signInRefused:
                checks.append(Check(area: "Connection", name: "token", status: .problem,
                                    detail: "the server refused the token (401)", fix: "sign in again: veet connect URL"))
                return checks
            case .lacksScope:
                checks.append(Check(area: "Connection", name: family.name, status: .warning,
                                    detail: "offered, but this token lacks \(family.scope)",
                                    fix: "ask the server's operator for a token with \(family.scope)"))
            case .notOffered:
                checks.append(Check(area: "Connection", name: family.name, status: .info, detail: "not offered by this server"))
            case .answered(let other):
                checks.append(Check(area: "Connection", name: family.name, status: .warning, detail: "answered \(other)"))
            case .noAnswer:
                checks.append(Check(area: "Connection", name: family.name, status: .warning, detail: "no answer"))
            }
        }
        return checks
    }

    // MARK: This computer

    func storeChecks() -> [Check] {
        let area = "Store"
        let file = context.registry.paths.databaseFile
        guard FileManager.default.fileExists(atPath: file.path) else {
            return [Check(area: area, name: "file", status: .info, detail: "\(file.path) not made yet (the first command that lists or chats makes it)")]
        }
        do {
            let health = try Database.open(paths: context.registry.paths).health()
            var checks = [Check(area: area, name: "file", status: .ok,
                                detail: "\(health.path), \(ByteCountFormatter.string(fromByteCount: health.bytes, countStyle: .file))")]
            checks.append(Check(area: area, name: "schema", status: health.schemaVersion == health.supportedVersion ? .ok : .warning,
                                detail: "version \(health.schemaVersion) (this build writes \(health.supportedVersion))"))
            checks.append(Check(area: area, name: "integrity", status: health.isIntact ? .ok : .problem,
                                detail: health.isIntact ? "SQLite's quick check found nothing wrong" : health.integrity,
                                fix: health.isIntact ? nil : "stop veetd, move \(health.path) aside; `veet sync` rebuilds the mirror (held outbox messages are in the old file)"))
            return checks
        } catch {
            return [Check(area: area, name: "file", status: .problem, detail: "\(file.path): \(error)",
                          fix: "a newer VeetKit wrote it, or it is damaged: move it aside and run `veet sync`")]
        }
    }

    func daemonChecks() -> [Check] {
        let area = "Daemon"
        let paths = DaemonPaths(environment: context.environment)
        var checks: [Check] = []
        if let status = DaemonClient.status(paths: paths, timeout: 2) {
            checks.append(Check(area: area, name: "veetd", status: .ok,
                                detail: "running (pid \(status.pid), version \(status.version)) on \(paths.socketFile.path)"))
            for connection in status.connections where connection.awaitsSignIn {
                checks.append(Check(area: area, name: "sign in \(connection.name)", status: .problem,
                                    detail: "the server no longer accepts the token; veetd sends nothing to it (the outbox waits)",
                                    fix: "veet connect again for \(connection.name) (or sign in from veet-tui)"))
            }
        } else {
            checks.append(Check(area: area, name: "veetd", status: .info,
                                detail: "not running (notifications and background delivery are off)",
                                fix: "veet daemon install, then systemctl --user enable --now veetd"))
        }
        // Where `veet daemon install` writes it, and where `make install` puts it.
        let data = context.registry.paths.dataDirectory.deletingLastPathComponent()
        let units = [DaemonCommand.unitFile(environment: context.environment),
                     data.appendingPathComponent("systemd/user/veetd.service")]
        let unit = units.first { FileManager.default.fileExists(atPath: $0.path) }
        checks.append(Check(area: area, name: "systemd unit", status: unit == nil ? .info : .ok,
                            detail: unit.map { "installed at \($0.path)" } ?? "not installed",
                            fix: unit == nil ? "veet daemon install" : nil))
        return checks
    }
}
