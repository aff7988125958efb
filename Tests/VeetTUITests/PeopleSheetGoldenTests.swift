import Foundation
import Testing
@testable import veet_tui
import VeetCurses
import VeetPeople
import VeetPeopleScreens
import VeetTokens
import VeetTransport

/// The People screen's sheets painted from state values: the merge preview,
/// a possible duplicate's profile (the suggestion answered on it) and the
/// history imports, at 80x24 and 160x48, as text (`Screens/people-*.txt`)
/// and their colours in the light and the dark palette.
@Suite struct PeopleSheetGoldenTests {
    static let now = ScreenGoldenTests.now

    static func decode<T: Decodable>(_ json: String) -> T {
        // The literals below are fixed; a broken one fails every test here at once.
        try! JSONDecoder().decode(T.self, from: Data(json.utf8))
    }

    static let daniel = Person(id: "d1", revision: 2, displayName: "Daniel Park", state: .provisional)
    static let danielToo = Person(id: "d2", revision: 5, displayName: "Daniel Park")
    static let directory = [
        Person(id: "m", displayName: "Maya Chen", pinned: true), Person(id: "j", displayName: "Jules Moreau", pinned: true),
        Person(id: "p", displayName: "Dr. Patel", state: .provisional), daniel, danielToo,
        Person(id: "s", displayName: "Sam Okafor"),
    ]

    static func base() -> PeopleScreen {
        var screen = PeopleScreen()
        screen.show(pinned: directory.filter(\.pinned), review: [directory[2]], everyone: directory)
        screen.suggestions = [decode("""
            {"id": "sg1", "revision": 1, "reason": "same_name", "family_name": true, "state": "open",
             "source": {"id": "d1", "revision": 2, "display_name": "Daniel Park", "state": "provisional"},
             "target": {"id": "d2", "revision": 5, "display_name": "Daniel Park", "state": "active"}}
            """)]
        screen.selected = screen.people.firstIndex { $0.id == "d1" } ?? 0
        screen.profile = decode("""
            {"person": {"id": "d1", "revision": 2, "display_name": "Daniel Park", "state": "provisional"},
             "aliases": [{"id": "a1", "revision": 1, "identifier_kind": "name", "value": "Daniel Park"}]}
            """)
        return screen
    }

    static func mergeSheet() -> PeopleScreen {
        var screen = base()
        let expires = ISO8601DateFormatter().string(from: now.addingTimeInterval(302))
        let preview: IdentityOperation = decode("""
            {"id": "op1", "revision": 1, "operation": "merge", "state": "preview", "person_ids": ["d1", "d2"],
             "assignments": [{"entity_id": "a1", "before_person_id": "d1", "after_person_id": "d2"}],
             "expires_at": "\(expires)"}
            """)
        screen.sheet = .identity(IdentitySheet(purpose: .merge(source: daniel, target: danielToo, suggestionID: "sg1"),
                                               stage: .ready(preview), labels: ["a1": "identifier: Daniel Park"]))
        return screen
    }

    static func importsSheet() -> PeopleScreen {
        var screen = base()
        let jobs: [ImportJob] = decode("""
            [{"id": "i3", "revision": 3, "state": "budget_paused", "records_read": 50, "records_processed": 50,
              "spent_usd": "0.50", "reserved_usd": "0.00", "known_records": 200,
              "scope": {"session_ids": [], "account_ids": ["default"], "since": "2026-09-01T00:00:00.000Z",
                        "until": "2026-12-02T00:00:00.000Z", "max_records": 2000, "max_cost_usd": "0.50"}},
             {"id": "i2", "revision": 4, "state": "completed", "records_read": 200, "records_processed": 200,
              "spent_usd": "2.00", "reserved_usd": "0.00", "known_records": 200,
              "scope": {"session_ids": ["c1", "c2"], "account_ids": ["default"], "since": "2026-01-01T00:00:00.000Z",
                        "until": "2026-09-01T00:00:00.000Z", "max_records": 2000, "max_cost_usd": "5.00"}},
             {"id": "i1", "revision": 3, "state": "failed", "records_read": 100, "records_processed": 100,
              "spent_usd": "1.00", "reserved_usd": "0.00", "known_records": 200, "error_code": "mailbox_unavailable",
              "scope": {"session_ids": [], "account_ids": ["broken"], "since": "2026-01-01T00:00:00.000Z",
                        "until": "2026-09-01T00:00:00.000Z", "max_records": 2000, "max_cost_usd": "5.00"}}]
            """)
        var sheet = ImportsSheet(jobs: jobs)
        sheet.notice = ImportsSheet.sentence(for: jobs[0])
        screen.sheet = .imports(sheet)
        return screen
    }

    /// `screen` mounted in the shell's feature slot, as F6 mounts it (its work is never run here).
    static func mounted(_ screen: PeopleScreen) -> MountedScreen {
        let api = PeopleAPI(sender: HTTPRequestSender(send: { _ in throw CancellationError() }))
        return MountedScreen(screen, work: PeopleScreenWork(api: api, audited: { api }), mount: 1)
    }

    static func paint(_ people: PeopleScreen, width: Int, height: Int) -> ScreenGrid {
        var state = ScreenState()
        state.connectionLabel = "127.0.0.1"
        state.featureScreen = mounted(people)
        return ScreenPainter.frame(&state, width: width, height: height, now: now)
    }

    @Test(arguments: [(80, 24), (160, 48)])
    func theSheetsPaintTheirGoldenScreens(size: (width: Int, height: Int)) {
        for (name, screen) in [("merge-sheet", Self.mergeSheet()), ("suggestion", Self.base()),
                               ("imports", Self.importsSheet())] {
            let grid = Self.paint(screen, width: size.width, height: size.height)
            let label = "people-\(name)-\(size.width)x\(size.height)"
            GoldenScreen.check(grid.snapshot, named: label)
            for appearance in Appearance.allCases {
                GoldenScreen.check(StyleLegend.of(grid, appearance: appearance), named: "\(label)-\(appearance.rawValue)")
            }
        }
    }

    @Test func theImportFormRefusesABrokenScopeInWordsAndReadsDatesAsUTCDays() {
        var form = ImportForm(now: Self.now)
        #expect(form.fields.map(\.text) == ["", "default", "2026-09-01", "2026-12-01", "2000", "5.00"])
        #expect(form.scope().scope?.since == "2026-09-01T00:00:00.000Z")
        #expect(form.scope().scope.map { ImportScope.money($0.maxCostUSD) } == "5.00")
        form.fields[5] = TextInput(text: "five")
        form.fields[2] = TextInput(text: "yesterday")
        #expect(form.scope().scope == nil)
        #expect(form.scope().problems == ["Since must be a date such as 2026-01-31.",
                                          "The spending cap must be an amount such as 5.00."])
        form.fields[2] = TextInput(text: "2026-09-02")
        form.fields[5] = TextInput(text: "500")
        #expect(form.scope().scope == nil && !form.scope().problems.isEmpty)
    }

    @Test func aPausedJobSaysWhatToDoAndANewJobComesFirst() {
        var sheet = ImportsSheet(jobs: [])
        let paused: ImportJob = Self.decode("""
            {"id": "n1", "revision": 2, "state": "budget_paused", "records_processed": 50, "spent_usd": "0.50",
             "reserved_usd": "0.00", "known_records": 200}
            """)
        sheet.show(paused)
        #expect(sheet.selectedJob?.id == "n1")
        #expect(sheet.notice == "The spending cap was reached ($0.50 spent); r resumes it with a higher cap.")
    }
}
