import Foundation
import Testing
import VeetFixture
import VeetTransport
import VeetWire
@testable import VeetSchedules

/// Polls `condition` every 20 ms until it holds or `seconds` pass.
func eventually(within seconds: Double = 10, _ condition: () -> Bool) async -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(20))
    }
    return condition()
}

/// A fired occurrence starts a run in its own scheduled session.
@Suite struct FiredRunTests {
    @Test func aFiredOccurrenceRunsTheInstructionAndTheTranscriptShowsIt() async throws {
        var options = FixtureOptions.testing
        options.stepDelay = 0.001
        let server = FixtureServer(token: "fired-token", options: options)
        defer { server.stop() }
        let url = try server.start()
        let client = HTTPClient(settings: try ConnectionSettings(serverAddress: url.absoluteString, token: "fired-token"),
                                writeTimeout: 2)
        let api = SchedulesAPI(sender: .live(client: client))
        let definition = ScheduleDefinition(
            title: "Daily sum", instruction: "What is 17 * 23?", agentID: "general", agentVersion: "1",
            cadence: .daily(at: "08:00:00", timezone: "Europe/Paris"))
        let schedule = try await api.create(definition)

        let fired = try #require(server.fireScheduleStartingRun(schedule.id))
        let occurrence = try #require(try await api.occurrences(id: schedule.id).items.first)
        #expect(occurrence.sessionID == fired.sessionID && occurrence.runID == fired.runID)

        #expect(await eventually { server.runStatus(fired.runID) == "COMPLETED" })
        let events = server.eventTypes(ofRun: fired.runID)
        #expect(Array(events.prefix(2)) == ["user.message.created", "run.queued"])
        #expect(events.contains("run.completed"))

        let session: SessionView = try await client.decode(.get("/v1/sessions/\(fired.sessionID)"))
        #expect(session.title == "Daily sum" && session.scheduleID == schedule.id)
        let transcript = server.transcriptText(ofSession: fired.sessionID)
        #expect(transcript.contains("What is 17 * 23?"))
        #expect(transcript.contains { $0.contains("391") })
    }

    @Test func aPausedScheduleDoesNotFire() async throws {
        let server = FixtureServer(token: "fired-token", options: .testing)
        defer { server.stop() }
        let url = try server.start()
        let client = HTTPClient(settings: try ConnectionSettings(serverAddress: url.absoluteString, token: "fired-token"),
                                writeTimeout: 2)
        let api = SchedulesAPI(sender: .live(client: client))
        let schedule = try await api.create(ScheduleDefinition(
            title: "Paused", instruction: "Hello", agentID: "general", agentVersion: "1",
            cadence: .daily(at: "08:00:00", timezone: "UTC")))
        _ = try await api.pause(id: schedule.id, expectedRevision: 1)
        #expect(server.fireScheduleStartingRun(schedule.id) == nil)
        #expect(server.occurrenceIDs(ofSchedule: schedule.id).isEmpty)
    }
}

/// The fixture's scheduler and the library's `FireTimes` are written apart;
/// each cadence kind must give the same next instant on both sides.
@Suite struct NextFireAgreementTests {
    static let cadences: [Cadence] = [
        .daily(at: "08:00:00", timezone: "Europe/Paris"),
        .weekly(on: [1, 3, 5], at: "06:30:00", timezone: "America/New_York"),
        .weekly(on: [7], at: "23:59:00", timezone: "Asia/Tokyo"),
        Cadence(kind: .monthly, localTime: "09:15:00", timezone: "Australia/Sydney", daysOfMonth: [1, 15], lastDay: true),
        Cadence(kind: .monthly, localTime: "12:00:00", timezone: "UTC", daysOfMonth: [31]),
        Cadence(kind: .yearly, localTime: "07:00:00", timezone: "Europe/Berlin",
                dates: [.init(month: 2, day: 29), .init(month: 12, day: 24)]),
        .once(at: "2031-01-02T03:04:05Z"),
    ]

