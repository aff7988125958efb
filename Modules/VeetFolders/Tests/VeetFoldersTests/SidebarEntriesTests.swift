import Foundation
import Testing
import VeetStore
import VeetTransport
@testable import VeetFolders

private let schedule = "0198d6a2-4c1e-7b3a-9f21-5e8c0d4a7b61"

private func row(_ id: String, minute: Int, folder: String? = nil, schedule: String? = nil) -> CachedSession {
    let stamp = Timestamp(String(format: "2026-08-22T18:%02d:00Z", minute))
    return CachedSession(id: id, title: "T \(id)", createdAt: stamp, updatedAt: stamp, folderID: folder,
                         scheduleID: schedule)
}

private let trips = FolderView(id: "f1", name: "Trips")
private let taxes = FolderView(id: "f2", name: "Taxes")

private func sidebar(_ rows: [CachedSession], proposals: [FolderProposalView] = [],
                     availability: FolderAvailability = .available, expansion: SidebarExpansion = .init(),
                     groups: [ScheduledGroupInput] = []) -> SidebarModel {
    SidebarModel(rows: rows, folders: [taxes, trips].sorted { $0.name < $1.name }, proposals: proposals,
                 availability: availability, scheduledGroups: groups, expansion: expansion)
}

/// A compact picture of the entries, one string per line.
private func picture(_ model: SidebarModel) -> [String] {
    model.entries.map { entry in
        switch entry {
        case .header(let section, let expanded): "# \(section.rawValue)\(expanded == false ? " (closed)" : "")"
        case .suggestion(let suggestion): "? \(suggestion.folderName ?? "-")"
        case .folder(let folder): "\(folder.isExpanded ? "v" : ">") \(folder.folder.name)"
        case .scheduledGroup(let group): "\(group.isExpanded ? "v" : ">") \(group.label)"
        case .conversation(let session, _): "  \(session.id)"
        case .newFolder: "+ new folder"
        }
    }
}

@Suite struct SidebarEntriesTests {
    let rows = [row("c1", minute: 5), row("t1", minute: 4, folder: "f1"), row("x1", minute: 3, folder: "f2"),
                row("g1", minute: 2, schedule: schedule), row("g2", minute: 1, schedule: schedule),
                row("c0", minute: 0)]
    let groups = [ScheduledGroupInput(scheduleID: schedule, label: "Morning brief", sessionIDs: ["g1", "g2"])]

    @Test func entriesFollowTheSectionsAndTheOwnersExpansion() {
        var expansion = SidebarExpansion()
        expansion.toggleFolder("f1")
        let proposal = FolderProposalView(id: "p", kind: .newFolder, proposedName: "Cooking", memberSessionIDs: ["c0"])
        let model = sidebar(rows, proposals: [proposal], expansion: expansion, groups: groups)
        #expect(picture(model) == [
            "# recent", "  c1", "  t1", "  x1", "  c0",
            "# suggestions", "? Cooking", "  c0",
            "# folders", "> Taxes", "v Trips", "  t1",
            "# scheduled", "> Morning brief",
            "# history", "  c1", "  c0",
            "+ new folder",
        ])
    }

    @Test func closingRecentAndOpeningAGroupChangeOnlyThoseLines() {
        var expansion = SidebarExpansion()
        expansion.toggleRecent()
        expansion.toggleScheduleGroup(schedule)
        #expect(expansion.soloMode, "Recent chats is independent of solo mode")
        let lines = picture(sidebar(rows, expansion: expansion, groups: groups))
        #expect(lines.prefix(2) == ["# recent (closed)", "# folders"])
        #expect(lines.contains("v Morning brief"))
        let group = lines.firstIndex(of: "v Morning brief")!
        #expect(Array(lines[(group + 1)...(group + 2)]) == ["  g1", "  g2"])
    }

    @Test func withoutFoldersThereIsNoFolderControlButScheduledGroupsStay() {
        let lines = picture(sidebar(rows, availability: .unavailable, groups: groups))
        #expect(!lines.contains("+ new folder") && !lines.contains("# folders"))
        #expect(lines.contains("> Morning brief"))
        #expect(lines.filter { $0 == "  t1" }.count == 2, "unfiled: in Recent and in the history")
    }

    @Test func theMoveMenuListsOtherFoldersAndTheHistoryButNeverForScheduledRows() {
        let model = sidebar(rows, groups: groups)
        #expect(model.moveTargets(for: rows[0]) == [.folder(id: "f2", name: "Taxes"), .folder(id: "f1", name: "Trips")])
        #expect(model.moveTargets(for: rows[1]) == [.folder(id: "f2", name: "Taxes"), .history])
        #expect(model.moveTargets(for: rows[3]).isEmpty)
        #expect(sidebar(rows, availability: .unavailable).moveTargets(for: rows[0]).isEmpty)
    }

    @Test func suggestionsWithoutACachedConversationOrWithAGoneFolderAreHidden() {
        let gone = FolderProposalView(id: "p1", kind: .addToFolder, targetFolderID: "deleted", memberSessionIDs: ["c0"])
        let uncached = FolderProposalView(id: "p2", kind: .newFolder, proposedName: "Later", memberSessionIDs: ["nope"])
        let filed = FolderProposalView(id: "p3", kind: .newFolder, proposedName: "Filed", memberSessionIDs: ["t1"])
        let unknown = FolderProposalView(id: "p4", kind: .unknown("merge"), memberSessionIDs: ["c0"])
        let kept = FolderProposalView(id: "p5", kind: .addToFolder, targetFolderID: "f1", memberSessionIDs: ["c0", "g1"])
        let model = sidebar(rows, proposals: [gone, uncached, filed, unknown, kept])
        #expect(model.suggestions.map(\.id) == ["p5"])
        #expect(model.suggestions.first?.members.map(\.id) == ["c0"], "a scheduled session is never offered for filing")
    }

    @Test func switchingSoloModeOffOpensEveryFolderAndOnKeepsAtMostOne() {
        var expansion = SidebarExpansion()
        expansion.toggleFolder("f1")
        expansion.setSoloMode(false)
        #expect(expansion.isFolderOpen("f1") && expansion.isFolderOpen("f2"))
        expansion.toggleFolder("f2")
        expansion.setSoloMode(true)
        #expect(expansion.isFolderOpen("f1") && !expansion.isFolderOpen("f2"))
        expansion.toggleFolder("f2")
        #expect(!expansion.isFolderOpen("f1") && expansion.isFolderOpen("f2"))
    }
}
