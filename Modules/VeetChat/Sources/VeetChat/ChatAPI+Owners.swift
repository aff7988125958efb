import Foundation
import VeetStore
import VeetTransport
import VeetWire

/// The owner's own conversations, read from the server: the sessions the
/// server runs for itself (`SessionKind`: a `run_kind`, a People purpose)
/// are left out here, as the index leaves them out of every list.
extension ChatAPI {
    /// The owner's conversations, newest activity first: every one, or the
    /// newest `limit`, reading further pages while the server's own lead.
    /// (A page left empty by the filter must not end the walk, as an empty
    /// page does in `Page.all`, so the pages are walked here: the same
    /// stops, an empty raw page and a repeated cursor.)
    public func ownersSessions(limit: Int? = nil, pageSize: Int = 200) async throws -> [SessionView] {
        var owners: [SessionView] = []
        var cursor: String?
        var seenCursors: Set<String> = []
        repeat {
            let page = try await sessionsPage(limit: pageSize, cursor: cursor)
            owners += page.items.filter { SessionKind($0).isOwners }
            if let limit, owners.count >= limit { return Array(owners.prefix(limit)) }
            cursor = page.isLast ? nil : page.nextCursor
            if let cursor, !seenCursors.insert(cursor).inserted {
                throw InvalidResponseError("the server repeated a page cursor; the list cannot be read")
            }
        } while cursor != nil
        return owners
    }

    /// The pending approvals of the owner's conversations. Each distinct
    /// session is read once; one that cannot be read keeps its approvals
    /// (nothing waiting for the owner is hidden on a guess).
    public func ownersPendingApprovals() async throws -> [ApprovalView] {
        let pending = try await pendingApprovals()
        var serversOwn: Set<String> = []
        for sessionID in Set(pending.map(\.sessionID)) {
            if let view = try? await session(id: sessionID), !SessionKind(view).isOwners { serversOwn.insert(sessionID) }
        }
        return pending.filter { !serversOwn.contains($0.sessionID) }
    }
}
