import Foundation
import VeetFolders
import VeetStore

/// The folder actions the sidebar's keys ask for.
public enum FolderEffect: Sendable, Hashable {
    case create(name: String)
    case rename(folderID: String, name: String)
    case delete(folderID: String)
    case move(sessionID: String, to: MoveTarget)
    case accept(proposalID: String, name: String?)
    case decline(proposalID: String)
}

/// What the folder work answers.
public enum FolderResult: Sendable, Hashable {
    /// An action's outcome, for the status line.
    case notice(String)
    /// The form's name was saved: the form closes and this shows.
    case saved(notice: String)
    /// The form's name was refused (a field error), or its save failed: the form stays open with it.
    case refused(String)
}

/// Runs the folder actions on the feature's `FolderCenter`, then hands the
/// center's new state to the shell (`published`), which shows it with the
/// fenced index. It makes no client; the error words come from `describe`.
public struct FolderWork: Sendable {
    let center: FolderCenter
    let describe: @Sendable (any Error) -> String
    /// Shows the center's state and the fenced rows again; `refiled`: the action may have refiled
    /// conversations the fence does not mark (accept, delete, move), so the index is read again too.
    let published: @Sendable (_ refiled: Bool) async -> Void

    public init(center: FolderCenter, describe: @escaping @Sendable (any Error) -> String,
                published: @escaping @Sendable (_ refiled: Bool) async -> Void) {
        self.center = center
        self.describe = describe
        self.published = published
    }

    public func run(_ effect: FolderEffect, report: @escaping @Sendable (FolderResult) -> Void) async {
        switch effect {
        case .create(let name): await save(report: report, done: "Folder created") { _ = try await $0.create(name: name) }
        case .rename(let id, let name):
            await save(report: report, done: "Folder renamed") { _ = try await $0.rename(folderID: id, to: name) }
        case .delete(let id):
            await act(report: report, done: "Folder deleted; its conversations are back in History") {
                try await $0.delete(folderID: id)
            }
        case .move(let sessionID, let target):
            let (folderID, done): (String?, String) = switch target {
            case .folder(let id, let name): (id, "Moved to " + name)
            case .history: (nil, "Moved back to History")
            }
            await act(report: report, done: done) { _ = try await $0.move(sessionID: sessionID, to: folderID) }
        case .accept(let id, let name):
            await act(report: report, done: "Suggestion accepted") { _ = try await $0.accept(proposalID: id, name: name) }
        case .decline(let id):
            await act(report: report, done: "Suggestion declined") { _ = try await $0.decline(proposalID: id) }
        }
    }

    /// Create or rename: a refused name comes back to the form as a field error.
    private func save(report: @Sendable (FolderResult) -> Void, done: String,
                      _ action: @Sendable (FolderCenter) async throws -> Void) async {
        do {
            try await action(center)
            report(.saved(notice: done))
        } catch {
            if let field = error as? FolderNameError ?? FolderNameError.from(error) {
                report(.refused(field.message))
            } else {
                report(.refused("Not saved: \(describe(error))"))
            }
        }
        try? await center.refresh()
        await published(false)
    }

    /// One mutation, then its outcome and the center's new state.
    private func act(report: @Sendable (FolderResult) -> Void, done: String,
                     _ action: @Sendable (FolderCenter) async throws -> Void) async {
        do {
            try await action(center)
            report(.notice(done))
        } catch {
            report(.notice(describe(error)))
        }
        try? await center.refresh()
        await published(true)
    }
}
