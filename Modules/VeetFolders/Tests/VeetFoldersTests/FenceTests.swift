import Foundation
import Testing
import VeetTransport
import VeetWire
@testable import VeetFolders

private func view(_ id: String, folder: String?) -> SessionView {
    SessionView(id: id, createdAt: "2026-08-22T18:00:00Z", updatedAt: "2026-08-22T18:00:00Z", folderID: folder)
}

@Suite struct FenceTests {
    @Test func stalePageDuringMoveCannotPutTheConversationBack() {
        var fence = FolderFence()
        let ticket = fence.beginRead()
        fence.moveStarted(sessionID: "s1", to: "f2")
        // In flight: the page (read before the move) still says f1.
        #expect(fence.correct(view("s1", folder: "f1"), readWith: ticket).folderID == "f2")
        fence.moveAnswered(sessionID: "s1", folderID: "f2")
        #expect(fence.correct(view("s1", folder: "f1"), readWith: ticket).folderID == "f2")
        fence.endRead(ticket)
        // A read sent after the answer is the server's word again.
        let later = fence.beginRead()
        #expect(fence.correct(view("s1", folder: "f3"), readWith: later).folderID == "f3")
    }

    @Test func unfilingIsFencedAsNil() {
        var fence = FolderFence()
        let ticket = fence.beginRead()
        fence.moveStarted(sessionID: "s1", to: nil)
        fence.moveAnswered(sessionID: "s1", folderID: nil)
        #expect(fence.correct(view("s1", folder: "f1"), readWith: ticket).folderID == nil)
    }

    @Test func failedMoveLetsTheServerValueThrough() {
        var fence = FolderFence()
        let ticket = fence.beginRead()
        fence.moveStarted(sessionID: "s1", to: "f2")
        fence.moveFailed(sessionID: "s1")
        #expect(fence.correct(view("s1", folder: "f1"), readWith: ticket).folderID == "f1")
    }

    @Test func staleListDuringCreateCannotDropTheNewFolder() {
        var fence = FolderFence()
        let ticket = fence.beginRead()
        fence.folderAnswered(FolderView(id: "new", name: "Trips"))
        let listed = fence.correct([FolderView(id: "old", name: "Work")], readWith: ticket)
        #expect(listed.map(\.id) == ["new", "old"])
    }

    @Test func staleListDuringRenameCannotRestoreTheOldName() {
        var fence = FolderFence()
        let ticket = fence.beginRead()
        fence.folderAnswered(FolderView(id: "f1", name: "Holidays"))
        let listed = fence.correct([FolderView(id: "f1", name: "Trips")], readWith: ticket)
        #expect(listed.map(\.name) == ["Holidays"])
    }

    @Test func staleReadsDuringDeleteCannotReviveTheFolderOrRefileItsConversations() {
        var fence = FolderFence()
        let ticket = fence.beginRead()
        fence.deleteStarted(folderID: "f1")
        #expect(fence.correct([FolderView(id: "f1", name: "Trips")], readWith: ticket).isEmpty)
        #expect(fence.correct(view("s1", folder: "f1"), readWith: ticket).folderID == nil)
        fence.deleteAnswered(folderID: "f1")
        #expect(fence.correct([FolderView(id: "f1", name: "Trips")], readWith: ticket).isEmpty)
        #expect(fence.correct(view("s1", folder: "f1"), readWith: ticket).folderID == nil)
    }

    @Test func markOutlivesAFresherReadWhileAnOlderOneIsOutstanding() {
        var fence = FolderFence()
        let old = fence.beginRead()
        fence.moveStarted(sessionID: "s1", to: "f2")
        fence.moveAnswered(sessionID: "s1", folderID: "f2")
        let fresh = fence.beginRead()
        fence.endRead(fresh)
        #expect(fence.correct(view("s1", folder: "f1"), readWith: old).folderID == "f2")
        fence.endRead(old)
        #expect(fence.isEmpty)
    }

    @Test func serverValueWinsIncludingNilWhenNothingIsFenced() {
        var fence = FolderFence()
        let ticket = fence.beginRead()
        #expect(fence.correct(view("s1", folder: nil), readWith: ticket).folderID == nil)
        #expect(fence.correct(view("s2", folder: "f9"), readWith: ticket).folderID == "f9")
    }
}
