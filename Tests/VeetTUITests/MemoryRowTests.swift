import Foundation
import Testing
import VeetCurses
import VeetMemory
@testable import veet_tui

/// A Memory row at 80 columns: a long kind and its day give way to the amber
/// "Needs review", with a space between them ("RELATIONSHIP · 1 DecNeeds
/// review" ran together).
@Suite struct MemoryRowTests {
    @Test func aLongKindLeavesASpaceBeforeNeedsReview() throws {
        let json = """
            [{"id":"m1","belief_type":"relationship","statement":"Is allergic to peanuts","status":"active",
              "flagged_for_review":true,"updated_at":"2026-12-01T09:00:00Z","created_at":"2026-12-01T09:00:00Z"}]
            """
        let records = try JSONDecoder().decode([MemoryRecord].self, from: Data(json.utf8))
        var screen = MemoryScreen()
        screen.show(records, for: screen.filter)
        var grid = ScreenGrid(width: 80, height: 24)
        screen.draw(in: &grid)
        let row = try #require(grid.snapshot.split(separator: "\n").first { $0.contains("Needs review") })
        #expect(row.contains(" Needs review"), "\(row)")
        #expect(!row.contains("DecNeeds") && !row.contains("…Needs"), "\(row)")
    }

    /// The whole list answered after `f` asked for the review queue (a slower
    /// first read) is dropped: the queue's keys act only on the queue's rows.
    /// Found by TUIMemoryScreenTests failing in CI under load.
    @Test func aSlowerAnswerForAnotherFilterIsDropped() throws {
        let json = """
            [{"id":"m1","belief_type":"fact","statement":"Flagged","status":"active",
              "flagged_for_review":true,"updated_at":"2026-12-01T09:00:00Z","created_at":"2026-12-01T09:00:00Z"},
             {"id":"m2","belief_type":"fact","statement":"Plain","status":"active",
              "flagged_for_review":false,"updated_at":"2026-12-01T09:00:00Z","created_at":"2026-12-01T09:00:00Z"}]
            """
        let records = try JSONDecoder().decode([MemoryRecord].self, from: Data(json.utf8))
        var screen = MemoryScreen()
        let everything = screen.filter
        screen.needsReviewOnly = true
        screen.show([records[0]], for: screen.filter)
        screen.show(records, for: everything)  // the first read, arriving late
        #expect(screen.records.map(\.id) == ["m1"])
        #expect(screen.selectedRecord?.id == "m1")
    }
}
