import Foundation
import Synchronization
import VeetAccount
import VeetDaemonProtocol
import VeetStore
import VeetTransport

/// One saved connection as the daemon keeps it.
struct ConnectionRuntime: Sendable {
    let name: String
    let url: String
    let store: LocalStore
    let client: HTTPClient
    var lastSync: Date?
    /// When a sync last changed this connection's index (`status`'s `index_changed_at`).
    var indexChangedAt: Date?
    var lastError: String?
    var notifications: NotificationsAvailability = .unknown
    var inbox = InboxWatermark()
    /// Syncs left before probing the inbox again after a 404.
    var inboxBackoff = 0
    /// The server answered 401: nothing is sent until the saved token changes (Daemon+SignIn.swift).
    var signInNeeded = false
    /// This computer registered itself with the server under this runtime's token (Daemon+Registration.swift).
    var deviceRegistered = false
}

/// Run events waiting to be applied to the alert board by the main loop.
final class SignalQueue: Sendable {
    private let items = Mutex<[(AlertSignal, String)]>([])
    func append(_ signals: [AlertSignal], connection: String) {
        guard !signals.isEmpty else { return }
        items.withLock { $0 += signals.map { ($0, connection) } }
    }
    func drain() -> [(AlertSignal, String)] { items.withLock { list in defer { list.removeAll() }; return list } }
}

/// The daemon's state and main loop: sync timer, alert timer, requests.
actor Daemon {
    let settings: DaemonSettings
    let log: DaemonLog
    let hub: RunHub
    let signals: SignalQueue
    let wakeup = Wakeup()
    let startedAt = Date()
    let version: String
    var connections: [String: ConnectionRuntime] = [:]
    var currentConnection: String?
    var board: AlertBoard
    /// Which connection each pending alert belongs to.
    var alertConnections: [String: String] = [:]
    /// The alerts on screen and their inbox notifications (Daemon+AlertSync.swift).
    var deliveredAlerts = DeliveredAlerts()
    /// The conversation each connected client reports visible.
    var visible: [Int: String] = [:]
    var notifier: DesktopNotifier?
    var clientCount: @Sendable () -> Int = { 0 }
    /// When to reconcile next and how (full walk or glance): ReconcileCadence, fed with `looking`.
    var cadence: ReconcileCadence
    /// Whether each connected client says the owner looks at it (`looking`).
    var looking: [Int: Bool] = [:]
    /// A glance of the current round saw a change it cannot place (a full walk follows).
    var glanceUnplaced = false
    var stopping = false
    /// Serialises syncs: a request during a sync waits for it and then runs its own.
    var syncInFlight: Task<[ConnectionSyncResult], Never>?
    var paths: VeetPaths?
    var database: Database?
    var connectionsFileStamp: Date?

    init(settings: DaemonSettings, log: DaemonLog, version: String, hub: RunHub, signals: SignalQueue) {
        self.settings = settings
        self.log = log
        self.version = version
        self.hub = hub
        self.signals = signals
        board = AlertBoard(hold: settings.alertHold)
        cadence = settings.cadence
    }

    /// A focused client looks at the conversations now: full walks at the sync interval.
    var someoneLooks: Bool { looking.values.contains(true) }

    func configure(notifier: DesktopNotifier, clientCount: @escaping @Sendable () -> Int) {
        self.notifier = notifier
        self.clientCount = clientCount
    }

    /// Opens every saved connection's slice of the store (one database file),
    /// keeping those already open whose address did not change.
    func loadConnections(paths: VeetPaths) throws {
        self.paths = paths
        let registry = ConnectionRegistry(paths: paths)
        connectionsFileStamp = Self.stamp(paths.connectionsFile)
        let file = try registry.load()
        currentConnection = file.current
        let wanted = Dictionary(file.connections.map { ($0.name, $0.url) }, uniquingKeysWith: { first, _ in first })
        connections = connections.filter { wanted[$0.key] == $0.value.url }
        guard !file.connections.isEmpty else {
            log.info("no saved connections; waiting for requests")
            return
        }
        let database = try database ?? Database.open(paths: paths, options: DaemonSettings.storeOptions)
        self.database = database
        for saved in file.connections where connections[saved.name] == nil {
            do {
                guard let token = try registry.credentials.token(for: saved.name, storage: saved.tokenStorage ?? .file) else {
                    log.warn("connection \(saved.name) has no token; skipped")
                    continue
                }
                let settings = try ConnectionSettings(serverURL: try ServerURL(validating: saved.url), token: token)
                let store = try LocalStore(database: database, connection: saved.name, url: saved.url)
                connections[saved.name] = ConnectionRuntime(
                    name: saved.name, url: saved.url, store: store,
                    client: HTTPClient(settings: settings, clientVersion: version))
            } catch let error as StoreFileError {
                // A local file problem names a path, a mode and the fix, never file contents: say it whole
                // (a token file others can read is refused here, and the log must say how to fix it).
                log.warn("connection \(saved.name) could not be opened: \(error)")
            } catch {
                log.warn("connection \(saved.name) could not be opened (\(RunHub.kind(of: error)))")
            }
        }
        log.info("\(connections.count) connections loaded")
    }

    /// `veet connect` or `veet connections forget` ran since the last look: load again.
    func reloadConnectionsIfChanged() {
        guard let paths, Self.stamp(paths.connectionsFile) != connectionsFileStamp else { return }
        do { try loadConnections(paths: paths) } catch {
            log.warn("saved connections could not be read again (\(RunHub.kind(of: error)))")
        }
    }

    static func stamp(_ file: URL) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: file.path))?[.modificationDate] as? Date
    }

    /// Sleeps between timers; returns when `stop` is called.
    func run() async {
        while !stopping {
            let now = Date()
            let due = cadence.next(looking: someoneLooks)
            if now >= due.at {
                let results = await syncAll(kind: due.kind)
                cadence.record(due.kind, startedAt: now, outcome: outcome(of: results))
                HeapUpkeep.returnFreePages()
            }
            applySignals()
            await raiseDueAlerts()
            if stopping { break }
            let deadline = min(cadence.next(looking: someoneLooks).at, board.nextDue ?? .distantFuture)
            await wakeup.wait(until: deadline)
        }
    }

    func stop() {
        stopping = true
        syncInFlight?.cancel()
        wakeup.poke()
    }

    func status() -> DaemonStatus {
        let rows = connections.values.sorted { $0.name < $1.name }.map { runtime in
            ConnectionStatus(name: runtime.name, sessions: (try? runtime.store.sessionCount()) ?? 0,
                             outboxPending: (try? runtime.store.outbox().filter(\.awaitsDelivery).count) ?? 0, lastSync: runtime.lastSync,
                             lastError: runtime.lastError, notifications: runtime.notifications.rawValue,
                             signInNeeded: runtime.signInNeeded, indexChangedAt: runtime.indexChangedAt)
        }
        return DaemonStatus(pid: getpid(), version: version, startedAt: startedAt, clients: clientCount(),
                            watchedRuns: hub.liveRunIDs, pendingAlerts: board.pending.count, connections: rows,
                            raisedAlerts: raisedAlerts)
    }
}
