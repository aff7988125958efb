import Foundation
import VeetChat
import VeetFolders
import VeetTransport

/// Folders, proposals and the move route ([newer], docs/wire/sessions-runs.md §9),
/// through `FoldersAPI`. Only the server proposes groupings, so accepting
/// and declining a real proposal is checked on the in-process fixture (which
/// can be asked to propose); any server gets the 404 checks.
extension Conformance {
    mutating func checkFolders() async {
        guard let chat = try? target.api(), let client = try? SoakTarget.client(target.url, token: target.token) else { return }
        let recorder = StatusRecorder()
        let api = FoldersAPI(sender: recorder.sender(client), retry: .never)
        let fixture = target.fixture
        fixture?.setFolderProposalsEnabled(false)  // only the proposals this run asks for
        let name = Self.uniqueName("Conformance")
        var folder: FolderView?
        var sessionID = ""
        var sessions: [String] = []
        var folders: [String] = []

        await check("GET /v1/folders (page, next_cursor null)", .folders, probe: true) {
            let page = try await api.send(.get("/v1/folders")).requireSuccess().decoded(as: Page<FolderView>.self)
            return page.nextCursor == nil ? nil : "next_cursor \(page.nextCursor ?? ""), expected null (unpaged)"
        }
        await check("POST /v1/folders (201, thread_count 0)", .folders) {
            let created = try await api.create(name: name)
            folder = created
            folders.append(created.id)
            return Self.first(recorder.lastStatus == 201 ? nil : "status \(recorder.lastStatus), expected 201",
                              created.name == name ? nil : "name \(created.name), expected \(name)",
                              created.threadCount == 0 ? nil : "thread_count \(created.threadCount), expected 0")
        }
        await check("POST /v1/folders (same name in other case → 409 folder_name_taken)", .folders) {
            await Self.expectError(409, .conflict, reason: "folder_name_taken") { _ = try await api.create(name: name.uppercased()) }
        }
        await check("POST /v1/folders (name over 64 characters → 400 malformed_request)", .folders) {
            await Self.expectError(400, .malformedRequest) { _ = try await api.create(name: String(repeating: "x", count: 100)) }
        }
        await check("GET /v1/folders/{id}", .folders) {
            guard let folder else { throw NotChecked("the create failed") }
            let read = try await api.folder(id: folder.id)
            let listed = try await api.folders().contains { $0.id == folder.id }
            return Self.first(read.id == folder.id ? nil : "asked \(folder.id), got \(read.id)", listed ? nil : "the list lacks the folder")
        }
        await check("PATCH /v1/folders/{id} (rename)", .folders) {
            guard let folder else { throw NotChecked("the create failed") }
            let renamed = try await api.rename(id: folder.id, to: name + " renamed")
            return renamed.name == name + " renamed" && renamed.id == folder.id ? nil : "got \(renamed.name) (\(renamed.id))"
        }
        await check("PUT /v1/sessions/{id}/folder (file; again: 200 no-op)", .folders) {
            guard let folder else { throw NotChecked("the create failed") }
            sessionID = try await chat.createSession().id
            sessions.append(sessionID)
            let moved = try await api.move(sessionID: sessionID, to: folder.id)
            guard moved.folderID == folder.id else { return "folder_id \(moved.folderID ?? "null"), expected \(folder.id)" }
            let again = try await api.move(sessionID: sessionID, to: folder.id)
            let count = try await api.folder(id: folder.id).threadCount
            return Self.first(again.folderID == folder.id ? nil : "the repeat moved it to \(again.folderID ?? "null")",
                              count == 1 ? nil : "thread_count \(count) after filing one session")
        }
        await check("PUT /v1/sessions/{id}/folder (null: unfile)", .folders) {
            guard folder != nil, !sessionID.isEmpty else { throw NotChecked("nothing was filed") }
            let moved = try await api.move(sessionID: sessionID, to: nil)
            return moved.folderID == nil ? nil : "folder_id \(moved.folderID ?? ""), expected null"
        }
        await check("PUT /v1/sessions/{id}/folder (unknown folder → 404)", .folders) {
            guard !sessionID.isEmpty else { throw NotChecked("no session") }
            return await Self.expectError(404, .notFound) { _ = try await api.move(sessionID: sessionID, to: Self.unknownID) }
        }
        await check("GET /v1/folders/proposals?state=proposed", .folders) {
            let proposals = try await api.proposals()
            return proposals.allSatisfy { $0.state == .proposed } ? nil : "a proposal not in state proposed"
        }
        await check("POST /v1/folders/proposals/{unknown}/accept → 404", .folders) {
            await Self.expectError(404, .notFound) { _ = try await api.accept(proposalID: Self.unknownID) }
        }
        await check("POST /v1/folders/proposals/{unknown}/decline → 404", .folders) {
            await Self.expectError(404, .notFound) { _ = try await api.decline(proposalID: Self.unknownID) }
        }

        var accepted: FolderProposalView?
        var declined: FolderProposalView?
        let proposals = "only the server proposes, and only the fixture can be asked to"
        await check("POST /v1/folders/proposals/{id}/accept (200 accepted; again: 200)", .folders) {
            guard let fixture else { throw NotChecked(proposals) }
            let member = try await chat.createSession().id
            sessions.append(member)
            guard let id = fixture.proposeFolder(name: Self.uniqueName("Proposed"), members: [member]) else {
                return "the fixture made no proposal"
            }
            let view = try await api.accept(proposalID: id)
            accepted = view
            guard view.state == .accepted, let folderID = view.resultingFolderID else {
                return "state \(view.state.rawValue), resulting folder \(view.resultingFolderID ?? "null")"
            }
            folders.append(folderID)
            let again = try await api.accept(proposalID: id)
            return again.state == .accepted && again.resultingFolderID == folderID ? nil : "the repeat changed the proposal"
        }
        await check("POST /v1/folders/proposals/{id}/decline (200 declined; again: 200)", .folders) {
            guard let fixture else { throw NotChecked(proposals) }
            let member = try await chat.createSession().id
            sessions.append(member)
            guard let id = fixture.proposeFolder(name: Self.uniqueName("Proposed"), members: [member]) else {
                return "the fixture made no proposal"
            }
            let view = try await api.decline(proposalID: id)
            declined = view
            let again = try await api.decline(proposalID: id)
            return view.state == .declined && again.state == .declined ? nil : "states \(view.state.rawValue), \(again.state.rawValue)"
        }
        await check("POST /v1/folders/proposals/{accepted}/decline → 409 proposal_resolved", .folders) {
            guard fixture != nil else { throw NotChecked(proposals) }
            guard let accepted else { throw NotChecked("no proposal was accepted") }
            return await Self.expectError(409, .conflict, reason: "proposal_resolved") { _ = try await api.decline(proposalID: accepted.id) }
        }
        await check("POST /v1/folders/proposals/{declined}/accept → 409 proposal_resolved", .folders) {
            guard fixture != nil else { throw NotChecked(proposals) }
            guard let declined else { throw NotChecked("no proposal was declined") }
            return await Self.expectError(409, .conflict, reason: "proposal_resolved") { _ = try await api.accept(proposalID: declined.id) }
        }
        await check("DELETE /v1/folders/{id} (204, then 404)", .folders) {
            guard let folder else { throw NotChecked("the create failed") }
            try await api.delete(id: folder.id)
            guard recorder.lastStatus == 204 else { return "status \(recorder.lastStatus), expected 204" }
            folders.removeAll { $0 == folder.id }
            return await Self.expectError(404, .notFound) { _ = try await api.folder(id: folder.id) }
        }
        for id in folders { try? await api.delete(id: id) }
        for id in sessions { try? await chat.deleteSession(id: id) }
    }
}
