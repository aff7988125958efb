import Foundation

/// One poller per store (docs/tui.md, "How it runs"): while veetd answers and
/// keeps a connection, the index is the one veetd keeps in the shared store.
/// A client (veet-tui) never walks it itself then: its 30 s tick reads the store only when
/// veetd says its index changed (`index_changed_at`), and a reconcile asked by an
/// event (a run ended, an approval) is a `sync` request to veetd.
public enum DaemonIndexOutcome: Equatable, Sendable {
    /// No veetd keeps this connection (or it is an older one): the TUI reconciles itself.
    case notKept
    /// veetd keeps it, nothing changed since the last read, and nobody looks: nothing to do.
    case unchanged
    /// `problem` for the status bar; `askServer`: read the folders and "Needs you" from the server;
    /// `storeMoved`: the index in the store may have changed since the last read (read it again). With
    /// `storeMoved` false the store is read only when the folders or "Needs you" changed (the client's looking tick).
    case read(problem: String?, askServer: Bool, storeMoved: Bool)

    /// The rule, as a plain value: `periodic` is the 30 s tick (not an event), `stamp` veetd's
    /// `index_changed_at`, `lastRead` the stamp the TUI last read, `looking` the terminal's focus.
    public static func periodic(stamp: Date, lastRead: Date?, looking: Bool, lastError: String?) -> DaemonIndexOutcome {
        if stamp == lastRead && !looking { return .unchanged }
        return .read(problem: lastError.map(problemText), askServer: looking, storeMoved: stamp != lastRead)
    }

    /// veetd's error kinds (`HTTP 503`, `TransportError`) in the status bar's words.
    public static func problemText(_ kind: String) -> String {
        kind.contains("Transport") ? "Server unreachable · retrying" : "Could not refresh · retrying"
    }
}
