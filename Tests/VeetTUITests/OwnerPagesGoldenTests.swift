import Foundation
import Testing
@testable import veet_tui
import VeetCurses
import VeetMemory
import VeetMemoryScreens
import VeetPeople
import VeetPeopleScreens
import VeetTokens
import VeetTransport

/// The owner's pages that gained controls for issue 34, painted by the shell as
/// F4, F5 and F6 mount them: the Schedules rows (preview, cadence and next run,
/// the chosen row tinted), Memory narrowed by type and status beside the review
/// toggle, and a person's open threads with the evidence that names them. Text
/// at 80x24 and 160x48 (`Screens/NAME.txt`) and the colours in the light and the
/// dark palette.
@Suite struct OwnerPagesGoldenTests {
    static let unused = HTTPRequestSender { _ in throw CancellationError() }

    static func decode<T: Decodable>(_ type: T.Type, _ json: String) -> T {
        // The JSON below is written here; a decoding failure is a broken test, shown at once.
        try! WireJSON.decoder().decode(T.self, from: Data(json.utf8))
    }

    static func memoryFiltered() -> ScreenState {
        var driver = ScreenDriver(MemoryScreen())
        var access = MemoryAccess()
        access.memories = .available(writesDenied: nil)
        access.synthesis = .available(writesDenied: nil)
        driver.answer(.access(access))
        // f: needs review; t twice: preferences; v: candidates.
        for key in ["f", "t", "t", "v"] { driver.press(.char(Character(key))) }
        let records = decode([MemoryRecord].self, """
            [{"id":"m1","belief_type":"preference","statement":"Prefers window seats on long flights","status":"candidate",
              "derivation":"email","flagged_for_review":true,"updated_at":"2026-12-01T09:00:00Z","created_at":"2026-12-01T09:00:00Z"},
             {"id":"m2","belief_type":"preference","statement":"Drinks green tea, no sugar","status":"candidate",
              "derivation":"conversation","flagged_for_review":true,"updated_at":"2026-11-28T09:00:00Z",
              "created_at":"2026-11-28T09:00:00Z"}]
            """)
        driver.answer(.listed(records, filter: driver.screen.filter))
        var state = ScreenGoldenTests.base()
        state.featureScreen = MountedScreen(driver.screen, work: MemoryScreenWork(api: MemoryAPI(sender: unused)), mount: 1)
        return state
    }

    static func personThreads() -> ScreenState {
        let maya = Person(id: "m", displayName: "Maya Chen", pinned: true)
        var driver = ScreenDriver(PeopleScreen(now: { ScreenGoldenTests.now }))
        driver.answer(.listed(pinned: [maya], review: [], everyone: [maya, Person(id: "s", displayName: "Sam Okafor")]))
        driver.answer(.profile(decode(PersonProfile.self, """
            {"person":{"id":"m","revision":1,"display_name":"Maya Chen","state":"active","pinned":true},
             "history":[{"id":"h1","channel":"email","summary":"Lunch plans for Friday","support_ids":["ev1","ev2"]}],
             "facts":[{"id":"f1","statement":"Likes green tea","support_ids":["ev3"]},
                      {"id":"f2","statement":"Lives in Lisbon"}],
             "fact_revisions":{"f1":3,"f2":1}}
            """)))
        driver.answer(.threads(personID: "m", decode([EvidenceReference].self, """
            [{"reference":"ev1","source_kind":"email","email_thread_id":"t-lunch"},
             {"reference":"ev2","source_kind":"email","email_thread_id":"t-lunch"}]
            """)))
        driver.press(.char("e"))
        var state = ScreenGoldenTests.base()
        let api = PeopleAPI(sender: unused)
        state.featureScreen = MountedScreen(driver.screen, work: PeopleScreenWork(api: api, audited: { api }), mount: 1)
        return state
    }

    @Test(arguments: [(80, 24), (160, 48)])
    func theOwnerPagesPaintTheirGoldenScreens(size: (width: Int, height: Int)) {
        for (name, state) in [("schedules-rows", FeatureScreenStates.schedules()), ("memory-filtered", Self.memoryFiltered()),
                              ("people-threads", Self.personThreads())] {
            var state = state
            let grid = ScreenPainter.frame(&state, width: size.width, height: size.height, now: ScreenGoldenTests.now)
            let label = "\(name)-\(size.width)x\(size.height)"
            GoldenScreen.check(grid.snapshot, named: label)
            for appearance in Appearance.allCases {
                GoldenScreen.check(StyleLegend.of(grid, appearance: appearance), named: "\(label)-\(appearance.rawValue)")
            }
        }
    }
}
