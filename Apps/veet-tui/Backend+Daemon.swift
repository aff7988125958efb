import Foundation
import Synchronization
import VeetDaemonProtocol

/// The `index_changed_at` the TUI last read the store at.
final class DaemonIndexMemory: Sendable {
    private let stamp = Mutex<Date?>(nil)

    /// Remembers `new`, returns what was remembered before.
    func swap(_ new: Date?) -> Date? {
        stamp.withLock { old in
            defer { old = new }
            return old
        }
    }
}

/// One poller per store (docs/tui.md, "How it runs"): while veetd keeps this connection, the TUI reads the
/// index veetd keeps in the shared store, by VeetDaemonProtocol's `DaemonIndexOutcome` rule.
extension Backend {
    /// Whether veetd keeps this connection's index, and what to read (see `DaemonIndexOutcome`).
    func indexThroughDaemon(periodic: Bool, looking: Bool) async -> DaemonIndexOutcome {
        // An in-memory store is not the file veetd keeps.
        guard !store.database.isInMemory, let kept = await daemon.keptConnection(), let stamp = kept.indexChangedAt else {
            return .notKept
        }
        if periodic {
            return DaemonIndexOutcome.periodic(stamp: stamp, lastRead: daemonIndex.swap(stamp), looking: looking,
                                               lastError: kept.lastError)
        }
        guard case .some(let error) = await daemon.syncThroughDaemon() else { return .notKept }
        _ = daemonIndex.swap(nil)  // the next tick reads what this sync stamped
        if error == nil { noteServerReached() }
        return .read(problem: error.map(DaemonIndexOutcome.problemText), askServer: true, storeMoved: true)
    }
}
