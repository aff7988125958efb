import Foundation
import Testing
import VeetConsole
import VeetCurses
import VeetMemory
import VeetMemoryCommands
import VeetMemoryScreens
import VeetTestSupport
import VeetTransport

/// Memory's items for "Needs you": the review queue as plain values, nothing from a server without Memory.
@Suite struct MemoryNeedsYouTests {
    @Test func theFlaggedMemoriesAreItemsThatOpenOnTheMemoryScreen() async throws {
        let server = MemoryCommandsTests.server()
        let report = await MemoryNeedsYou(api: MemoryAPI(sender: server.sender, retry: .never)).read()
        guard case .items(let items) = report else { Issue.record("\(report)"); return }
        #expect(items.map(\.id) == ["b1"])
        #expect(items.first?.feature == MemoryNeedsYou.feature)
        #expect(items.first?.need == "Needs review")
        #expect(items.first?.subject == "Ana likes tea")
        #expect(items.first?.command == "veet memory show b1")
        #expect(server.requests("GET", "/v1/memories").first?.queryValue("flagged") == "true")
    }

    @Test func aServerWithoutMemoryContributesNothing() async {
        let server = ScriptedServer()
        server.on("GET", "/v1/memories", .apiError(404, "not_found"))
        #expect(await MemoryNeedsYou(api: MemoryAPI(sender: server.sender, retry: .never)).read() == .notOffered)
        server.on("GET", "/v1/memories", .apiError(503, "unavailable"))
        guard case .unread = await MemoryNeedsYou(api: MemoryAPI(sender: server.sender, retry: .never)).read() else {
            Issue.record("a failed read is not \"nothing\""); return
        }
    }
}

/// "Needs you" opens a flagged memory on the review queue, selected, its page beside the list.
@Suite struct MemoryScreenOpeningTests {
    @Test func openingAMemoryAsksForTheQueueAndSelectsIt() throws {
        var driver = ScreenDriver(MemoryScreen(opening: "m2"))
        #expect(driver.effects == [.probe(MemoryFilter.needsReview)])
        let records = try MemoryScreenTests.records(MemoryScreenTests.two)
        driver.answer(.access(MemoryScreenTests.readable()), .listed(records, filter: .needsReview))
        #expect(driver.screen.selectedRecord?.id == "m2")
        #expect(driver.screen.opening == nil)
        // Once shown, the selection is the owner's again: a later read keeps where they moved to.
        driver.press(KeyPress(.up))
        driver.answer(.listed(records, filter: .needsReview))
        #expect(driver.screen.selectedRecord?.id == "m1")
    }
}
