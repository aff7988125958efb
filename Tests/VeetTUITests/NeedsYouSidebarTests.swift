import Foundation
import Testing
import VeetTokens
@testable import veet_tui
import VeetConsole
import VeetCurses

/// "Needs you" beyond the chat, as values: what the features report sits under the
/// conversations that wait, in the shell's order, each row naming the feature's route.
@Suite struct NeedsYouSidebarTests {
    static let memory = NeedsYouItem(feature: "memory", kind: "review", id: "b1", need: "Needs review",
                                     subject: "Ana likes tea", tag: "review", command: "veet memory show b1")
    static let mail = NeedsYouItem(feature: "email", kind: "needs_reply", id: "th:7", need: "Needs a reply",
                                   subject: "Board deck and budget", tag: "reply", command: "veet email show th:7")

    static func state(_ reports: [(String, NeedsYouReport)]) -> ScreenState {
        var state = ScreenGoldenTests.base()
        for (feature, report) in reports { state.needsYou.take(report, from: feature) }
        return state
    }

    static func sidebar(_ state: ScreenState, width: Int = 100, height: Int = 24) -> [String] {
        let (_, grid) = ScreenGoldenTests.settledGrid(state, width: width, height: height)
        return (0..<height).map { String(grid.text($0).prefix(Sidebar.width)) }
    }

    @Test func theFeaturesItemsFollowTheShellsOrderUnderNeedsYou() {
        let lines = Self.sidebar(Self.state([("memory", .items([Self.memory])), ("email", .items([Self.mail]))]))
        let heading = lines.firstIndex { $0.contains("Needs you") }
        let mail = lines.firstIndex { $0.contains("Board deck and budget") }
        let memory = lines.firstIndex { $0.contains("Ana likes tea") }
        #expect(heading != nil && mail != nil && memory != nil)
        if let heading, let mail, let memory { #expect(heading < mail && mail < memory) }
        #expect(lines.contains { $0.contains("Ana likes tea") && $0.contains("review") })
    }

    @Test func aFeatureTheServerDoesNotOfferAddsNothing() {
        let lines = Self.sidebar(Self.state([("memory", .notOffered), ("email", .items([]))]))
        #expect(!lines.contains { $0.contains("Needs you") })
        let kept = Self.state([("memory", .items([Self.memory])), ("memory", .unread("Server unreachable"))])
        #expect(Self.sidebar(kept).contains { $0.contains("Ana likes tea") })
    }

    @Test func aRowReadsBackAsTheFeaturesRoute() {
        let id = Sidebar.needsYouItemID(Self.mail)
        #expect(SidebarTarget(itemID: id) == .needsYou(feature: "email", id: "th:7"))
        #expect(SidebarTarget(itemID: "owner:memory") == nil)
        let sections = Sidebar.sections(SidebarInput(sessions: [], waiting: [], needsYou: [Self.memory], search: nil, placed: []),
                                        now: Date())
        #expect(sections.first { $0.id == "needs" }?.items.map(\.id) == ["owner:memory:b1"])
    }

    @Test func aFewRowsPerFeatureThenOneRowForTheRest() {
        let memories = (1...5).map { index in
            var item = Self.memory
            item.id = "b\(index)"
            return item
        }
        let rows = Sidebar.needsYouRows(memories + [Self.mail], marker: StyledRun("● "))
        #expect(rows.map(\.id) == ["owner:memory:b1", "owner:memory:b2", "owner:memory:", "owner:email:th:7"])
        #expect(rows[2].title == "  +3 more · Memory" && rows[2].marker == nil)
        #expect(SidebarTarget(itemID: rows[2].id) == .needsYou(feature: "memory", id: ""))
    }

    @Test(arguments: [(80, 24), (160, 48)])
    func theSidebarWithFeatureItemsPaintsItsGoldenScreen(size: (width: Int, height: Int)) {
        let state = Self.state([("memory", .items([Self.memory])), ("email", .items([Self.mail]))])
        let (_, grid) = ScreenGoldenTests.settledGrid(state, width: size.width, height: size.height)
        let label = "needs-you-features-\(size.width)x\(size.height)"
        GoldenScreen.check(grid.snapshot, named: label)
        for appearance in Appearance.allCases {
            GoldenScreen.check(StyleLegend.of(grid, appearance: appearance), named: "\(label)-\(appearance.rawValue)")
        }
    }
}
