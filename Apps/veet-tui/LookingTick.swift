import Synchronization
import VeetChat
import VeetFolders

/// What a reconcile last handed the screen besides the index: the folders and
/// the "Needs you" read. While the owner looks, the 30 s tick reads these two
/// from the server; when veetd's index did not move (`storeMoved` false) and
/// both read the same as last time, the screen already shows all of it, so the
/// tick reads nothing from the store and posts nothing (issue 37: a focused TUI
/// re-read its 10,000 conversations every 30 s for nothing).
struct ShownReads: Equatable, Sendable {
    var folders: FolderSnapshot
    var pending: PendingApprovalsRead

    /// Whether the store must be read and the screen told: the index moved, or
    /// what is shown next to it changed, or nothing was shown yet.
    static func mustRead(storeMoved: Bool, now: ShownReads, last: ShownReads?) -> Bool {
        storeMoved || now != last
    }
}

/// The `ShownReads` of the last reconcile that reached the screen.
final class ShownReadsMemory: Sendable {
    private let last = Mutex<ShownReads?>(nil)

    /// Remembers `now` and says whether to read the store (`ShownReads.mustRead`).
    func note(_ now: ShownReads, storeMoved: Bool) -> Bool {
        last.withLock { last in
            defer { last = now }
            return ShownReads.mustRead(storeMoved: storeMoved, now: now, last: last)
        }
    }
}
