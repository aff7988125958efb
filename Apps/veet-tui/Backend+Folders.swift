import Foundation
import VeetFolders
import VeetFoldersScreens
import VeetStore

/// The folder feature's work (VeetFoldersScreens' `FolderWork` on the center).
/// Every answer posts the center's state and the fenced rows again, so the
/// sidebar shows what the feature now holds.
extension Backend {
    /// The center's folders, proposals and availability, with the index rows fenced.
    func publishFolders() async {
        inbox.post(.foldersLoaded(await folderSnapshot(), sessions: await folders.fencedRows(cachedSessions())))
    }

    func folderSnapshot() async -> FolderSnapshot { await folders.snapshot }

    /// Runs one folder action off the main loop; after one that refiles conversations the fence does not mark
    /// (accept, delete, move), the index is read again.
    @discardableResult
    func runFolders(_ effect: FolderEffect) -> Task<Void, Never> {
        let work = FolderWork(center: folders, describe: Backend.describe) { refiled in
            await publishFolders()
            if refiled { await reconcile().value }
        }
        return Task { await work.run(effect) { inbox.post(.folders($0)) } }
    }
}
