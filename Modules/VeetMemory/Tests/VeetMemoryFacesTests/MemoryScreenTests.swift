import Foundation
import Synchronization
import Testing
import VeetCurses
import VeetMemory
import VeetMemoryScreens
import VeetTestSupport
import VeetTransport

/// The Memory screen as a value: state and keys in; state, the work asked for and painted text out.
@Suite struct MemoryScreenTests {
    static func records(_ json: String) throws -> [MemoryRecord] {
        try JSONDecoder().decode([MemoryRecord].self, from: Data(json.utf8))
    }

    static let two = """
        [{"id":"m1","belief_type":"fact","statement":"Flagged","status":"active","derivation":"email",
          "flagged_for_review":true,"updated_at":"2026-12-01T09:00:00Z","created_at":"2026-12-01T09:00:00Z"},
         {"id":"m2","belief_type":"fact","statement":"Plain","status":"active",
          "flagged_for_review":false,"updated_at":"2026-12-01T09:00:00Z","created_at":"2026-12-01T09:00:00Z"}]
        """

    static func readable() -> MemoryAccess {
        var access = MemoryAccess()
        access.memories = .available(writesDenied: nil)
        access.synthesis = .available(writesDenied: nil)
        return access
    }

    @Test func openingProbesThenListsAndDrawsTheFlaggedReason() throws {
        var driver = ScreenDriver(MemoryScreen())
        #expect(driver.effects == [.probe(MemoryFilter())])
        driver.answer(.access(Self.readable()), .listed(try Self.records(Self.two), filter: MemoryFilter()))
        let text = driver.painted(width: 120, height: 24)
        #expect(text.contains("Needs review"))
        #expect(text.contains("Learned from email: check it before the agent relies on it."))
        #expect(text.contains("Flagged · from email"))
        #expect(!text.contains("Loading..."))
    }

    @Test func reviewKeysAskForTheirOutcomeOnTheSelectedRow() throws {
        var driver = ScreenDriver(MemoryScreen())
        driver.answer(.access(Self.readable()), .listed(try Self.records(Self.two), filter: MemoryFilter()))
        #expect(driver.press(KeyPress(.down), .char("n")) == [.review(.untrue, id: "m2")])
        #expect(driver.screen.message == "\(ReviewOutcome.untrue.label)...")
        #expect(driver.press(.char("r")) == [.review(.dismiss, id: "m2")])
    }

    @Test func deleteAsksFirstAndOnlyYDeletes() throws {
        var driver = ScreenDriver(MemoryScreen())
        driver.answer(.access(Self.readable()), .listed(try Self.records(Self.two), filter: MemoryFilter()))
        #expect(driver.press(.char("x")).isEmpty)
        #expect(driver.painted().contains("Delete this memory for good?"))
        #expect(driver.press(.char("n")).isEmpty)
        #expect(driver.screen.message == "Nothing was deleted.")
        driver.press(.char("x"))
        #expect(driver.press(.char("y")) == [.delete(id: "m1")])
        driver.answer(.deleted(id: "m1"))
        #expect(driver.screen.records.map(\.id) == ["m2"])
    }

    @Test func writesRefusedHideTheirKeysAndSayWhy() throws {
        var driver = ScreenDriver(MemoryScreen())
        var access = Self.readable()
        access.memories = .available(writesDenied: "No writes here.")
        driver.answer(.access(access), .listed(try Self.records(Self.two), filter: MemoryFilter()))
        #expect(driver.press(.char("r")).isEmpty)
        #expect(driver.screen.message == "No writes here.")
        #expect(!driver.screen.keys.contains("r reviewed"))
    }

    @Test func aServerWithoutMemoriesSaysSoAndOffersOnlyClose() {
        var driver = ScreenDriver(MemoryScreen())
        var access = MemoryAccess()
        access.memories = .unavailable
        driver.answer(.access(access))
        let text = driver.painted()
        #expect(text.contains("This server does not offer memory browsing."))
        #expect(text.contains("Esc close"))
        driver.press(KeyPress(.escape))
        #expect(driver.closed)
    }

    @Test func theNeedsReviewToggleAsksForTheQueueAndDropsALateWholeList() throws {
        var driver = ScreenDriver(MemoryScreen())
        let records = try Self.records(Self.two)
        driver.answer(.access(Self.readable()))
        #expect(driver.press(.char("f")) == [.list(.needsReview)])
        driver.answer(.listed([records[0]], filter: .needsReview), .listed(records, filter: MemoryFilter()))
        #expect(driver.screen.records.map(\.id) == ["m1"])
        #expect(driver.painted().contains("Memory · needs review"))
    }

