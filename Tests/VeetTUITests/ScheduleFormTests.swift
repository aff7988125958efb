import Foundation
import Testing
@testable import veet_tui
import VeetCurses
import VeetSchedules
import VeetSchedulesScreens
import VeetTransport

/// The Schedules screen's create and edit form (issue 20, item 7) painted by the
/// shell, empty, filled and refused at 80x24 and 160x48. The form's keys, refusals and
/// conflicts are VeetSchedulesFacesTests' (Modules/VeetSchedules).
@Suite struct ScheduleFormTests {
    static let now = ScreenGoldenTests.now

    /// Types `values` into the form's fields in order (Tab between them), as pastes.
    static func filled(_ form: ScheduleForm, _ values: [String]) -> ScheduleForm {
        var form = form
        form.field = .title
        for value in values {
            var input = form[form.field]
            input.moveCursor(to: input.text.count)
            form[form.field] = input
            _ = form.handle(.paste(value), now: now)
            _ = form.handle(.key(KeyPress(.tab)), now: now)
        }
        form.field = .title
        return form
    }

    static func screen(with form: ScheduleForm) -> ScreenState {
        var screen = FeatureScreenStates.schedulesScreen()
        screen.form = form
        return FeatureScreenStates.schedules(screen)
    }

    static var filledForm: ScheduleForm {
        filled(ScheduleForm(creatingIn: "Europe/Lisbon"),
               ["Rent reminder", "Remind me to pay the rent.\nAnd the water bill, if it came.", "monthly 1,last 09:00"])
    }

    static var refusedForm: ScheduleForm {
        var form = ScheduleForm(creatingIn: "Europe/Lisbon")
        form = filled(form, ["", "Remind me to pay the rent.", "fortnightly 9:00"])
        var zone = TextInput(text: "Mars/Olympus")
        zone.moveCursor(to: zone.text.count)
        form.timezone = zone
        #expect(form.handle(.key(.char("s", .control)), now: now) == .none)
        return form
    }

    @Test(arguments: [(80, 24), (160, 48)])
    func theFormPaintsEmptyFilledAndRefused(size: (width: Int, height: Int)) {
        let suffix = "\(size.width)x\(size.height)"
        let (_, empty) = ScreenGoldenTests.settledGrid(Self.screen(with: ScheduleForm(creatingIn: "Europe/Lisbon")),
                                                       width: size.width, height: size.height)
        GoldenScreen.check(empty.snapshot, named: "schedule-form-empty-\(suffix)")
        #expect(empty.snapshot.contains("New schedule"))
        #expect(empty.snapshot.contains("daily 08:00 · weekly mon,fri 08:30"))
        #expect(empty.cursor != nil, "the title field has the caret")

        let (_, filled) = ScreenGoldenTests.settledGrid(Self.screen(with: Self.filledForm), width: size.width,
                                                        height: size.height)
        GoldenScreen.check(filled.snapshot, named: "schedule-form-filled-\(suffix)")
        #expect(filled.snapshot.contains("→ Monthly on 1st and the last day at 09:00 (Europe/Lisbon)"))
        #expect(filled.snapshot.contains("And the water bill"))

        let (_, refused) = ScreenGoldenTests.settledGrid(Self.screen(with: Self.refusedForm), width: size.width,
                                                         height: size.height)
        GoldenScreen.check(refused.snapshot, named: "schedule-form-refused-\(suffix)")
        #expect(refused.snapshot.contains("Give the schedule a title."))
        #expect(refused.snapshot.contains("Start the cadence with once, daily, weekly, monthly or yearly."))
        #expect(refused.snapshot.contains("“Mars/Olympus” is not a time zone"))
        #expect(refused.snapshot.contains("fortnightly 9:00"), "the refused text stays in its field")
    }
}
