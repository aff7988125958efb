import Foundation
import Testing
import VeetStore
import VeetTransport
@testable import VeetSchedules

private let scheduleA = "0198d6a2-4c1e-7b3a-9f21-5e8c0d4a7b61"
private let scheduleB = "0198d6a2-4c1e-7b3a-9f21-5e8c0d4a7b62"

private func row(_ id: String, minute: Int, schedule: String?, title: String? = nil) -> CachedSession {
    let stamp = Timestamp(String(format: "2026-08-22T18:%02d:00Z", minute))
    return CachedSession(id: id, title: title ?? "T \(id)", createdAt: stamp, updatedAt: stamp, scheduleID: schedule)
}

@Suite struct GroupingTests {
    @Test func twoOrMoreSessionsMakeOneGroupLabelledWithTheNewestTitle() {
        let rows = [row("old", minute: 1, schedule: scheduleA, title: "Briefing Monday"),
                    row("new", minute: 5, schedule: scheduleA, title: "Briefing Tuesday"),
                    row("lone", minute: 3, schedule: scheduleB), row("chat", minute: 9, schedule: nil)]
        let groups = ScheduledGrouping.groups(from: rows)
        #expect(groups.map(\.scheduleID) == [scheduleA])
        #expect(groups.first?.label == "Briefing Tuesday")
        #expect(groups.first?.sessionIDs == ["new", "old"])
        #expect(ScheduledGrouping.loneSessionIDs(in: rows) == ["lone"])
    }

    @Test func groupsAreOrderedByTheirNewestSession() {
        let rows = [row("a1", minute: 1, schedule: scheduleA), row("a2", minute: 2, schedule: scheduleA),
                    row("b1", minute: 3, schedule: scheduleB), row("b2", minute: 4, schedule: scheduleB)]
        #expect(ScheduledGrouping.groups(from: rows).map(\.scheduleID) == [scheduleB, scheduleA])
    }

    @Test func untitledNewestSessionGetsAGenericLabel() {
        var rows = [row("a1", minute: 1, schedule: scheduleA), row("a2", minute: 2, schedule: scheduleA)]
        rows[1].title = nil
        #expect(ScheduledGrouping.groups(from: rows).first?.label == ScheduledGrouping.untitled)
    }
}

@Suite struct CadenceTests {
    private let paris = "Europe/Paris"

    @Test func wordsForEachKind() {
        #expect(CadenceText.describe(.daily(at: "08:00:00", timezone: paris)) == "Every day at 08:00 (Europe/Paris)")
        #expect(CadenceText.describe(.weekly(on: [5, 1, 3], at: "08:30:00", timezone: paris))
                == "Every Monday, Wednesday and Friday at 08:30 (Europe/Paris)")
        #expect(CadenceText.describe(.weekly(on: [1, 2, 3, 4, 5], at: "08:00:00", timezone: paris))
                == "Every weekday at 08:00 (Europe/Paris)")
        let monthly = Cadence(kind: .monthly, localTime: "09:00:00", timezone: paris, daysOfMonth: [1, 22], lastDay: true)
        #expect(CadenceText.describe(monthly) == "Monthly on 1st, 22nd and the last day at 09:00 (Europe/Paris)")
        let yearly = Cadence(kind: .yearly, localTime: "07:00:00", timezone: paris, dates: [.init(month: 2, day: 14)])
        #expect(CadenceText.describe(yearly) == "Every year on 14 February at 07:00 (Europe/Paris)")
    }

    @Test func unknownKindRendersFromTheRawObject() throws {
        let data = Data(#"{"kind":"HOURLY","every":2}"#.utf8)
        let cadence = try JSONDecoder().decode(Cadence.self, from: data)
        #expect(cadence.kind == .unknown("HOURLY"))
        #expect(CadenceText.describe(cadence).hasPrefix("Hourly cadence"))
        let roundTrip = try JSONSerialization.jsonObject(with: JSONEncoder().encode(cadence)) as? [String: Any]
        #expect(roundTrip?["every"] as? Int == 2)
    }

    @Test func nextFireTimesFollowTheLocalTimeAcrossDaylightSaving() throws {
        // 2026-10-25 is the night Paris leaves summer time (UTC+2 → UTC+1).
        let start = try #require(ISO8601DateFormatter().date(from: "2026-10-24T07:00:00Z"))
        let times = FireTimes.next(.daily(at: "08:00:00", timezone: paris), after: start, count: 2)
        let formatter = ISO8601DateFormatter()
        #expect(times.map(formatter.string) == ["2026-10-25T07:00:00Z", "2026-10-26T07:00:00Z"])
    }

    @Test func nextFireTimesForWeeklyMonthlyLastDayAndOnce() throws {
        let formatter = ISO8601DateFormatter()
        let start = try #require(formatter.date(from: "2026-09-01T00:00:00Z"))  // a Tuesday
        let weekly = FireTimes.next(.weekly(on: [1], at: "08:00:00", timezone: "UTC"), after: start, count: 2)
        #expect(weekly.map(formatter.string) == ["2026-09-07T08:00:00Z", "2026-09-14T08:00:00Z"])
        let lastDay = Cadence(kind: .monthly, localTime: "08:00:00", timezone: "UTC", daysOfMonth: [], lastDay: true)
        #expect(FireTimes.next(lastDay, after: start, count: 2).map(formatter.string)
                == ["2026-09-30T08:00:00Z", "2026-10-31T08:00:00Z"])
        #expect(FireTimes.next(.once(at: "2026-08-01T00:00:00Z"), after: start).isEmpty)
        #expect(FireTimes.next(.once(at: "2026-12-01T00:00:00Z"), after: start).count == 1)
    }
}

