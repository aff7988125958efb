import Foundation
import Testing
import VeetConsole

/// The shell's board of "Needs you" items: kept across failed reads, emptied for good when not offered, ordered by feature.
@Suite struct NeedsYouBoardTests {
    static func item(_ feature: String, _ id: String) -> NeedsYouItem {
        NeedsYouItem(feature: feature, kind: "k", id: id, need: "Needs", subject: id, tag: "t", command: "veet \(feature) show \(id)")
    }

    @Test func featuresComeInTheShellsOrderEachInItsOwn() {
        var board = NeedsYouBoard()
        board.take(.items([Self.item("memory", "m2"), Self.item("memory", "m1")]), from: "memory")
        board.take(.items([Self.item("email", "t1")]), from: "email")
        board.take(.items([Self.item("zeta", "z1")]), from: "zeta")
        #expect(board.ordered(["email", "memory"]).map(\.id) == ["t1", "m2", "m1", "z1"])
    }

    @Test func aFailedReadKeepsTheLastItemsAndNotOfferedDropsThemForGood() {
        var board = NeedsYouBoard()
        board.take(.items([Self.item("memory", "m1")]), from: "memory")
        board.take(.unread("Server unreachable"), from: "memory")
        #expect(board.ordered([]).map(\.id) == ["m1"])
        #expect(board.unread["memory"] == "Server unreachable")
        board.take(.notOffered, from: "memory")
        #expect(board.ordered([]).isEmpty)
        #expect(!board.asks("memory"))
        #expect(board.asks("email"))
    }

    struct Source: NeedsYouSource {
        let feature: String
        let report: NeedsYouReport
        func read() async -> NeedsYouReport { report }
    }

    @Test func theSourcesAreReadSideBySideAndComeBackInTheirOrder() async {
        let sources: [any NeedsYouSource] = [Source(feature: "email", report: .items([Self.item("email", "t1")])),
                                             Source(feature: "memory", report: .notOffered),
                                             Source(feature: "people", report: .unread("down"))]
        let reports = await NeedsYouBoard.read(sources)
        #expect(reports.map(\.feature) == ["email", "memory", "people"])
        #expect(reports.map(\.report) == [.items([Self.item("email", "t1")]), .notOffered, .unread("down")])
    }

    @Test func jsonSpeaksTheWiresSnakeCaseWithoutTheTag() throws {
        var item = Self.item("email", "t1")
        item.date = Date(timeIntervalSince1970: 0)
        let text = String(decoding: try JSONEncoder().encode(item), as: UTF8.self)
        #expect(text.contains("\"date\":\"1970-01-01T00:00:00Z\""))
        #expect(text.contains("\"command\":\"veet email show t1\""))
        #expect(!text.contains("tag"))
    }
}
