import Foundation
import Testing
import VeetCurses
import VeetFolders
import VeetFoldersScreens
import VeetStore
import VeetTransport

/// The folder rows' keys, the menus and the name form, driven as values: keys in; the state, the
/// work asked for, the status line and the painted form out.
@Suite struct FolderKeysTests {
    static let stamp = Timestamp("2025-11-24T10:00:00Z")
    static let filed = CachedSession(id: "s1", title: "Flights", createdAt: stamp, updatedAt: stamp, folderID: "f1")
    static let loose = CachedSession(id: "s2", title: "Hotels", createdAt: stamp, updatedAt: stamp)
    static let scheduled = CachedSession(id: "s3", title: "Digest", createdAt: stamp, updatedAt: stamp, scheduleID: "sch1")
    static let sessions = [filed, loose, scheduled]
    static let proposal = FolderProposalView(id: "p1", kind: .newFolder, proposedName: "Holidays", targetFolderID: nil,
                                             memberSessionIDs: ["s2"])

    static func state() -> (FolderSidebarState, SidebarModel) {
        var folders = FolderSidebarState()
        folders.snapshot = FolderSnapshot(folders: [FolderView(id: "f1", name: "Trips", threadCount: 1),
                                                    FolderView(id: "f2", name: "Work", threadCount: 0)],
                                          proposals: [proposal], availability: .available)
        let model = folders.model(sessions: sessions, sessionsVersion: 1, scheduledGroups: { _ in [] })
        return (folders, model)
    }

    @Test func enterOpensAFolderAndAsksToSaveTheExpansion() {
        var (folders, model) = Self.state()
        let step = folders.press(KeyPress(.enter), on: .folder(id: "f1"), model: model, sessions: Self.sessions)
        #expect(step.savesExpansion && step.effects.isEmpty)
        #expect(folders.expansion.isFolderOpen("f1"))
        let solo = folders.press(.char("s"), on: .folder(id: "f1"), model: model, sessions: Self.sessions)
        #expect(solo.notice == "Solo mode off" && solo.savesExpansion)
        model = folders.model(sessions: Self.sessions, sessionsVersion: 1, scheduledGroups: { _ in [] })
        #expect(model.folders.allSatisfy { $0.isExpanded }, "solo mode off opens every folder not closed by hand")
    }

    @Test func renameOpensTheFormWithTheNameAndEnterAsksForTheRename() {
        var (folders, model) = Self.state()
        _ = folders.press(.char("r"), on: .folder(id: "f1"), model: model, sessions: Self.sessions)
        #expect(folders.form?.purpose == .rename(folderID: "f1") && folders.form?.input.text == "Trips")
        _ = folders.handleForm(.paste(" 2026\nsummer"))
        let step = folders.handleForm(.key(KeyPress(.enter)))
        #expect(step.effects == [.rename(folderID: "f1", name: "Trips 2026 summer")], "a paste is one line")
        #expect(folders.form?.isSaving == true)
        #expect(folders.handleForm(.key(KeyPress(.escape))).effects.isEmpty && folders.form != nil,
                "keys wait while the name is saved")
        // The server refused the name: it shows under the field and the form stays open to fix it.
        #expect(folders.apply(.refused("A folder with that name already exists.")) == nil)
        var grid = ScreenGrid(width: 80, height: 24)
        folders.draw(in: &grid, styles: WidgetStyles())
        #expect(grid.snapshot.contains("Rename folder") && grid.snapshot.contains("A folder with that name already exists."))
        #expect(grid.snapshot.contains("Enter: save   Esc: cancel"))
        #expect(folders.apply(.saved(notice: "Folder renamed")) == "Folder renamed")
        #expect(folders.form == nil)
    }

    @Test func deleteAsksFirstAndNewFolderOpensAnEmptyForm() {
        var (folders, model) = Self.state()
        let step = folders.press(.char("x"), on: .folder(id: "f2"), model: model, sessions: Self.sessions)
        #expect(step.confirmDelete?.folderID == "f2" && step.effects.isEmpty)
        _ = folders.press(KeyPress(.enter), on: .newFolder, model: model, sessions: Self.sessions)
        #expect(folders.form?.purpose == .create && folders.form?.input.text == "")
        _ = folders.handleForm(.key(KeyPress(.escape)))
        #expect(folders.form == nil)
        #expect(!folders.press(.char("q"), on: .folder(id: "f1"), model: model, sessions: Self.sessions).handled)
    }

    @Test func theMoveMenuListsTheOtherFoldersAndHistoryAndMoves() {
        var (folders, model) = Self.state()
        _ = folders.press(.char("m"), on: .conversation(sessionID: "s1"), model: model, sessions: Self.sessions)
        #expect(folders.menu?.menu.items.map(\.title) == ["Move to Work", "Back to History"])
        var grid = ScreenGrid(width: 80, height: 24)
        folders.draw(in: &grid, styles: WidgetStyles())
        #expect(grid.snapshot.contains("Move to Work"))
        _ = folders.pressMenu(KeyPress(.down))
        let step = folders.pressMenu(KeyPress(.enter))
        #expect(step.effects == [.move(sessionID: "s1", to: .history)] && folders.menu == nil)
        let stays = folders.press(.char("m"), on: .conversation(sessionID: "s3"), model: model, sessions: Self.sessions)
        #expect(stays.notice == "Scheduled sessions stay out of folders" && folders.menu == nil)
    }

    @Test func aSuggestionIsAcceptedDeclinedOrRenamedAndAccepted() {
        var (folders, model) = Self.state()
        let accept = folders.press(.char("a"), on: .suggestion(proposalID: "p1"), model: model, sessions: Self.sessions)
        #expect(accept.effects == [.accept(proposalID: "p1", name: nil)] && accept.notice == "Accepting...")
        let decline = folders.press(.char("d"), on: .suggestion(proposalID: "p1"), model: model, sessions: Self.sessions)
        #expect(decline.effects == [.decline(proposalID: "p1")])
        _ = folders.press(KeyPress(.enter), on: .suggestion(proposalID: "p1"), model: model, sessions: Self.sessions)
        #expect(folders.menu?.menu.items.map(\.title) == ["Accept", "Rename and accept", "Decline"])
        _ = folders.pressMenu(KeyPress(.down))
        _ = folders.pressMenu(KeyPress(.enter))
        #expect(folders.form?.purpose == .acceptSuggestion(proposalID: "p1"))
        for character in "Trips" { _ = folders.handleForm(.key(.char(character))) }
        let step = folders.handleForm(.key(KeyPress(.enter)))
        #expect(step.effects == [.accept(proposalID: "p1", name: "Trips")] && folders.form == nil)
    }
}
