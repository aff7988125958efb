import Foundation
import Testing

/// Issue 14 #9: a schedule needs no ids nobody can find. Without `--agent`
/// the latest conversation's agent is used and said; with no conversation
/// yet the CLI says what to do; `veet schedules agents` lists the agents seen.
@Suite(.serialized) struct ScheduleAgentJourneyTests {
    let cli = CLIEndToEndTests()
    let definition = ["--title", "Rent", "--instruction", "Remind me to pay rent.", "--cadence", "daily 08:00",
                      "--timezone", "Europe/Paris"]

    @Test func withNoConversationYetCreateSaysWhatToDoAndAgentsListsNone() throws {
        let fixture = try FixtureProcess()
        defer { fixture.stop() }
        let home = try Harness.temporaryHome()
        let refused = try cli.veet(["schedules", "create"] + definition, fixture: fixture, home: home)
        #expect(refused.status == 2, "\(refused.stderr)")
        #expect(refused.stderr.contains("no conversation yet"), "\(refused.stderr)")
        #expect(refused.stderr.contains("--agent UUID --agent-version N"), "\(refused.stderr)")
        #expect(refused.stdout.isEmpty)
        let none = try cli.veet(["schedules", "agents"], fixture: fixture, home: home)
        #expect(none.status == 0)
        #expect(none.stderr.contains("No conversation yet"), "\(none.stderr)")
        let noneJSON = try cli.veet(["schedules", "agents", "--json"], fixture: fixture, home: home)
        #expect(noneJSON.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "[]")
        let versionAlone = try cli.veet(["schedules", "create", "--agent-version", "1"] + definition, fixture: fixture, home: home)
        #expect(versionAlone.status == 2)
        #expect(versionAlone.stderr.contains("--agent-version needs --agent"), "\(versionAlone.stderr)")
    }

    @Test func createTakesTheLatestConversationsAgentAndSaysSo() throws {
        let fixture = try FixtureProcess()
        defer { fixture.stop() }
        let home = try Harness.temporaryHome()
        let chat = try cli.veet(["chat", "--once", "17 * 23", "--json"], fixture: fixture, home: home)
        let sessionID = try #require(try cli.json(chat.stdout)["session_id"] as? String)

        let agents = try cli.veet(["schedules", "agents", "--json"], fixture: fixture, home: home)
        #expect(agents.status == 0, "\(agents.stderr)")
        let seen = try #require(try JSONSerialization.jsonObject(with: Data(agents.stdout.utf8)) as? [[String: Any]])
        #expect(seen.count == 1)
        let agentID = try #require(seen.first?["agent_id"] as? String)
        let version = try #require(seen.first?["agent_version"] as? String)
        #expect(seen.first?["latest_session_id"] as? String == sessionID)
        #expect(seen.first?["conversations"] as? Int == 1)
        let listed = try cli.veet(["schedules", "agents"], fixture: fixture, home: home).stdout
        #expect(listed.contains(agentID) && listed.contains("version \(version)"), "\(listed)")

        let created = try cli.veet(["schedules", "create", "--json"] + definition, fixture: fixture, home: home)
        #expect(created.status == 0, "\(created.stderr)")
        #expect(created.stderr.contains(
            "Using agent \(agentID) version \(version) from your latest conversation (\(sessionID)); pass --agent to choose."),
                "\(created.stderr)")
        let record = try cli.json(created.stdout)
        // A revision carries its definition's fields at its own level.
        let saved = try #require(record["revision"] as? [String: Any])
        #expect(saved["agent_id"] as? String == agentID)
        #expect(saved["agent_version"] as? String == version)

        // The agent alone: its version comes from the latest conversation with it.
        let agentOnly = try cli.veet(["schedules", "create", "--agent", agentID] + definition, fixture: fixture, home: home)
        #expect(agentOnly.status == 0, "\(agentOnly.stderr)")
        #expect(agentOnly.stderr.contains("Using version \(version) of agent \(agentID)"), "\(agentOnly.stderr)")
        let unknown = try cli.veet(["schedules", "create", "--agent", "0198d6a2-0000-7000-8000-000000000000"] + definition,
                                   fixture: fixture, home: home)
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("pass --agent-version too"), "\(unknown.stderr)")
    }
}
