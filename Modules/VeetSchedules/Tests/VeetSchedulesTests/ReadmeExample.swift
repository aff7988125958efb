import VeetSchedules
import VeetTransport

/// Each schedule, its cadence in words ("Every day at 08:00") and its state.
func scheduleSummary(on client: HTTPClient) async throws -> [String] {
    let schedules = SchedulesAPI(sender: .live(client: client))
    return try await schedules.listAll().map { schedule in
        let cadence = schedule.cadence.map(CadenceText.describe) ?? "no cadence"
        return "\(schedule.title): \(cadence), \(schedule.state.rawValue)"
    }
}

// The README's example, run.
import Testing
import VeetFixture

@Suite struct ReadmeExampleTests {
    @Test func theExampleReadsTheScheduleList() async throws {
        let (server, api, client) = try ScheduleFixtureTests.start()
        defer { server.stop() }
        #expect(try await scheduleSummary(on: client).isEmpty)
        _ = try await api.create(ScheduleDefinition(
            title: "Morning briefing", instruction: "Summarize my calendar.", agentID: "general", agentVersion: "1",
            cadence: .daily(at: "08:00:00", timezone: "Europe/Paris")))
        let summary = try await scheduleSummary(on: client)
        #expect(summary == ["Morning briefing: Every day at 08:00 (Europe/Paris), ACTIVE"])
    }
}