    @Test(arguments: cadences)
    func theServersNextFireIsTheLibrarysFirst(_ cadence: Cadence) async throws {
        let server = FixtureServer(token: "cal-token", options: .testing)
        defer { server.stop() }
        let url = try server.start()
        let api = SchedulesAPI(sender: .live(client: HTTPClient(
            settings: try ConnectionSettings(serverAddress: url.absoluteString, token: "cal-token"), writeTimeout: 2)))
        let created = try await api.create(ScheduleDefinition(
            title: "Calendar", instruction: "Hello", agentID: "general", agentVersion: "1", cadence: cadence))
        let before = Date()
        let serverNext = try #require(created.schedule.nextFireAt?.date)
        let libraryNext = try #require(FireTimes.next(cadence, after: before.addingTimeInterval(-5), count: 1).first)
        #expect(abs(serverNext.timeIntervalSince(libraryNext)) < 0.001, "server \(serverNext), library \(libraryNext)")
    }
}

@Suite struct SeededScheduleTests {
    @Test func aSeededServerListsTheSchedulesItsScheduledSessionsName() async throws {
        let server = FixtureServer(token: "seed-token", options: .testing)
        defer { server.stop() }
        let report = server.seedSessions(count: 200)
        let url = try server.start()
        let client = HTTPClient(settings: try ConnectionSettings(serverAddress: url.absoluteString, token: "seed-token"),
                                writeTimeout: 2)
        var named = Set<String>()
        for id in report.scheduledSessionIDs {
            let session: SessionView = try await client.decode(.get("/v1/sessions/\(id)"))
            named.insert(try #require(session.scheduleID))
        }
        #expect(named.count == 3)
        let listed = try await SchedulesAPI(sender: .live(client: client)).listAll()
        #expect(Set(listed.map(\.id)) == named)
        #expect(listed.allSatisfy { $0.state == .active && $0.nextFireAt != nil })
        let record = try await SchedulesAPI(sender: .live(client: client)).read(id: try #require(named.first))
        #expect(record.revision.revision == 1)
    }
}

@Suite struct SchedulerClockTests {
    @Test func dueSchedulesFireAtTheirPlannedInstantOnceAndPlanTheNext() async throws {
        let server = FixtureServer(token: "clock-token", options: .testing)
        defer { server.stop() }
        let url = try server.start()
        let api = SchedulesAPI(sender: .live(client: HTTPClient(
            settings: try ConnectionSettings(serverAddress: url.absoluteString, token: "clock-token"), writeTimeout: 2)))
        let created = try await api.create(ScheduleDefinition(
            title: "Noon", instruction: "Hello", agentID: "general", agentVersion: "1",
            cadence: .daily(at: "12:00:00", timezone: "UTC")))
        let planned = try #require(created.schedule.nextFireAt?.date)
        #expect(server.fireDueSchedules(asOf: planned.addingTimeInterval(-1)).isEmpty)

        // Two days late: one firing (a misfire collapses), nominally at the planned instant.
        let fired = server.fireDueSchedules(asOf: planned.addingTimeInterval(2 * 86_400 + 60))
        #expect(fired.count == 1)
        let occurrence = try #require(try await api.occurrences(id: created.id).items.first)
        #expect(occurrence.sessionID == fired.first && occurrence.nominalFireAt.date == planned)
        let next = try #require(try await api.read(id: created.id).schedule.nextFireAt?.date)
        #expect(next == planned.addingTimeInterval(3 * 86_400))
        #expect(server.fireDueSchedules(asOf: planned.addingTimeInterval(2 * 86_400 + 60)).isEmpty)

        _ = try await api.pause(id: created.id, expectedRevision: 1)
        #expect(server.fireDueSchedules(asOf: planned.addingTimeInterval(30 * 86_400)).isEmpty)
    }
}
