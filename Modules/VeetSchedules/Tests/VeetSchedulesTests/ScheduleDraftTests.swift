import Foundation
import Testing
import VeetTransport
@testable import VeetSchedules

/// The create and edit form's rules as plain values (issue 20, item 7):
/// refusals in words per field, the cadence's words read back, an edit built
/// on the revision it opened, and what changed meanwhile after a 409.
@Suite struct ScheduleDraftTests {
    static let now = Timestamp("2026-09-20T10:00:00Z").date!

    private func record(_ mutate: (inout [String: Any], inout [String: Any]) -> Void = { _, _ in }) throws -> ScheduleRecord {
        var object = Wire.record()
        var schedule = object["schedule"] as! [String: Any]
        var revision = object["revision"] as! [String: Any]
        mutate(&schedule, &revision)
        object["schedule"] = schedule
        object["revision"] = revision
        return try JSONDecoder().decode(ScheduleRecord.self, from: JSONSerialization.data(withJSONObject: object))
    }

    @Test func anEmptyDraftIsRefusedFieldByFieldInWords() {
        let refusals = ScheduleDraft(timezone: "Europe/Paris").refusals(now: Self.now)
        #expect(refusals[.title] == "Give the schedule a title.")
        #expect(refusals[.instruction] == "Write what the agent is asked each time.")
        #expect(refusals[.cadence] == "The cadence is empty.")
        #expect(refusals[.timezone] == nil)
    }