@Suite struct CadenceInputTests {
    @Test func readsEachKind() throws {
        #expect(try CadenceInput.parse("daily 8:00", timezone: "UTC") == .daily(at: "08:00:00", timezone: "UTC"))
        #expect(try CadenceInput.parse("weekly mon,fri 08:30", timezone: "UTC").weekdays == [1, 5])
        let monthly = try CadenceInput.parse("monthly 1,last 09:00", timezone: "UTC")
        #expect(monthly.daysOfMonth == [1] && monthly.lastDay == true)
        #expect(try CadenceInput.parse("yearly 02-14 07:00", timezone: "UTC").dates == [.init(month: 2, day: 14)])
        #expect(try CadenceInput.parse("once 2026-09-21T13:00:00Z", timezone: "UTC").at?.text == "2026-09-21T13:00:00Z")
    }

    @Test func refusesNonsense() {
        #expect(throws: CadenceInput.Problem.self) { try CadenceInput.parse("weekly someday 08:00", timezone: "UTC") }
        #expect(throws: CadenceInput.Problem.self) { try CadenceInput.parse("daily 25:00", timezone: "UTC") }
        #expect(throws: CadenceInput.Problem.self) { try CadenceInput.parse("hourly 08:00", timezone: "UTC") }
    }
}

@Suite struct UpcomingRunsTests {
    private func record(state: String, nextFireAt: Any) throws -> ScheduleRecord {
        var object = Wire.record(state: state)
        var schedule = object["schedule"] as! [String: Any]
        schedule["next_fire_at"] = nextFireAt
        object["schedule"] = schedule
        return try JSONDecoder().decode(ScheduleRecord.self, from: JSONSerialization.data(withJSONObject: object))
    }

    @Test func theServersNextRunComesFirstThenTheCadence() throws {
        let now = try #require(Timestamp("2026-09-20T10:00:00Z").date)
        let runs = FireTimes.upcoming(try record(state: "ACTIVE", nextFireAt: "2026-09-21T12:00:00Z"), now: now)
        #expect(runs.map { ISO8601DateFormatter().string(from: $0) } == ["2026-09-21T12:00:00Z", "2026-09-22T06:00:00Z", "2026-09-23T06:00:00Z"])
    }

    @Test func withoutTheServersValueTheCadenceGivesAllThree() throws {
        let now = try #require(Timestamp("2026-09-20T10:00:00Z").date)
        let runs = FireTimes.upcoming(try record(state: "ACTIVE", nextFireAt: NSNull()), now: now)
        #expect(runs.count == 3)
        #expect(runs.first.map { ISO8601DateFormatter().string(from: $0) } == "2026-09-21T06:00:00Z")
    }

    @Test func aPausedScheduleHasNoNextRuns() throws {
        #expect(FireTimes.upcoming(try record(state: "PAUSED", nextFireAt: "2026-09-21T12:00:00Z"), now: Date()).isEmpty)
    }
}
