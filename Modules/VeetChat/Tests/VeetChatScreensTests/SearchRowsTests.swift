import Foundation
import Testing
import VeetChatScreens
import VeetCurses
import VeetStore
import VeetTransport

/// The sidebar's search hits as values: excerpts cut in the middle with the match kept and bold.
@Suite struct SearchRowsTests {
    static let long = "We talked about the groceries, the budget for December and many other things before the ferry to Cacilhas came up again late"
    /// The sidebar's rows: 32 columns less the margins.
    static let rowWidth = 30

    static func hit(_ id: String, title: String?, text: String, query: String, kind: SearchMatchKind = .message) -> SearchHit {
        SearchHit(sessionID: id, title: title, updatedAt: Timestamp("2026-12-01T09:30:00Z"), kind: kind,
                  sequence: kind == .message ? 3 : nil, matchCount: 1, text: text, query: SearchQuery(query))
    }

    @Test func aMessageHitKeepsItsMatchVisibleAndBoldWithinTheRow() {
        let item = SearchRows.item(for: Self.hit("s4", title: "Lisbon trip in March", text: Self.long, query: "ferry"),
                                   rowWidth: Self.rowWidth, age: { _ in "30m" })
        let runs = item.styledTitle ?? []
        let text = runs.map(\.text).joined()
        #expect(item.detail == "30m")
        #expect(text.count <= Self.rowWidth - 4, "fits beside its age: \(text)")
        #expect(text.hasPrefix("Lisbon…: …"), "a narrow row keeps no head before the match: \(text)")
        #expect(text.hasSuffix("…"))
        #expect(runs.filter { $0.style.attributes.contains(.bold) }.map(\.text) == ["ferry"])
    }

    @Test func aTitleHitIsTheTitleWithItsMatchesBold() {
        let line = SearchRows.line(for: Self.hit("s2", title: "Ferry timetable", text: "Ferry timetable", query: "ferry", kind: .title),
                                   width: 26)
        #expect(line.map(\.text).joined() == "Ferry timetable")
        #expect(line.first?.style.attributes.contains(.bold) == true)
    }

    @Test func everyListedOrFirstHitIsARowAndAnEmptyQueryNone() {
        let hits = [Self.hit("s1", title: "A", text: "ferry", query: "ferry"), Self.hit("s2", title: nil, text: "ferry", query: "ferry")]
        #expect(SearchRows.items(.results(hits), rowWidth: 30, age: { _ in nil }).map(\.id) == ["hit:s1:3", "hit:s2:3"])
        #expect(SearchRows.items(.refine(firstOnes: hits), rowWidth: 30, age: { _ in nil }).count == 2)
        #expect(SearchRows.items(.emptyQuery, rowWidth: 30, age: { _ in nil }).isEmpty)
        #expect(SearchRows.cut("Saving plan for the groceries", to: 12) == "Saving plan…")
    }
}
