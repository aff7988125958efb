import Foundation
import VeetTransport
import VeetWire
import VeetStore

/// Folders and open proposals held in memory (server state, never a local
/// organization), the fence that protects mutations from stale reads, and
/// the mutations themselves. One per connection.
public actor FolderCenter {
    public let api: FoldersAPI
    /// When set, move answers are written into the cached index at once.
    public let store: LocalStore?

    public private(set) var availability: FolderAvailability = .unknown
    public private(set) var folders: [FolderView] = []
    public private(set) var proposals: [FolderProposalView] = []
    /// Whether the server offers folder proposals, on their own: a server may serve folders and
    /// answer 404/405/400 on proposals. Once unavailable, proposals are not asked for again.
    public private(set) var proposalsAvailability: FolderAvailability = .unknown
    public private(set) var fence = FolderFence()

    public init(api: FoldersAPI, store: LocalStore? = nil) {
        self.api = api
        self.store = store
    }

    // MARK: Reading

    /// Reads the folder list and open proposals, unless the server is known
    /// not to offer folders. A 404/405/400 on the list marks the server
    /// unavailable and returns quietly; other failures throw.
    public func refresh() async throws {
        guard availability != .unavailable else { return }
        let ticket = fence.beginRead()
        let listed: [FolderView]
        do {
            listed = try await api.folders()
        } catch where FoldersAPI.meansUnavailable(error) {
            fence.endRead(ticket)
            markUnavailable()
            return
        } catch {
            fence.endRead(ticket)
            throw error
        }
        folders = fence.correct(listed, readWith: ticket)
        fence.endRead(ticket)
        availability = .available
        guard proposalsAvailability != .unavailable else { return }
        do {
            proposals = try await api.proposals().filter(\.isShowable)
            proposalsAvailability = .available
        } catch where FoldersAPI.meansUnavailable(error) {
            proposals = []  // folders without proposals still work
            proposalsAvailability = .unavailable
        }
    }

    /// The line to show where proposals would be, on a server with folders but no
    /// proposals; nil otherwise.
    public var proposalsNotice: String? {
        guard availability == .available, proposalsAvailability == .unavailable else { return nil }
        return FolderCenter.proposalsNoticeText
    }

    public static let proposalsNoticeText = "This server does not suggest folders; your folders still work."

    /// What one index page said about the `folder_id` key: a page of rows
    /// without it means this server has no folders.
    public func noteIndexPage(hasFolderKey: Bool?) {
        guard let hasFolderKey, !hasFolderKey else { return }
        markUnavailable()
    }

    private func markUnavailable() {
        availability = .unavailable
        folders = []
        proposals = []
    }

    /// Index reads are fenced too: `FencedIndexSource` takes a ticket per page.
    func beginRead() -> ReadTicket { fence.beginRead() }
    func endRead(_ ticket: ReadTicket) { fence.endRead(ticket) }
    func correct(_ views: [SessionView], readWith ticket: ReadTicket) -> [SessionView] {
        views.map { fence.correct($0, readWith: ticket) }
    }

    /// The folder a cached row shows now (the fence overrides a row not yet reconciled).
    public func effectiveFolderID(for row: CachedSession) -> String? {
        guard row.scheduleID == nil, availability != .unavailable else { return nil }
        return fence.effectiveFolderID(forSession: row.id, cached: row.folderID)
    }

    /// Cached rows with the fence's view of their folder applied.
    public func fencedRows(_ rows: [CachedSession]) -> [CachedSession] {
        rows.map { row in
            var row = row
            row.folderID = effectiveFolderID(for: row)
            return row
        }
    }

    // MARK: Mutations

    private func requireAvailable() throws {
        if availability == .unavailable { throw FolderRuleError.unavailable }
    }

    /// Runs a mutation. A `409` with a listed reason throws `FolderConflict`.
    /// A 404/405/400 answer is ambiguous before the family
    /// was read (an unknown id, or a server without folders, answer the
    /// same): the folder list, read once, tells which, and a server without
    /// folders is reported as `FolderRuleError.unavailable`.
    private func explainingRefusal<T>(_ mutation: () async throws -> T) async throws -> T {
        do {
            return try await mutation()
        } catch let conflict as APIError where FolderConflict.from(conflict) != nil {
            throw FolderConflict.from(conflict) ?? conflict
        } catch where FoldersAPI.meansUnavailable(error) && availability == .unknown {
            do {
                _ = try await api.folders()
                availability = .available
            } catch where FoldersAPI.meansUnavailable(error) {
                markUnavailable()
                throw FolderRuleError.unavailable
            } catch {}
            throw error
        }
    }

    /// Creates a folder. A refused or duplicate name throws `FolderNameError`.
    public func create(name: String) async throws -> FolderView {
        try await explainingRefusal {
            try requireAvailable()
            let folder = try await nameMutation { try await self.api.create(name: name) }
            fence.folderAnswered(folder)
            place(folder)
            availability = .available
            return folder
        }
    }

    public func rename(folderID: String, to name: String) async throws -> FolderView {
        try await explainingRefusal {
            try requireAvailable()
            let folder = try await nameMutation { try await self.api.rename(id: folderID, to: name) }
            fence.folderAnswered(folder)
            place(folder)
            return folder
        }
    }

    /// Deletes a folder; its conversations return to the history.
    public func delete(folderID: String) async throws {
        try await explainingRefusal {
            try requireAvailable()
            fence.deleteStarted(folderID: folderID)
            do {
                try await api.delete(id: folderID)
            } catch {
                fence.deleteFailed(folderID: folderID)
                throw error
            }
            fence.deleteAnswered(folderID: folderID)
            folders.removeAll { $0.id == folderID }
            proposals.removeAll { $0.kind == .addToFolder && $0.targetFolderID == folderID }
        }
    }

    /// Files `row` in `folderID`, or unfiles it with nil. Scheduled sessions never enter a folder.
    @discardableResult
    public func move(_ row: CachedSession, to folderID: String?) async throws -> SessionView {
        if row.scheduleID != nil { throw FolderRuleError.scheduledSession(row.id) }
        return try await move(sessionID: row.id, to: folderID)
    }

    @discardableResult
    public func move(sessionID: String, to folderID: String?) async throws -> SessionView {
        try await explainingRefusal {
            try requireAvailable()
            fence.moveStarted(sessionID: sessionID, to: folderID)
            let answer: SessionView
            do {
                answer = try await api.move(sessionID: sessionID, to: folderID)
            } catch {
                fence.moveFailed(sessionID: sessionID)
                throw error
            }
            fence.moveAnswered(sessionID: sessionID, folderID: answer.folderID)
            proposals.removeAll { $0.memberSessionIDs.contains(sessionID) }
            try store?.upsert(session: answer)
            return answer
        }
    }

    /// Accepts a proposal (optionally under a new name) and fences the folder it produced.
    @discardableResult
    public func accept(proposalID: String, name: String? = nil) async throws -> FolderProposalView {
        try await explainingRefusal {
            try requireAvailable()
            let accepted = try await nameMutation { try await self.api.accept(proposalID: proposalID, name: name) }
            proposals.removeAll { $0.id == proposalID }
            if let folderID = accepted.resultingFolderID {
                for member in accepted.memberSessionIDs { fence.moveAnswered(sessionID: member, folderID: folderID) }
                if let folder = try? await api.folder(id: folderID) {
                    fence.folderAnswered(folder)
                    place(folder)
                }
            }
            return accepted
        }
    }

    @discardableResult
    public func decline(proposalID: String) async throws -> FolderProposalView {
        try await explainingRefusal {
            try requireAvailable()
            let declined = try await api.decline(proposalID: proposalID)
            proposals.removeAll { $0.id == proposalID }
            return declined
        }
    }

    /// Inserts or replaces a folder in the in-memory list, in the server's order.
    private func place(_ folder: FolderView) {
        folders.removeAll { $0.id == folder.id }
        folders.append(folder)
        folders.sort(by: FolderOrder.before)
    }

    /// Runs a name-carrying mutation, turning a refused name into a field error.
    private func nameMutation<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch {
            if let field = FolderNameError.from(error) { throw field }
            throw error
        }
    }
}
