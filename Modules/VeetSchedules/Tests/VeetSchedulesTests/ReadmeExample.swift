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

/// The reference server, in-process on a free loopback port.
private func referenceServer(folders: Bool = false) throws -> (FixtureServer, HTTPClient) {
    var options = FixtureOptions.testing
    options.folders = folders
    let server = FixtureServer(token: "readme-token", options: options)
    let url = try server.start()
    let settings = try ConnectionSettings(serverAddress: url.absoluteString, token: "readme-token")
    return (server, HTTPClient(settings: settings))
}

@Suite struct ReadmeExampleTests {
    @Test func theExampleReadsTheScheduleList() async throws {
        let (server, client) = try referenceServer()
        defer { server.stop() }
        #expect(try await scheduleSummary(on: client).allSatisfy { $0.contains(": ") })
    }
}