    /// `t` and `v` narrow the list beside `f` (the CLI's `--type` and `--status`),
    /// each cycling through the domain's known values and back to every value.
    @Test func theTypeAndStatusFiltersNarrowTheListBesideTheReviewToggle() throws {
        var driver = ScreenDriver(MemoryScreen())
        driver.answer(.access(Self.readable()))
        #expect(driver.press(.char("t")) == [.list(MemoryFilter(types: [.fact]))])
        #expect(driver.press(.char("t")) == [.list(MemoryFilter(types: [.preference]))])
        #expect(driver.press(.char("f")) == [.list(MemoryFilter(types: [.preference], flagged: true))])
        #expect(driver.press(.char("v")) == [.list(MemoryFilter(statuses: [.candidate], types: [.preference], flagged: true))])
        let filter = driver.screen.filter
        driver.answer(.listed([], filter: filter))
        let text = driver.painted(width: 120, height: 24)
        #expect(text.contains("Memory · needs review · preference · candidate"))
        #expect(text.contains("No memories match."))
        // The last known value turns back to every value.
        for _ in 0..<5 { driver.press(.char("v")) }
        #expect(driver.screen.statusFilter == .retired)
        #expect(driver.press(.char("v")) == [.list(MemoryFilter(types: [.preference], flagged: true))])
        for _ in 0..<4 { driver.press(.char("t")) }
        #expect(driver.screen.typeFilter == nil)
        // An answer for the filter just left is dropped.
        driver.answer(.listed(try Self.records(Self.two), filter: filter))
        #expect(driver.screen.records.isEmpty)
    }

    /// A Memory row at 80 columns: a long kind and its day give way to the amber
    /// "Needs review", with a space between them.
    @Test func aLongKindLeavesASpaceBeforeNeedsReview() throws {
        let records = try Self.records("""
            [{"id":"m1","belief_type":"relationship","statement":"Is allergic to peanuts","status":"active",
              "flagged_for_review":true,"updated_at":"2026-12-01T09:00:00Z","created_at":"2026-12-01T09:00:00Z"}]
            """)
        var screen = MemoryScreen()
        screen.show(records, for: screen.filter)
        let text = ScreenDriver(screen).painted(width: 80, height: 24)
        let row = try #require(text.split(separator: "\n").first { $0.contains("Needs review") })
        #expect(row.contains(" Needs review"), "\(row)")
        #expect(!row.contains("DecNeeds") && !row.contains("…Needs"), "\(row)")
    }

    @Test func thePaletteOffersTheWriteKeysOnlyWhileTheServerDoes() {
        var memory = MemoryScreen()
        #expect(KeyHints.items(memory.keys).map(\.hint) == ["r", "n", "h", "x", "f", "t", "v", "s", "g", "Esc"])
        memory.mode = .synthesis
        #expect(KeyHints.items(memory.keys).map(\.title) == ["undo", "memories", "refresh", "close"])
    }
}

/// The screen's work on a scripted server: what each effect reports.
@Suite struct MemoryScreenWorkTests {
    @Test func aForbiddenReviewHidesTheWritesAndSaysWhy() async throws {
        let server = ScriptedServer()
        server.on("POST", "/v1/memories/m1/review") { _ in
            .json(["error": ["code": "forbidden", "message": "no"]], status: 403)
        }
        let work = MemoryScreenWork(api: MemoryAPI(sender: server.sender, retry: .never))
        let reports = Reports()
        await work.run(.review(.dismiss, id: "m1")) { reports.add($0) }
        var screen = MemoryScreen()
        screen.access.memories = .available(writesDenied: nil)
        for result in reports.all { screen.apply(result) }
        #expect(screen.access.writeRefusal(.memories) != nil)
        #expect(screen.message.hasPrefix("Not done: This token may look at memories but not change them"))
    }
}

/// Collects a run's reports (they come from the run's task).
final class Reports: Sendable {
    private let list = Mutex<[MemoryScreenResult]>([])
    func add(_ result: MemoryScreenResult) { list.withLock { $0.append(result) } }
    var all: [MemoryScreenResult] { list.withLock { $0 } }
}