    @Test func aFilledDraftMakesTheDefinitionTheCLIWouldSend() throws {
        let draft = ScheduleDraft(title: " Rent ", instruction: "Remind me to pay rent.\n", cadence: "monthly 1,last 9:00",
                                  timezone: "Europe/Paris")
        #expect(draft.refusals(now: Self.now).isEmpty)
        #expect(draft.cadenceInWords == "Monthly on 1st and the last day at 09:00 (Europe/Paris)")
        let definition = try draft.definition(base: nil, agent: (id: "a1", version: "3"), now: Self.now).get()
        #expect(definition.title == "Rent")
        #expect(definition.instruction == "Remind me to pay rent.")
        #expect(definition.agentID == "a1" && definition.agentVersion == "3")
        #expect(definition.cadence == Cadence(kind: .monthly, localTime: "09:00:00", timezone: "Europe/Paris",
                                              daysOfMonth: [1], lastDay: true))
        #expect(definition.limits == ScheduleLimits() && definition.runTimeoutSeconds == 900)
    }

    @Test func limitsTimeZonesAndCadencesThatNeverRunAreRefused() {
        var draft = ScheduleDraft(title: String(repeating: "t", count: 1025), instruction: "x", cadence: "daily 8:00",
                                  timezone: "Mars/Olympus")
        var refusals = draft.refusals(now: Self.now)
        #expect(refusals[.title] == "The title is 1025 characters long; at most 1024.")
        #expect(refusals[.timezone]?.hasPrefix("“Mars/Olympus” is not a time zone") == true)
        draft.title = "Valentine"
        draft.timezone = "Europe/Paris"
        draft.cadence = "yearly 02-30 08:00"
        refusals = draft.refusals(now: Self.now)
        #expect(refusals == [.cadence: "The cadence never comes round (no such date): it would never run."])
        draft.cadence = "once 2026-09-19T10:00:00Z"
        #expect(draft.refusals(now: Self.now)[.cadence]?.hasPrefix("That time has passed") == true)
        draft.cadence = "once 2026-09-21T10:00:00Z"
        draft.timezone = ""  // a one-time schedule needs no zone
        #expect(draft.refusals(now: Self.now).isEmpty)
        draft.cadence = "fortnightly 08:00"
        #expect(draft.refusals(now: Self.now)[.cadence] == "Start the cadence with once, daily, weekly, monthly or yearly.")
        #expect(draft.cadenceInWords == nil)
    }

    @Test func everyKnownCadenceOpensOnWordsThatReadBackTheSame() throws {
        let cadences: [Cadence] = [
            .daily(at: "08:30:00", timezone: "Europe/Paris"),
            .weekly(on: [1, 3, 5], at: "08:00:00", timezone: "Europe/Paris"),
            Cadence(kind: .monthly, localTime: "09:30:15", timezone: "Asia/Tokyo", daysOfMonth: [1, 15], lastDay: true),
            Cadence(kind: .yearly, localTime: "07:00:00", timezone: "UTC", dates: [.init(month: 2, day: 14)]),
            .once(at: "2026-12-24T18:00:00Z"),
        ]
        for cadence in cadences {
            let words = try #require(CadenceInput.words(for: cadence))
            #expect(try CadenceInput.parse(words, timezone: cadence.timezone ?? "UTC") == cadence, "\(words)")
        }
        #expect(CadenceInput.words(for: Cadence(kind: .unknown("HOURLY"))) == nil)
    }

    @Test func anEditKeepsWhatTheFormDoesNotShowAndChangesWhatItDoes() throws {
        let base = try record().revision.definition
        var draft = ScheduleDraft(base, fallbackTimezone: "UTC")
        #expect(draft.title == "Morning briefing" && draft.cadence == "daily 08:00" && draft.timezone == "Europe/Paris")
        #expect(try draft.definition(base: base, agent: nil, now: Self.now).get() == base, "unchanged: sent as it was")
        draft.cadence = "weekly mon,fri 07:45"
        draft.timezone = "America/New_York"
        let edited = try draft.definition(base: base, agent: nil, now: Self.now).get()
        #expect(edited.cadence == .weekly(on: [1, 5], at: "07:45:00", timezone: "America/New_York"))
        #expect(edited.agentID == "a1" && edited.requestedScopes == ["memory.read"] && edited.limits == base.limits)
    }

    @Test func aCadenceThisClientCannotWriteSurvivesAnEditOfTheTitle() throws {
        let hourly = try record { _, revision in
            revision["cadence"] = ["kind": "HOURLY", "minute": 15, "timezone": "Europe/Paris"]
        }.revision.definition
        var draft = ScheduleDraft(hourly, fallbackTimezone: "UTC")
        #expect(draft.cadence.isEmpty)
        draft.title = "Quarter past"
        let edited = try draft.definition(base: hourly, agent: nil, now: Self.now).get()
        #expect(edited.cadence == hourly.cadence && edited.title == "Quarter past")
    }

    @Test func aServerRefusalNamesTheFieldItIsAbout() {
        #expect(ScheduleDraft.Field(refusalReason: "schedule.title_contains_credential") == .title)
        #expect(ScheduleDraft.Field(refusalReason: "schedule.instruction_contains_credential") == .instruction)
        #expect(ScheduleDraft.Field(refusalReason: "schedule.no_future_occurrence") == .cadence)
        #expect(ScheduleDraft.Field(refusalReason: "schedule.max_cost_limit") == nil)
        let refused = ScheduleDraft.Refused(fields: [.timezone: "a", .instruction: "b"])
        #expect(refused.firstField == .instruction)
    }

    @Test func aConflictSaysWhatSomeoneElseChanged() throws {
        let before = try record()
        let after = try record { schedule, revision in
            schedule["current_revision"] = 3
            schedule["state"] = "PAUSED"
            revision["title"] = "Weekday briefing"
            revision["cadence"] = ["kind": "WEEKLY", "local_time": "08:00:00", "weekdays": [1, 2, 3, 4, 5],
                                   "timezone": "Europe/Paris"]
        }
        #expect(ScheduleChanges.sentence(before, after) == "Changed elsewhere meanwhile (now revision 3): "
            + "the title is now “Weekday briefing” (was “Morning briefing”), it now runs every weekday at 08:00 "
            + "(Europe/Paris) and it is now paused.")
        let resaved = try record { schedule, _ in schedule["current_revision"] = 3 }
        #expect(ScheduleChanges.between(before, resaved) == ["it was saved again with the same definition"])
    }
}
