import Foundation
import Testing

/// The CLI's journeys against both servers the fixture imitates (issue 14,
/// item 12): the full one, and the August 2026 release (`--profile
/// snapshot`), where an absent family must be said to be absent, never "not
/// found". Plus the addresses that reach no Veetbot API at all (item 7).
@Suite(.serialized) struct ProfileJourneyTests {
    let cli = CLIEndToEndTests()

    func veet(_ arguments: [String], home: URL, stdin: String? = nil,
              environment: [String: String] = [:]) throws -> ProcessResult {
        try cli.veet(arguments, home: home, stdin: stdin, extraEnvironment: environment)
    }

    @Test(arguments: ServerProfile.allCases)
    func connectChatSessionsSchedulesAndSites(profile: ServerProfile) throws {
        let fixture = try FixtureProcess(profile: profile)
        defer { fixture.stop() }
        let home = try Harness.temporaryHome()
        let snapshot = profile == .snapshot

        let connect = try veet(["connect", fixture.url, "--name", "dev"], home: home, stdin: fixture.token + "\n")
        #expect(connect.status == 0, "\(connect.stderr)")

        let chat = try veet(["chat", "--once", "What is 17 multiplied by 23?"], home: home)
        #expect(chat.status == 0, "\(chat.stderr)")
        #expect(chat.stdout.contains("The answer is 391."))
        let sessions = try veet(["sessions", "list"], home: home)
        #expect(sessions.status == 0 && sessions.stdout.contains("What is 17 multiplied by 23?"), "\(sessions.stderr)")

        // Schedules: the snapshot has them; each refusal in its own words.
        let definition = ["--instruction", "Remind me to pay rent.", "--cadence", "daily 08:00", "--timezone", "Europe/Paris",
                          "--agent", "8b6f3c52-2f4e-4c4b-9a55-3f0d8f9e7a10", "--agent-version", "1"]
        let created = try veet(["schedules", "create", "--title", "Rent"] + definition + ["--json"], home: home)
        #expect(created.status == 0, "\(created.stderr)")
        let record = try JSONSerialization.jsonObject(with: Data(created.stdout.utf8)) as? [String: Any]
        let id = try #require((record?["schedule"] as? [String: Any])?["id"] as? String)
        #expect(try veet(["schedules", "cancel", id], home: home).status == 0)
        let resume = try veet(["schedules", "resume", id], home: home)
        #expect(resume.status == 1)
        #expect(resume.stderr.contains("A cancelled schedule cannot be resumed; nothing was changed."), "\(resume.stderr)")
        #expect(!resume.stderr.contains("changed meanwhile"))
        let zero = try veet(["schedules", "create", "--title", "Free", "--max-cost", "0"] + definition, home: home)
        #expect(zero.status == 1)
        #expect(zero.stderr.contains("a value is outside its allowed range (such as a limit of 0"), "\(zero.stderr)")
        let costly = try veet(["schedules", "create", "--title", "Dear", "--max-cost", "1000"] + definition, home: home)
        #expect(costly.status == 1)
        #expect(costly.stderr.contains("The cost limit is above what this server allows."), "\(costly.stderr)")
        #expect(costly.stderr.contains("(schedule.max_cost_limit)"))

        // Website access: profiles and standing grants are in the snapshot; task permissions are not.
        #expect(try veet(["sites", "list"], home: home).status == 0)
        #expect(try veet(["sites", "grants", "--standing"], home: home).status == 0)
        for command in [["sites", "grants"], ["sites", "scopes", "show"]] {
            let result = try veet(command, home: home)
            if snapshot {
                #expect(result.status == 1, "\(command)")
                #expect(result.stderr.contains("This server does not offer task permissions."), "\(result.stderr)")
                #expect(!result.stderr.contains("Not found"))
            } else {
                #expect(result.status == 0, "\(command): \(result.stderr)")
            }
        }
        if snapshot {
            // A family not offered is its own kind in --json, with the exit status docs/cli.md gives it.
            for command in [["sites", "grants"], ["sites", "scopes", "show"], ["folders", "list"], ["folders", "proposals"]] {
                let result = try veet(command + ["--json"], home: home)
                #expect(result.status == 1, "\(command): \(result.stderr)")
                #expect(result.stdout.contains("\"kind\":\"not_offered\""), "\(command): \(result.stdout)")
            }
        }
        let stop = try veet(["sites", "stop", "8b6f3c52-2f4e-4c4b-9a55-3f0d8f9e7a11"], home: home)
        #expect(stop.status == (snapshot ? 1 : 4), "\(stop.stderr)")

        let folders = try veet(["folders", "list"], home: home)
        #expect(folders.status == (snapshot ? 1 : 0), "\(folders.stderr)")
        #expect(folders.stderr.contains("This server does not offer folders.") == snapshot)
        let devices = try veet(["devices", "list"], home: home)
        #expect(devices.status == 0, "\(devices.stderr)")
        #expect(devices.stderr.contains("This server does not offer devices and notifications.") == snapshot)
    }

    @Test func httpsToAPlainHTTPServerSaysItAnsweredPlainHTTP() throws {
        let fixture = try FixtureProcess(profile: .snapshot)
        defer { fixture.stop() }
        let home = try Harness.temporaryHome()
        let secure = fixture.url.replacingOccurrences(of: "http://", with: "https://")
        let connect = try veet(["connect", secure], home: home, stdin: fixture.token + "\n")
        #expect(connect.status == 8)
        #expect(connect.stderr.contains("The server answered in plain HTTP, not HTTPS"), "\(connect.stderr)")
        #expect(connect.stderr.contains("use an http:// address"))
    }

    @Test func aWrongPathPrefixSaysThereIsNoVeetbotAPIThere() throws {
        let fixture = try FixtureProcess(profile: .snapshot)
        defer { fixture.stop() }
        let home = try Harness.temporaryHome()
        let prefixed = fixture.url + "/veetbot"
        let connect = try veet(["connect", prefixed], home: home, stdin: fixture.token + "\n")
        #expect(connect.status == 8, "\(connect.stderr)")
        #expect(connect.stderr.contains("There is no Veetbot API at \(prefixed)"), "\(connect.stderr)")
        #expect(connect.stderr.contains("health probe /health/live answered 404"))
        #expect(connect.stderr.contains("Nothing was saved."))
        #expect(!connect.stderr.contains("Not found"))

        let later = try veet(["sessions", "list"], home: home, environment: ["VEET_URL": prefixed, "VEET_TOKEN": fixture.token])
        #expect(later.status == 8)
        #expect(later.stderr.contains("There is no Veetbot API at \(prefixed)"), "\(later.stderr)")
        let json = try veet(["schedules", "list", "--json"], home: home,
                            environment: ["VEET_URL": prefixed, "VEET_TOKEN": fixture.token])
        #expect(json.stdout.contains("\"kind\":\"no_api\""), "\(json.stdout)")

        // Every "does not offer" path first tells a wrong address apart (issue 14 #7).
        let families = [["folders", "list"], ["folders", "proposals"], ["folders", "create", "Work"], ["schedules", "list"],
                        ["sites", "grants"], ["sites", "scopes", "show"], ["devices", "list"], ["notifications"]]
        for command in families {
            let result = try veet(command, home: home, environment: ["VEET_URL": prefixed, "VEET_TOKEN": fixture.token])
            #expect(result.status == 8, "\(command): \(result.stderr)")
            #expect(result.stderr.contains("There is no Veetbot API at \(prefixed)"), "\(command): \(result.stderr)")
            #expect(!result.stderr.contains("does not offer"), "\(command): \(result.stderr)")
        }
    }
}
