import Foundation
import Synchronization
import VeetDaemonProtocol

/// One poller per store (docs/tui.md, "How it runs"): while veetd answers and
/// keeps this connection, the index is the one veetd keeps in the shared store.
/// The TUI never walks it itself then: its 30 s tick reads the store only when
/// veetd says its index changed (`index_changed_at`), and a reconcile asked by an
/// event (a run ended, an approval) is a `sync` request to veetd.
enum DaemonIndexOutcome: Equatable {
    /// No veetd keeps this connection (or it is an older one): the TUI reconciles itself.
    case notKept
    /// veetd keeps it, nothing changed since the last read, and nobody looks: nothing to do.
    case unchanged
    /// `problem` for the status bar; `askServer`: read the folders and "Needs you" from the server;
    /// `storeMoved`: the index in the store may have changed since the last read (read it again). With
    /// `storeMoved` false the store is read only when the folders or "Needs you" changed (LookingTick.swift).
    case read(problem: String?, askServer: Bool, storeMoved: Bool)

    /// The rule, as a plain value: `periodic` is the 30 s tick (not an event), `stamp` veetd's
    /// `index_changed_at`, `lastRead` the stamp the TUI last read, `looking` the terminal's focus.
    static func periodic(stamp: Date, lastRead: Date?, looking: Bool, lastError: String?) -> DaemonIndexOutcome {
        if stamp == lastRead && !looking { return .unchanged }
        return .read(problem: lastError.map(problemText), askServer: looking, storeMoved: stamp != lastRead)
    }

    /// veetd's error kinds (`HTTP 503`, `TransportError`) in the status bar's words.
    static func problemText(_ kind: String) -> String {
        kind.contains("Transport") ? "Server unreachable · retrying" : "Could not refresh · retrying"
    }
}

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
