import Foundation
import Testing
import VeetStore
import VeetTransport
@testable import VeetFolders

private let scheduleA = "0198d6a2-4c1e-7b3a-9f21-5e8c0d4a7b61"

private func row(_ id: String, minute: Int, folder: String? = nil, schedule: String? = nil) -> CachedSession {
    let stamp = Timestamp(String(format: "2026-08-22T18:%02d:00Z", minute))
    return CachedSession(id: id, title: "T \(id)", createdAt: stamp, updatedAt: stamp, folderID: folder,
                         scheduleID: schedule)
}

private func model(_ rows: [CachedSession], folders: [FolderView] = [], groups: [ScheduledGroupInput] = [],
                   availability: FolderAvailability = .available, expansion: SidebarExpansion = .init(),
                   proposals: [FolderProposalView] = []) -> SidebarModel {
    SidebarModel(rows: rows, folders: folders, proposals: proposals, availability: availability,
                 scheduledGroups: groups, expansion: expansion)
}

@Suite struct ExpansionTests {
    @Test func soloModeIsTheDefaultAndOpeningOneClosesTheOther() {
        var expansion = SidebarExpansion()
        #expect(expansion.soloMode)
        #expect(!expansion.isFolderOpen("a"))
        expansion.toggleFolder("a")
        expansion.toggleFolder("b")
        #expect(!expansion.isFolderOpen("a") && expansion.isFolderOpen("b"))
    }

    @Test func withoutSoloModeEveryFolderStartsOpenAndStaysAsToggled() {
        var expansion = SidebarExpansion(soloMode: false)
        #expect(expansion.isFolderOpen("a") && expansion.isFolderOpen("b"))
        expansion.toggleFolder("a")
        #expect(!expansion.isFolderOpen("a") && expansion.isFolderOpen("b"))
    }

    @Test func expansionIsRememberedAcrossARefreshAndASaveAndLoad() throws {
        var expansion = SidebarExpansion()
        expansion.toggleFolder("f2")
        expansion.toggleScheduleGroup(scheduleA)
        let saved = try JSONEncoder().encode(expansion)
        let loaded = try JSONDecoder().decode(SidebarExpansion.self, from: saved)
        #expect(loaded == expansion)
        // A refresh bringing a new folder and a proposal changes nothing.
        let folders = [FolderView(id: "f1", name: "A"), FolderView(id: "f2", name: "B"), FolderView(id: "f3", name: "C")]
        let sidebar = model([row("s1", minute: 1, folder: "f2")], folders: folders, expansion: loaded)
        #expect(sidebar.folders.map(\.isExpanded) == [false, true, false])
    }
}

@Suite struct SidebarTests {
    @Test func recentChatsShowsFiveByActivityIncludingClosedFoldersExcludingScheduled() {
        var rows = (1...6).map { row("c\($0)", minute: $0) }
        rows.append(row("inFolder", minute: 30, folder: "f1"))
        rows.append(row("scheduled", minute: 40, schedule: scheduleA))
        let sidebar = model(rows, folders: [FolderView(id: "f1", name: "Trips")])
        #expect(sidebar.folders.first?.isExpanded == false)
        #expect(sidebar.recent?.sessions.map(\.id) == ["inFolder", "c6", "c5", "c4", "c3"])
        #expect(sidebar.recent?.isExpanded == true)
        // Shortcuts: the filed conversation stays in its folder, not the history.
        #expect(sidebar.folders.first?.sessions.map(\.id) == ["inFolder"])
        #expect(!sidebar.history.contains { $0.id == "inFolder" })
    }

    @Test func emptyHistoryHasNoRecentChatsAndWorksWithoutFolders() {
        #expect(model([]).recent == nil)
        #expect(model([row("s", minute: 1, schedule: scheduleA)]).recent == nil)
        let sidebar = model([row("s1", minute: 1, folder: "f1")], availability: .unavailable)
        #expect(sidebar.recent?.sessions.map(\.id) == ["s1"])
        #expect(sidebar.history.map(\.id) == ["s1"] && sidebar.folders.isEmpty && !sidebar.showsFolderControls)
    }

    @Test func scheduledGroupsLeaveTheHistoryButALoneScheduledSessionStays() {
        let rows = [row("g1", minute: 3, schedule: scheduleA), row("g2", minute: 2, schedule: scheduleA),
                    row("lone", minute: 1, schedule: "0198d6a2-0000-7b3a-9f21-5e8c0d4a7b61"), row("c", minute: 0)]
        let groups = [ScheduledGroupInput(scheduleID: scheduleA, label: "T g1", sessionIDs: ["g1", "g2"])]
        let sidebar = model(rows, groups: groups)
        #expect(sidebar.scheduled.map(\.label) == ["T g1"])
        #expect(sidebar.scheduled.first?.isExpanded == false)
        #expect(sidebar.history.map(\.id) == ["lone", "c"])
    }

    @Test func scheduledSessionIsNeverShownInAFolderEvenIfTheServerSaysSo() {
        let rows = [row("s", minute: 1, folder: "f1", schedule: scheduleA)]
        let sidebar = model(rows, folders: [FolderView(id: "f1", name: "Trips")])
        #expect(sidebar.folders.first?.sessions.isEmpty == true)
        #expect(sidebar.history.map(\.id) == ["s"])
    }

    @Test func aRowNamingAnUnknownFolderIsUnfiled() {
        let sidebar = model([row("s", minute: 1, folder: "gone")], folders: [])
        #expect(sidebar.history.map(\.id) == ["s"])
    }

    @Test func suggestionsListTheConversationsTheyWouldFile() {
        let proposal = FolderProposalView(id: "p1", kind: .addToFolder, targetFolderID: "f1",
                                          memberSessionIDs: ["s1", "missing"])
        let sidebar = model([row("s1", minute: 1)], folders: [FolderView(id: "f1", name: "Trips")],
                            proposals: [proposal])
        #expect(sidebar.suggestions.first?.folderName == "Trips")
        #expect(sidebar.suggestions.first?.members.map(\.id) == ["s1"])
        #expect(sidebar.suggestions.first?.canRename == false)
    }
}
