import Foundation
import VeetFolders
import VeetStore

/// The folder feature's calls. Every answer posts the center's state and the
/// fenced rows again, so the sidebar shows what the feature now holds.
extension Backend {
    /// The center's folders, proposals and availability, with the index rows fenced.
    func publishFolders() async {
        inbox.post(.foldersLoaded(await folderSnapshot(), sessions: await folders.fencedRows(cachedSessions())))
    }

    /// The center's folders, proposals and availability as they are now.
    func folderSnapshot() async -> FolderSnapshot {
        FolderSnapshot(folders: await folders.folders, proposals: await folders.proposals,
                       availability: await folders.availability, proposalsNotice: await folders.proposalsNotice)
    }

    /// Create or rename: a refused name comes back to the form as a field error.
    func saveFolder(name: String, renaming folderID: String?) -> Task<Void, Never> {
        Task {
            do {
                if let folderID { _ = try await folders.rename(folderID: folderID, to: name) } else {
                    _ = try await folders.create(name: name)
                }
                inbox.post(.folderFormClosed(notice: folderID == nil ? "Folder created" : "Folder renamed"))
            } catch {
                if let field = error as? FolderNameError ?? FolderNameError.from(error) {
                    inbox.post(.folderFormError(field.message))
                } else {
                    inbox.post(.folderFormError("Not saved: \(Self.describe(error))"))
                }
            }
            try? await folders.refresh()
            await publishFolders()
        }
    }

    /// Runs one folder mutation, then shows its outcome and the center's new state.
    func folderAction(done: String, _ action: @escaping @Sendable (FolderCenter) async throws -> Void) -> Task<Void, Never> {
        Task {
            do {
                try await action(folders)
                inbox.post(.notice(done))
            } catch {
                inbox.post(.notice("\(Self.describe(error))"))
            }
            try? await folders.refresh()
            await publishFolders()
            // Accepting or deleting refiles conversations the fence does not mark: read the index again.
            await reconcile().value
        }
    }
}
