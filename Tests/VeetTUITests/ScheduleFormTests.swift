import Foundation
import Testing
@testable import veet_tui
import VeetCurses
import VeetSchedules
import VeetTransport

/// The Schedules screen's create and edit form (issue 20, item 7): painted
/// empty, filled and refused at 80x24 and 160x48; typed into as keys; a
/// refusal or a 409 keeps every character typed.
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
        var state = FeatureScreenStates.schedules()
        state.schedulesScreen?.form = form
        return state
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

    @Test func enterMovesOnAndSavesOnTheLastFieldWithTheDraftTyped() {
        var form = Self.filledForm
        #expect(form.handle(.key(KeyPress(.enter)), now: Self.now) == .none)
        #expect(form.field == .instruction)
        for _ in 0..<2 { _ = form.handle(.key(KeyPress(.tab)), now: Self.now) }
        #expect(form.field == .timezone)
        guard case .save(let draft) = form.handle(.key(KeyPress(.enter)), now: Self.now) else {
            Issue.record("Enter on the last field saves")
            return
        }
        #expect(draft.title == "Rent reminder" && draft.cadence == "monthly 1,last 09:00" && draft.timezone == "Europe/Lisbon")
        #expect(form.handle(.key(.char("s", .control)), now: Self.now) == .save(draft))
        // The same draft sent again replays its key; a changed one gets a new key.
        let key = form.createKey(for: draft)
        #expect(form.createKey(for: draft) == key)
        var changed = draft
        changed.title = "Rent"
        #expect(form.createKey(for: changed) != key)
    }

    @Test func aRefusalMovesToItsFieldAndTypingThereClearsIt() {
        var form = Self.refusedForm
        #expect(form.field == .title)
        #expect(form.refusals[.title] != nil)
        _ = form.handle(.key(.char("R")), now: Self.now)
        #expect(form.refusals[.title] == nil && form.refusals[.cadence] != nil)
        #expect(form.title.text == "R" && form.cadence.text == "fortnightly 9:00")
    }

    @Test func aConflictOnAnEditKeepsTheTextSaysWhatChangedAndMovesTheRevision() throws {
        let record = try #require(FeatureScreenStates.schedules().schedulesScreen?.record)
        var form = ScheduleForm(editing: record, fallbackTimezone: "UTC")
        #expect(form.title.text == "Morning briefing" && form.cadence.text == "daily 08:00")
        form.title = TextInput(text: "My briefing")
        form.isSaving = true
        var current = record
        current.schedule.currentRevision = 3
        current.revision.definition.title = "Team briefing"
        form.conflicted(current: current, description: "The schedule changed meanwhile")
        #expect(!form.isSaving)
        #expect(form.title.text == "My briefing")
        #expect(form.base?.schedule.currentRevision == 3)
        #expect(form.notice.hasPrefix("Changed elsewhere meanwhile (now revision 3): the title is now “Team briefing”"))
        #expect(form.notice.contains("Ctrl-S saves it over revision 3"))
        let (_, grid) = ScreenGoldenTests.settledGrid(Self.screen(with: form), width: 160, height: 48)
        #expect(grid.snapshot.contains("Edit “Team briefing” · revision 3"))
        #expect(grid.snapshot.contains("Changed elsewhere meanwhile"))
    }
}
