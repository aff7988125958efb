import Foundation
import Testing
@testable import veet_tui
import VeetCurses
import VeetStore
import VeetTransport

/// The sidebar's search hits in the shell (bold on the matched word only, the first ones
/// of a query that matches too many, the count not yet searchable) and the banner of a
/// store that could not be opened. (The rows as values: VeetChatScreensTests' SearchRowsTests.)
@Suite struct SearchRowsTests {
    static let now = ScreenGoldenTests.now
    static let long = "We talked about the groceries, the budget for December and many other things before the ferry to Cacilhas came up again late"

    static func hit(_ id: String, title: String?, text: String, query: String, kind: SearchMatchKind = .message,
                    minutesAgo: Int = 30) -> SearchHit {
        SearchHit(sessionID: id, title: title, updatedAt: ScreenGoldenTests.stamp(minutesAgo: minutesAgo), kind: kind,
                  sequence: kind == .message ? 3 : nil, matchCount: 1, text: text, query: SearchQuery(query))
    }

    static func searching(_ outcome: SearchOutcome, query: String, coverage: Int = 0) -> ScreenState {
        var state = ScreenGoldenTests.base()
        state.search = TextInput(text: query)
        state.searchOutcome = outcome
        state.searchCoverage = SearchCoverage(notYetSearchable: coverage)
        state.focus = .sidebar
        state.sidebarOverlayOpen = true
        return state
    }

    static func results() -> SearchOutcome {
        .results([
            hit("s4", title: "Lisbon trip in March", text: long, query: "ferry"),
            hit("s2", title: "Ferry timetable", text: "Ferry timetable", query: "ferry", kind: .title, minutesAgo: 75),
            hit("s5", title: nil, text: "ferry", query: "ferry", minutesAgo: 1500),
        ])
    }

    @Test func boldReachesTheGridOnlyOnTheMatchedWord() {
        let (_, grid) = ScreenGoldenTests.settledGrid(Self.searching(Self.results(), query: "ferry"), width: 160, height: 48)
        let rows = grid.snapshot.split(separator: "\n", omittingEmptySubsequences: false)
        guard let row = rows.firstIndex(where: { $0.contains("Lisbon…:") }) else { Issue.record("no hit row:\n\(grid.snapshot)"); return }
        var bold = ""
        for column in 0..<Sidebar.width where grid[row, column].style.attributes.contains(.bold) { bold += grid[row, column].grapheme }
        #expect(bold == "ferry")
    }

    @Test func moreThanAHundredMatchesStillListsTheFirstOnes() {
        let first = (0..<3).map { Self.hit("s\($0)", title: "Budget \($0)", text: "budget review", query: "budget") }
        let sections = Sidebar.sections(SidebarInput(sessions: [], waiting: [], search: .refine(firstOnes: first), placed: []),
                                        now: Self.now)
        let results = sections.first { $0.id == Sidebar.resultsID }
        #expect(results?.title == "More than 100 matches: refine")
        #expect(results?.items.count == 3)
    }

    /// In the status bar, whole at 80 columns, while a search is shown and nothing else stands there.
    @Test func theCountNotYetSearchableStandsInTheStatusBarWhileSearching() {
        let status = { (state: ScreenState) in
            ScreenGoldenTests.settledGrid(state, width: 80).1.snapshot.split(separator: "\n").last.map(String.init) ?? ""
        }
        #expect(status(Self.searching(Self.results(), query: "ferry", coverage: 7)).contains("7 conversations not yet searchable"))
        #expect(!status(Self.searching(Self.results(), query: "ferry", coverage: 0)).contains("searchable"))
        var notSearching = Self.searching(Self.results(), query: "", coverage: 7)
        notSearching.searchOutcome = nil
        #expect(!status(notSearching).contains("searchable"))
        var offline = Self.searching(Self.results(), query: "ferry", coverage: 7)
        offline.refreshProblem = "Server unreachable · retrying"
        #expect(status(offline).contains("Server unreachable") && !status(offline).contains("searchable"))
    }

    @Test(arguments: [(80, 24), (160, 48)])
    func searchHitsPaintTheirGoldenScreen(size: (width: Int, height: Int)) {
        let (_, grid) = ScreenGoldenTests.settledGrid(Self.searching(Self.results(), query: "ferry", coverage: 12),
                                                      width: size.width, height: size.height)
        GoldenScreen.check(grid.snapshot, named: "search-hits-\(size.width)x\(size.height)")
    }

    // MARK: The store that cannot open

    @Test func theBannerSaysWhyAndThatNothingIsKept() {
        let reason = StoreBanner.reason(for: StoreError.cannotOpen(path: "/ro/veet.sqlite", detail: "unable to open database file"))
        #expect(StoreBanner.text(reason: reason)
                == "Can't open the local store (it cannot be created or opened): nothing is kept after you quit")
        for width in [30, 78, 125] {
            let lines = StoreBanner.lines(StoreBanner.text(reason: reason), width: width)
            #expect(lines.count <= 2 && lines.allSatisfy { $0.count <= width })
        }
    }

    static func withBanner() -> ScreenState {
        var state = ScreenGoldenTests.withTranscript()
        state.storeBanner = StoreBanner.text(reason: StoreError.locked(path: "/x").shortReason)
        return state
    }

    @Test(arguments: [(80, 24), (160, 48)])
    func theStoreBannerPaintsItsGoldenScreen(size: (width: Int, height: Int)) {
        let (_, grid) = ScreenGoldenTests.settledGrid(Self.withBanner(), width: size.width, height: size.height)
        #expect(grid.snapshot.contains("Can't open the local store"))
        GoldenScreen.check(grid.snapshot, named: "store-banner-\(size.width)x\(size.height)")
    }
}
