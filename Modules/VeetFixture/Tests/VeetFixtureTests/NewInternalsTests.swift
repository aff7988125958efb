import Foundation
import Testing
@testable import VeetFixture

/// Building blocks added for seeding, uploads and the richer scenarios.
@Suite struct NewInternalsTests {
    @Test func newKeywordsChooseTheirScenarios() {
        let cases: [(String, Scenario)] = [
            ("research tram times", .research), ("fetch the news", .fetchOutcomes), ("browse the lesson", .browse),
            ("export the budget", .export), ("summarize your thinking", .reasoningSummary),
            ("show a reasoning summary", .reasoningSummary), ("before the deadline", .deadlineCancel),
            ("deadline failure", .deadlineFailure), ("markdown please", .longMarkdown), ("a long answer", .longMarkdown),
            ("approve a long note", .longApproval), ("belong", .markdown), ("Summarise the attached report", .markdown),
            ("export this artifact", .artifact), ("approve the export", .approval),
        ]
        for (prompt, scenario) in cases { #expect(Scenario.choose(for: prompt) == scenario, "\(prompt)") }
    }

    @Test func sessionOrderPagesNewestFirstAndMovesKeys() {
        var order = SessionOrder()
        let keys = (0..<10).map { SessionOrder.Key(instant: Instant(microseconds: Int64($0 * 10)), id: "id\($0)") }
        order.insert(contentsOf: keys.shuffled())
        #expect(order.page(after: nil, limit: 3).map(\.id) == ["id9", "id8", "id7"])
        #expect(order.page(after: keys[7], limit: 3).map(\.id) == ["id6", "id5", "id4"])
        #expect(order.page(after: keys[1], limit: 3).map(\.id) == ["id0"])
        #expect(order.next(after: keys[7])?.id == "id6")
        let moved = SessionOrder.Key(instant: Instant(microseconds: 1000), id: "id3")
        order.move(keys[3], to: moved)
        #expect(order.newestFirst.first == moved && order.count == 10)
        order.move(keys[9], to: SessionOrder.Key(instant: Instant(microseconds: 91), id: "id9"))
        #expect(order.newestFirst.map(\.id).prefix(2) == ["id3", "id9"])
        order.remove(moved)
        #expect(order.count == 9 && !order.newestFirst.contains(moved))
        // Ties on time fall back to the id, descending.
        order.insert(SessionOrder.Key(instant: Instant(microseconds: 50), id: "id5b"))
        #expect(order.page(after: keys[6], limit: 2).map(\.id) == ["id5b", "id5"])
    }

    @Test func seededRunIDsCarryTheirPosition() {
        let recipe = SeedRecipe(index: 123_456, messagesPerSession: 6)
        #expect(recipe.turns == 3)
        let id = recipe.runID(turn: 2)
        #expect(Identifier.canonical(id) == id)
        #expect(SeedRecipe.runPosition(of: id)! == (123_456, 2))
        #expect(SeedRecipe.runPosition(of: recipe.sessionID) == nil)
        #expect(Identifier.canonical(recipe.sessionID) == recipe.sessionID)
    }

    @Test func seedLogNumbersMatchTheTranscript() {
        let recipe = SeedRecipe(index: 6, messagesPerSession: 4)  // 6 % 5 == 1: searches the web
        let log = SeedLog(recipe: recipe, workerID: "vm:1")
        let messageSequences = log.events.filter {
            $0.stored.type == "user.message.created" || $0.stored.type == "assistant.message.completed"
        }.map(\.stored.sequence)
        #expect(messageSequences == log.transcript.map(\.sequence))
        #expect(log.events.map(\.stored.sequence) == log.events.map(\.stored.sequence).sorted())
        #expect(log.events.filter { $0.stored.type == "run.completed" }.count == 2)
        #expect(log.events.contains { $0.stored.type == "tool.call.completed" && $0.stored.frame.contains("web.search") })
    }

    @Test(arguments: [
        ("report.pdf", "report.pdf"), ("%20spaced%20", "spaced"), ("caf%C3%A9.txt", "café.txt"),
    ])
    func fileNamesAreDecodedAndTrimmed(header: String, name: String) {
        #expect(MediaSniffing.fileName(fromHeader: header) == name)
    }

    @Test func mediaTypesAreNormalized() {
        #expect(MediaSniffing.normalizedMediaType("Image/PNG; q=1") == "image/png")
        #expect(MediaSniffing.normalizedMediaType(nil) == "application/octet-stream")
        #expect(MediaSniffing.normalizedMediaType("png") == nil)
        #expect(MediaSniffing.normalizedMediaType("a/b/c") == nil)
    }
}
