import Foundation
import Testing

/// Three answers the canary tour found misread: an unknown `--connection`, a
/// 404 for an unknown device id, and a 404 for an unknown conversation in chat.
@Suite(.serialized) struct RefusalJourneyTests {
    let missing = "00000000-0000-4000-8000-000000000000"

    func json(_ text: String) throws -> [String: Any] {
        let line = try #require(text.split(separator: "\n").last)
        return try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }

    @Test func anUnknownConnectionExits4WithOneMessageWhateverTheCommand() throws {
        let fixture = try FixtureProcess()
        defer { fixture.stop() }
        let home = try DaemonHome(fixture: fixture)
        defer { home.remove() }
        let message = "veet: No saved connection is named \"nowhere\". `veet connections list` shows them."
        let commands: [[String]] = [
            ["sessions", "list"], ["sync"], ["chat", "--once", "hi"], ["folders", "list"], ["schedules", "list"],
            ["devices", "list"], ["notifications"], ["sites", "list"], ["approvals", "list"], ["outbox", "list"],
            ["run", "show", missing], ["daemon", "attach", missing, "--timeout", "1"], ["version"],
        ]
        for command in commands {
            let result = try home.veet(command + ["--connection", "nowhere"], timeout: 20)
            #expect(result.status == 4, "veet \(command.joined(separator: " ")) exited \(result.status): \(result.stderr)")
            #expect(result.stderr.trimmingCharacters(in: .whitespacesAndNewlines) == message,
                    "veet \(command.joined(separator: " ")): \(result.stderr)")
        }
        for command in [["connections", "use", "nowhere"], ["connections", "forget", "nowhere"]] {
            let result = try home.veet(command)
            #expect(result.status == 4)
            #expect(result.stderr.trimmingCharacters(in: .whitespacesAndNewlines) == message)
        }
        let described = try home.veet(["sessions", "list", "--connection", "nowhere", "--json"])
        let error = try #require(try json(described.stdout)["error"] as? [String: Any])
        #expect(error["kind"] as? String == "unknown_connection")
        // The saved one still works, and VEET_URL may still stand in for a name it overrides.
        #expect(try home.veet(["sessions", "list", "--connection", "fx"]).status == 0)
    }

    @Test func revokingAnUnknownDeviceIsNotFoundWhileAServerWithoutDevicesSaysSo() throws {
        let fixture = try FixtureProcess()
        defer { fixture.stop() }
        let home = try DaemonHome(fixture: fixture)
        defer { home.remove() }
        let unknown = try home.veet(["devices", "revoke", missing])
        #expect(unknown.status == 4, "\(unknown.stderr)")
        #expect(unknown.stderr.contains("No device with id \(missing)"))
        #expect(!unknown.stderr.contains("does not offer"))
        let described = try home.veet(["devices", "revoke", missing, "--json"])
        let error = try #require(try json(described.stdout)["error"] as? [String: Any])
        #expect(error["status"] as? Int == 404)
        #expect((error["message"] as? String)?.hasPrefix("No device with id") == true)

        let bare = try FixtureProcess(arguments: ["--no-devices"])
        defer { bare.stop() }
        let withoutDevices = try DaemonHome(fixture: bare)
        defer { withoutDevices.remove() }
        let off = try withoutDevices.veet(["devices", "revoke", missing])
        #expect(off.status == 0, "\(off.stderr)")
        #expect(off.stderr.contains("This server does not offer devices and notifications."))
    }

    @Test func aMessageToAnUnknownConversationIsRefusedAndNeverRetried() throws {
        let fixture = try FixtureProcess()
        defer { fixture.stop() }
        let home = try DaemonHome(fixture: fixture)
        defer { home.remove() }
        let sent = try home.veet(["chat", "--session", missing, "--once", "hello?"])
        #expect(sent.status == 4, "\(sent.stderr)")
        #expect(sent.stderr.contains("no conversation with id \(missing)"))
        #expect(sent.stderr.contains("will not be sent again"))
        #expect(!sent.stderr.contains("outbox retry"))

        let listed = try home.veet(["outbox", "list", "--json"])
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: String]])
        let entry = try #require(entries.first)
        #expect(entries.count == 1)
        #expect(entry["state"] == "refused")
        #expect(entry["text"] == "hello?")
        #expect(entry["error"]?.contains("no conversation with id") == true)

        let id = try #require(entry["id"])
        let retried = try home.veet(["outbox", "retry", id])
        #expect(retried.status == 1)
        #expect(retried.stderr.contains("will not be sent again"))
        #expect(try home.veet(["outbox", "discard", id]).status == 0)
    }
}
