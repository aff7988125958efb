import Testing
import VeetChat
import VeetFolders
import VeetTransport
import VeetWire
@testable import veet_tui

/// While the owner looks and veetd's index did not move, the 30 s tick reads
/// the folders and "Needs you" from the server but the store only when one of
/// them changed (LookingTick.swift).
@Suite struct LookingTickTests {
    let shown = ShownReads(folders: FolderSnapshot(folders: [FolderView(id: "f1", name: "Work", threadCount: 2)]),
                           pending: .available([]))

    @Test func aTickThatFindsTheSameReadsBesideAnUnmovedIndexReadsNoStore() {
        let memory = ShownReadsMemory()
        #expect(memory.note(shown, storeMoved: true))  // the first reconcile shows everything
        #expect(!memory.note(shown, storeMoved: false))
        #expect(!memory.note(shown, storeMoved: false))
    }

    @Test func aMovedIndexIsReadEvenWhenTheRestIsTheSame() {
        let memory = ShownReadsMemory()
        _ = memory.note(shown, storeMoved: true)
        #expect(memory.note(shown, storeMoved: true))
    }

    @Test func aNewApprovalOrFolderIsShownWithTheIndex() {
        let memory = ShownReadsMemory()
        _ = memory.note(shown, storeMoved: true)
        var approval = shown
        approval.pending = .available([ApprovalView(id: "a1", runID: "r1", sessionID: "s1", status: .pending, risk: .high,
                                                    createdAt: Timestamp("2026-12-06T08:00:00Z"))])
        #expect(memory.note(approval, storeMoved: false))
        #expect(!memory.note(approval, storeMoved: false))
        var folder = approval
        folder.folders.folders.append(FolderView(id: "f2", name: "Home", threadCount: 0))
        #expect(memory.note(folder, storeMoved: false))
    }

    @Test func nothingShownYetIsRead() {
        #expect(ShownReads.mustRead(storeMoved: false, now: shown, last: nil))
    }
}
