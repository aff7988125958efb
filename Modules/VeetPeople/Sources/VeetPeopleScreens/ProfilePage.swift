import Foundation
import VeetCurses
import VeetPeople
import VeetTokens

/// A person's profile as a reading page: the name, then its sections as
/// titled groups (names and contact details, relationships, history with each
/// date in its own zone and precision, facts), from VeetCurses' `ReadingPage` pieces.
enum ProfilePage {
    static func draw(_ profile: PersonProfile, identity: [String] = [], threads: [String] = [], in grid: inout ScreenGrid, area: GridRect) {
        var page = ReadingPage(width: area.width, paper: PeopleScreen.page)
        let person = profile.person
        page.line(person.displayName, TextStyle(attributes: .bold, foreground: .ink, background: .paper))
        var state = [person.state.rawValue]
        if person.pinned { state.insert("pinned", at: 0) }
        page.line(state.joined(separator: " · "), PeopleScreen.quiet)
        func section(_ title: String, _ items: [String], wrapped: Bool = false) {
            guard !items.isEmpty else { return }
            page.heading(title, PeopleScreen.heading, capitals: true)
            for item in items {
                if wrapped { page.text(item, PeopleScreen.page) } else { page.line(item, PeopleScreen.page) }
            }
        }
        // The identity section asks for an answer, so its sentences wrap rather than being cut.
        section("Identity", identity, wrapped: true)
        // The mail threads the person's evidence names; `e` lists them to open in Email mode.
        section("Open threads", threads)
        section("Names and contact details", profile.aliases.map { "\($0.identifierKind.rawValue)  \($0.value)" })
        section("Relationships", profile.relationships.map {
            "\(profile.label(for: $0.subject)) — \($0.predicate) — \(profile.label(for: $0.object))"
        })
        section("History", profile.history.map { "\(HistoryDate.text(of: $0))  \($0.channel.rawValue)  \($0.summary)" })
        section("Facts", profile.facts.map { $0.statement + ($0.flaggedForReview ? "  (needs review)" : "") })
        if let coverage = profile.coverage {
            page.blank()
            page.line(coverage, PeopleScreen.quiet)
        }
        page.draw(in: &grid, area: area, ellipsis: true)
    }
}
