import Foundation
@testable import veet_tui
import VeetCurses
import VeetSchedules
import VeetSchedulesScreens
import VeetTransport
import VeetWebsiteAccess
import VeetWebsiteAccessScreens

/// Schedules and Website Access as states of the pure painter, from the
/// contract's own shapes (docs/wire/schedules.md §3-§6, the browser-profiles capture).
enum FeatureScreenStates {
    static func decode<T: Decodable>(_ type: T.Type, _ json: String) -> T {
        // The JSON below is written here; a decoding failure is a broken test, shown at once.
        try! WireJSON.decoder().decode(T.self, from: Data(json.utf8))
    }

    /// The Schedules screen as the shell holds it: mounted (its work never runs in a picture).
    static func schedules(_ screen: SchedulesScreen = schedulesScreen()) -> ScreenState {
        let unused = HTTPRequestSender { _ in throw CancellationError() }
        var state = ScreenGoldenTests.base()
        state.featureScreen = MountedScreen(screen, work: SchedulesScreenWork(api: SchedulesAPI(sender: unused),
                                                                              conversations: { [] }), mount: 1)
        return state
    }

    static func schedulesScreen() -> SchedulesScreen {
        let cadence = #"{"kind":"DAILY","local_time":"08:00:00","timezone":"Europe/Lisbon"}"#
        let items = decode([ScheduleListItem].self, """
            [{"id":"0198d6a4-1111-7000-8000-000000000001","state":"ACTIVE","pause_reason":null,"current_revision":2,
              "next_fire_at":"2026-12-02T08:00:00Z","title":"Morning briefing",
              "instruction_preview":"Summarize my calendar and flag conflicts.","cadence":\(cadence),
              "created_at":"2026-11-20T09:00:00Z","updated_at":"2026-11-28T09:00:00Z"},
             {"id":"0198d6a4-1111-7000-8000-000000000002","state":"PAUSED","pause_reason":"user","current_revision":1,
              "next_fire_at":null,"title":"Weekly grocery plan",
              "instruction_preview":"Plan the week's groceries under 110 EUR.",
              "cadence":{"kind":"WEEKLY","local_time":"18:00:00","weekdays":["SUN"],"timezone":"Europe/Lisbon"},
              "created_at":"2026-11-01T09:00:00Z","updated_at":"2026-11-29T09:00:00Z"},
             {"id":"0198d6a4-1111-7000-8000-000000000003","state":"COMPLETED","pause_reason":null,"current_revision":1,
              "next_fire_at":null,"title":"Remind me about the passport","instruction_preview":"Remind me to renew it.",
              "cadence":{"kind":"ONCE","fire_at":"2026-11-30T10:00:00Z"},
              "created_at":"2026-11-01T09:00:00Z","updated_at":"2026-11-30T10:00:03Z"}]
            """)
        let record = decode(ScheduleRecord.self, """
            {"schedule":{"id":"0198d6a4-1111-7000-8000-000000000001","state":"ACTIVE","pause_reason":null,
              "current_revision":2,"next_fire_at":"2026-12-02T08:00:00Z","consecutive_failures":0,
              "created_at":"2026-11-20T09:00:00Z","updated_at":"2026-11-28T09:00:00Z"},
             "revision":{"schedule_id":"0198d6a4-1111-7000-8000-000000000001","revision":2,"title":"Morning briefing",
              "instruction":"Summarize my calendar and flag conflicts.","agent_id":"general","agent_version":"1.4.0",
              "policy_profile":"default","requested_scopes":["memory.read"],
              "limits":{"max_steps":20,"max_model_calls":20,"max_tool_calls":40,"max_cost":"0.50","deadline_at":null},
              "run_timeout_seconds":900,"cadence":\(cadence),"timezone":"Europe/Lisbon",
              "misfire_grace_seconds":3600,"max_consecutive_failures":3,"created_at":"2026-11-28T09:00:00Z"}}
            """)
        let occurrences = decode([ScheduleOccurrence].self, """
            [{"id":"0198d6a4-2222-7000-8000-000000000001","schedule_id":"0198d6a4-1111-7000-8000-000000000001",
              "schedule_revision":2,"nominal_fire_at":"2026-12-01T08:00:00Z","disposition":"MATERIALIZED",
              "session_id":"s1","run_id":"r1","reason_code":null,"materialized_at":"2026-12-01T08:00:03Z",
              "links_erased_at":null,"created_at":"2026-12-01T08:00:03Z"},
             {"id":"0198d6a4-2222-7000-8000-000000000002","schedule_id":"0198d6a4-1111-7000-8000-000000000001",
              "schedule_revision":1,"nominal_fire_at":"2026-11-30T08:00:00Z","disposition":"MISSED",
              "session_id":null,"run_id":null,"reason_code":"schedule.misfire_grace_exceeded","materialized_at":null,
              "links_erased_at":null,"created_at":"2026-11-30T09:00:05Z"}]
            """)
        var screen = SchedulesScreen()
        screen.items = items
        screen.record = record
        screen.occurrences = occurrences
        screen.message = ""
        return screen
    }

    static func website() -> ScreenState {
        let profiles = decode([BrowserProfile].self, """
            [{"id":"8f20ba69-425f-5798-af20-7d8b5bbc1c31","allowed_origins":["https://www.example.com","https://accounts.example.com"],
              "status":"ready","generation":3,"created_at":"2026-11-20T04:33:35Z","updated_at":"2026-11-30T04:33:35Z",
              "last_used_at":"2026-12-01T08:10:00Z"},
             {"id":"8f20ba69-425f-5798-af20-7d8b5bbc1c32","allowed_origins":["https://shop.example.org"],
              "status":"authentication_required","generation":1,"created_at":"2026-11-25T04:33:35Z",
              "updated_at":"2026-11-30T04:33:35Z","last_used_at":null},
             {"id":"8f20ba69-425f-5798-af20-7d8b5bbc1c33","allowed_origins":["https://old.example.net"],
              "status":"revoked","generation":1,"created_at":"2026-11-01T04:33:35Z","updated_at":"2026-11-02T04:33:35Z",
              "last_used_at":null}]
            """)
        // Pictured without a display (no device sign-in offered), as the screen looks on a server or in CI.
        var screen = WebsiteAccessScreen(signsInOnDevice: false)
        screen.overview = WebsiteAccessOverview(rows: profiles.enumerated().map {
            WebsiteAccessOverview.Row(profile: $0.element, isChosen: $0.offset == 0)
        })
        screen.message = ""
        // Mounted as the shell holds it (its work never runs in a picture).
        let unused = HTTPRequestSender { _ in throw CancellationError() }
        var state = ScreenGoldenTests.base()
        state.featureScreen = MountedScreen(screen, work: WebsiteAccessScreenWork(api: WebsiteAccessAPI(sender: unused), chosen: nil),
                                            mount: 1)
        return state
    }
}
