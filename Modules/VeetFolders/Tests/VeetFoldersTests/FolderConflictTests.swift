import Foundation
import Testing
import VeetTestSupport
import VeetTransport
@testable import VeetFolders

/// The folder `409` reasons docs/wire/sessions-runs.md lists, each in its own words (issue 14, item 7).
@Suite struct FolderConflictTests {
    @Test(arguments: [("proposal_resolved", "already declined or withdrawn"), ("proposal_stale", "no longer applies")])
    func aResolvedOrStaleProposalSaysWhy(reason: String, words: String) async throws {
        let server = ScriptedServer()
        server.on("POST", "/v1/folders/proposals/p1/accept", .apiError(409, "conflict", message: "refused", reason: reason))
        let center = FolderCenter(api: FoldersAPI(sender: server.sender, retry: .never))
        let conflict = await #expect(throws: FolderConflict.self) { _ = try await center.accept(proposalID: "p1") }
        #expect(conflict?.description.contains(words) == true)
        #expect(conflict?.description.contains("nothing was changed") == true)
    }

    @Test func movingANonChatSessionSaysOnlyChatsCanBeFiled() async throws {
        let server = ScriptedServer()
        server.on("PUT", "/v1/sessions/s1/folder", .apiError(409, "conflict", reason: "session_not_chat"))
        let center = FolderCenter(api: FoldersAPI(sender: server.sender, retry: .never))
        let conflict = await #expect(throws: FolderConflict.self) { _ = try await center.move(sessionID: "s1", to: "f1") }
        #expect(conflict?.description.hasPrefix("Only chat conversations can be filed in a folder") == true)
    }
}
