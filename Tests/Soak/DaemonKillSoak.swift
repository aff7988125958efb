import Foundation
import VeetChat
import VeetStore
import VeetTransport
#if canImport(Glibc)
import Glibc
#endif

/// The built `veetd` killed with SIGKILL at random moments of its work
/// (start-up, reconciliation of a long session list, outbox delivery), then
/// started again: after every kill its store passes `PRAGMA integrity_check`
/// and still holds every queued message once; at the end an undisturbed
/// daemon delivers the outbox and the server has each message exactly once.
final class DaemonKillBench {
    static let connection = "soak"
    let binary: URL
    let target: SoakTarget
    /// Short: the daemon's socket path must fit in `sockaddr_un` (108 bytes).
    let root = URL(fileURLWithPath: "/tmp/vks-\(UUID().uuidString.prefix(8))")
    private(set) var sessions: [String] = []
    /// Every message queued so far: its key and its text (unique per message).
    private(set) var queued: [(key: String, text: String)] = []
    private(set) var kills = 0, killsBeforeASync = 0, killsAfterADelivery = 0
    private(set) var integrityFailures = 0, lostLocally = 0, doubledLocally = 0
    private(set) var firstFailure: String?

    init(binDirectory: URL, target: SoakTarget) throws {
        binary = binDirectory.appendingPathComponent("veetd")
        self.target = target
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            throw SoakSetupError("\(binary.path) is missing (swift build --product veetd)")
        }
        for sub in ["config", "data", "state", "run"] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(sub), withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        }
        try ConnectionRegistry(paths: paths).add(name: Self.connection, url: ServerURL(validating: target.url.absoluteString),
                                                 token: target.token)
    }

    var environment: [String: String] {
        ["HOME": root.path, "XDG_CONFIG_HOME": root.appendingPathComponent("config").path,
         "XDG_DATA_HOME": root.appendingPathComponent("data").path,
         "XDG_STATE_HOME": root.appendingPathComponent("state").path,
         "XDG_RUNTIME_DIR": root.appendingPathComponent("run").path]
    }

    var paths: VeetPaths { VeetPaths(environment: environment) }
    var logText: String {
        (try? String(contentsOfFile: root.appendingPathComponent("state/veet/veetd.log").path, encoding: .utf8)) ?? ""
    }

    func remove() { try? FileManager.default.removeItem(at: root) }

    /// A few sessions on the server, known to the local index, for the queued messages.
    func prepare(sessionCount: Int) async throws {
        let api = try target.api()
        let store = try LocalStore.open(paths: paths, connection: Self.connection, url: target.url.absoluteString)
        for _ in 0..<sessionCount {
            let session = try await api.createSession()
            _ = try store.upsert(session: session)
            sessions.append(session.id)
        }
    }

    /// Queues `count` messages (the daemon is not running), as `veet chat` does when it cannot send.
    func queue(_ count: Int, round: Int, using random: inout SoakRandom) throws {
        guard count > 0 else { return }
        let store = try LocalStore.open(paths: paths, connection: Self.connection)
        for index in 0..<count {
            let text = "soak queued \(round)-\(index)"
            let session = sessions[Int.random(in: 0..<sessions.count, using: &random)]
            let entry = try store.enqueue(sessionID: session, content: [.text(text)])
            queued.append((entry.key.rawValue, text))
        }
    }

    /// Starts veetd, kills it after `delay` µs, reaps it, and checks the store.
    func killRound(delay: UInt32) throws {
        let syncsBefore = count(of: "sync \(Self.connection):"), deliveriesBefore = count(of: "outbox \(Self.connection):")
        let daemon = try start()
        usleep(delay)
        kill(daemon.processIdentifier, SIGKILL)
        daemon.waitUntilExit()
        kills += 1
        if count(of: "sync \(Self.connection):") == syncsBefore { killsBeforeASync += 1 }
        if count(of: "outbox \(Self.connection):") > deliveriesBefore { killsAfterADelivery += 1 }
        try check(after: "daemon kill \(kills)")
    }

    /// Runs an undisturbed daemon until the outbox is empty (or `seconds` pass), stops it with SIGTERM.
    func drain(seconds: Double) throws -> Bool {
        let daemon = try start()
        defer {
            if daemon.isRunning { kill(daemon.processIdentifier, SIGKILL) }
            daemon.waitUntilExit()
        }
        let giveUp = Date().addingTimeInterval(seconds)
        var empty = false
        while !empty && Date() < giveUp && daemon.isRunning {
            usleep(200_000)
            empty = (try? LocalStore.open(paths: paths, connection: Self.connection).outbox().isEmpty) ?? false
        }
        kill(daemon.processIdentifier, SIGTERM)
        let stopBy = Date().addingTimeInterval(10)
        while daemon.isRunning && Date() < stopBy { usleep(20_000) }
        return empty
    }

    /// How many times each queued message reached the server (user messages with its text).
    func deliveredCopies() async throws -> [String: Int] {
        let api = try target.api()
        var copies: [String: Int] = [:]
        for session in sessions {
            for message in try await api.transcript(sessionID: session) where message.role == .user {
                for block in message.content { if let text = block.text { copies[text, default: 0] += 1 } }
            }
        }
        return copies
    }

    private func start() throws -> Process {
        let process = Process()
        process.executableURL = binary
        process.arguments = ["--notifier", "log", "--sync-interval", "1"]
        var env = ProcessInfo.processInfo.environment
        for key in ["DBUS_SESSION_BUS_ADDRESS", "NOTIFY_SOCKET", "VEET_URL", "VEET_TOKEN"] { env[key] = nil }
        env.merge(environment) { _, new in new }
        process.environment = env
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Lines of the daemon's log holding `marker` (its sync and outbox reports).
    private func count(of marker: String) -> Int { logText.components(separatedBy: marker).count - 1 }

    /// Integrity, and every queued message still in the outbox (or confirmed) exactly once.
    private func check(after moment: String) throws {
        let database = try Database(path: paths.databaseFile.path)
        let integrity = try database.read { try $0.scalarText("PRAGMA integrity_check") }
        if integrity != "ok" {
            integrityFailures += 1
            note("\(moment): integrity \(integrity ?? "nil")")
        }
        let entries = try LocalStore(database: database, connection: Self.connection).outbox(includeConfirmed: true)
        let byKey = Dictionary(grouping: entries, by: \.key.rawValue)
        // Counted afresh each time over everything queued: the last check's counts are the run's.
        (lostLocally, doubledLocally) = (0, 0)
        for (key, _) in queued {
            switch byKey[key]?.count ?? 0 {
            case 0: lostLocally += 1
            case 1: break
            default: doubledLocally += 1
            }
        }
        if lostLocally + doubledLocally > 0 { note("\(moment): \(lostLocally) lost, \(doubledLocally) doubled in the outbox") }
    }

    private func note(_ text: String) {
        if firstFailure == nil { firstFailure = text }
    }
}

struct SoakSetupError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
