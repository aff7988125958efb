import Dispatch
import Foundation
import Synchronization
import VeetDaemonProtocol

/// Tells a running veetd which conversation is on screen, so it holds back
/// alerts for it while this TUI is connected. Every socket call runs on the
/// link's own serial queue: the main loop never waits on it, and without a
/// daemon the TUI behaves the same (the connect fails at once and quietly;
/// another try comes with a later change, at most every `retryInterval`).
final class DaemonLink: Sendable {
    static let retryInterval: TimeInterval = 10
    static let callTimeout: TimeInterval = 1

    private struct State {
        var client: DaemonClient?
        var lastAttempt = Date.distantPast
        /// The desktop alerts veetd showed, at its last `status` answer.
        var raised: [RaisedAlert] = []
        var refreshing = false
        /// Whether the owner looks at this TUI (terminal focus; nil: not said yet), told again on each new connection.
        var looking: Bool?
    }

    private let paths: DaemonPaths
    /// The saved connection veetd knows the server by (nil: one chosen by VEET_URL, which veetd does not watch).
    private let connection: String?
    private let queue = DispatchQueue(label: "veet-tui.daemon-link")
    private let state = Mutex(State())

    init(paths: DaemonPaths, connection: String? = nil) {
        self.paths = paths
        self.connection = connection
    }

    /// Tells veetd, before the TUI exits, that it leaves `runID` waiting for the
    /// owner, so its alert does not wait for the next sync (the `watch` request
    /// `veet chat --once` sends). Waits for the call (at most `callTimeout`
    /// each for connect and request); without veetd nothing happens.
    func tellRunLeftWaiting(runID: String, sessionID: String) {
        guard let connection else { return }
        queue.sync {
            let client = state.withLock { $0.client }
                ?? (try? DaemonClient.connect(paths: paths, client: "veet-tui", timeout: Self.callTimeout))
            _ = try? client?.request(.watch(runID: runID, sessionID: sessionID, connection: connection),
                                     timeout: Self.callTimeout)
        }
    }

    /// veetd's desktop alerts on screen, as last read (empty without veetd).
    var raisedAlerts: [RaisedAlert] { state.withLock { $0.raised } }

    /// Reads them again in the background (one read at a time; without veetd nothing).
    func refreshRaisedAlerts() {
        guard state.withLock({ state in
            defer { state.refreshing = true }
            return !state.refreshing
        }) else { return }
        queue.async { [self] in
            defer { state.withLock { $0.refreshing = false } }
            guard let client = connectedClient() else { return }
            guard case .status(let status)? = try? client.request(.status, timeout: Self.callTimeout) else {
                state.withLock { $0.client = nil }
                return
            }
            state.withLock { $0.raised = status.raisedAlerts }
        }
    }

    /// Asks veetd for a round of the transcripts search cannot see yet
    /// (`fill_transcripts`), on a connection of its own so the link's queue
    /// stays free for the quick calls. False without veetd, for a connection
    /// veetd does not watch (one chosen by VEET_URL) or from an older veetd:
    /// the caller reads them itself.
    func fillTranscripts(timeout: TimeInterval = 120) async -> Bool {
        guard let connection else { return false }
        let paths = paths
        return await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                guard let client = try? DaemonClient.connect(paths: paths, client: "veet-tui", timeout: Self.callTimeout),
                      case .ok? = try? client.request(.fillTranscripts(connection: connection), timeout: timeout) else {
                    continuation.resume(returning: false)
                    return
                }
                continuation.resume(returning: true)
            }
        }
    }

    /// Announces the visible conversation (nil: a new one, nothing to hold back).
    func show(_ sessionID: String?) {
        queue.async { [self] in deliver(sessionID) }
    }

    private func deliver(_ sessionID: String?) {
        guard let client = connectedClient() else { return }
        do {
            _ = try client.request(.visible(sessionID: sessionID), timeout: Self.callTimeout)
        } catch {
            // The daemon went away (or refused): forget it; a later change tries again.
            state.withLock { $0.client = nil }
        }
    }

    /// The open connection, or a new one at most every `retryInterval` (told at once whether the owner looks).
    private func connectedClient() -> DaemonClient? {
        let (client, fresh, looking) = state.withLock { state -> (DaemonClient?, Bool, Bool?) in
            if let client = state.client { return (client, false, nil) }
            let now = Date()
            guard now.timeIntervalSince(state.lastAttempt) >= Self.retryInterval else { return (nil, false, nil) }
            state.lastAttempt = now
            state.client = try? DaemonClient.connect(paths: paths, client: "veet-tui", timeout: Self.callTimeout)
            return (state.client, true, state.looking)
        }
        if fresh, let client, let looking { _ = try? client.request(.looking(focused: looking), timeout: Self.callTimeout) }
        return client
    }

    // MARK: One poller per store (docs/tui.md, "How it runs")

    /// Tells veetd whether the owner looks at this TUI (the terminal's focus): while one does, veetd
    /// walks the index every 30 s for both; while none does, it glances. Without veetd nothing happens.
    func tellLooking(_ focused: Bool) {
        let changed = state.withLock { state in
            defer { state.looking = focused }
            return state.looking != focused
        }
        guard changed, connection != nil else { return }
        queue.async { [self] in
            // A new connection tells it itself (connectedClient); an open one is told here.
            guard let open = state.withLock({ $0.client }) else {
                _ = connectedClient()
                return
            }
            if (try? open.request(.looking(focused: focused), timeout: Self.callTimeout)) == nil {
                state.withLock { $0.client = nil }
            }
        }
    }

    /// This connection as veetd keeps it, when a veetd answers and keeps it (nil: none does, or it
    /// needs a sign-in, or the TUI runs on a server chosen by VEET_URL): the TUI reads the store
    /// veetd keeps instead of walking the index itself.
    func keptConnection() async -> ConnectionStatus? {
        guard let connection else { return nil }
        return await withCheckedContinuation { continuation in
            queue.async { [self] in
                guard let client = connectedClient() else { return continuation.resume(returning: nil) }
                guard case .status(let status)? = try? client.request(.status, timeout: Self.callTimeout) else {
                    state.withLock { $0.client = nil }
                    return continuation.resume(returning: nil)
                }
                state.withLock { $0.raised = status.raisedAlerts }
                let row = status.connections.first { $0.name == connection }
                continuation.resume(returning: row?.signInNeeded == true ? nil : row)
            }
        }
    }

    /// Asks veetd to reconcile this connection now (`sync`, a full walk into the shared store), on a
    /// connection of its own. Nil without veetd; else the sync's error (nil: done).
    func syncThroughDaemon(timeout: TimeInterval = 300) async -> String?? {
        guard let connection else { return .none }
        let paths = paths
        return await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                guard let client = try? DaemonClient.connect(paths: paths, client: "veet-tui", timeout: Self.callTimeout),
                      case .synced(let results)? = try? client.request(.sync(connection: connection), timeout: timeout),
                      let result = results.first(where: { $0.name == connection }) else {
                    return continuation.resume(returning: .none)
                }
                continuation.resume(returning: .some(result.error))
            }
        }
    }
}
