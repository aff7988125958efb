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

/// The CLI's answer from the board: lines or JSON, an unread feature named on stderr with exit 1.
@Suite struct NeedsYouBoardReportTests {
    @Test func itemsPrintTheirFeatureNeedSubjectAndCommandInTheShellsOrder() throws {
        var board = NeedsYouBoard()
        board.take(.items([NeedsYouBoardTests.item("memory", "m1")]), from: "memory")
        board.take(.items([NeedsYouBoardTests.item("email", "t1")]), from: "email")
        let captured = try ConsoleCapture()
        #expect(try board.report(order: ["email", "memory"], console: captured.console()) == .success)
        #expect(captured.stdout == "Email  Needs  t1\n  veet email show t1\nMemory  Needs  m1\n  veet memory show m1\n")
        #expect(captured.stderr.isEmpty)
    }

    @Test func anEmptyListWithAFeatureUnreadIsNotToldAsNothing() throws {
        var board = NeedsYouBoard()
        board.take(.items([]), from: "chat")
        board.take(.unread("Server unreachable"), from: "email")
        let captured = try ConsoleCapture()
        #expect(try board.report(order: ["chat", "email"], console: captured.console()) == .failure)
        #expect(captured.stdout.isEmpty)
        #expect(captured.stderr == "Nothing needs you in what could be read.\nveet: could not read Email: Server unreachable\n")

        let everything = try ConsoleCapture()
        #expect(try NeedsYouBoard().report(order: ["chat"], console: everything.console()) == .success)
        #expect(everything.stderr == "Nothing needs you.\n")
    }

    @Test func jsonListsTheItemsAndWhatWasNotRead() throws {
        var board = NeedsYouBoard()
        board.take(.items([NeedsYouBoardTests.item("memory", "m1")]), from: "memory")
        board.take(.unread("down"), from: "people")
        let captured = try ConsoleCapture()
        #expect(try board.report(order: ["memory", "people"], console: captured.console(json: true)) == .failure)
        #expect(captured.stdout.hasPrefix("{\"items\":[{\"command\":\"veet memory show m1\""))
        #expect(captured.stdout.hasSuffix("\"not_read\":[{\"feature\":\"people\",\"reason\":\"down\"}]}\n"))
        #expect(captured.stderr == "veet: could not read People: down\n")
    }
}
