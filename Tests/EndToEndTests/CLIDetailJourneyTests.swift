import Foundation
import Testing

/// The smaller CLI cases of issue 14, each against the fixture.
@Suite(.serialized) struct CLIDetailJourneyTests {
    let cli = CLIEndToEndTests()

    func sessionsOnServer(_ fixture: FixtureProcess) throws -> [[String: Any]] {
        try FixtureRequests(fixture: fixture).json("GET", "/v1/sessions")["items"] as? [[String: Any]] ?? []
    }

    @Test func aRefusedAttachmentLeavesNoConversationBehind() throws {
        let fixture = try FixtureProcess(arguments: ["--no-uploads"])
        defer { fixture.stop() }
        let file = try Harness.temporaryHome().appendingPathComponent("notes.txt")
        try "x".write(to: file, atomically: true, encoding: .utf8)
        let refused = try cli.veet(["chat", "--once", "Read this", "--attach", file.path], fixture: fixture)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("nothing was sent"), "\(refused.stderr)")
        #expect(try sessionsOnServer(fixture).isEmpty, "an empty conversation was left on the server")
        // A file that cannot be read is refused before any request.
        let missing = try cli.veet(["chat", "--once", "Read this", "--attach", "/nonexistent/notes.txt"], fixture: fixture)
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("nothing was sent"), "\(missing.stderr)")
        #expect(try sessionsOnServer(fixture).isEmpty)
    }

    @Test func jsonlPrintsEachToolStateOnce() throws {
        let fixture = try FixtureProcess()
        defer { fixture.stop() }
        let result = try cli.veet(["chat", "--once", "What is 17 * 23?", "--jsonl"], fixture: fixture)
        #expect(result.status == 0, "\(result.stderr)")
        let tools = result.stdout.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }.filter { $0["event"] as? String == "tool" }
        #expect(!tools.isEmpty)
        let states = tools.map { "\($0["call_id"] ?? "")/\($0["state"] ?? "")/\($0["result"] ?? "")" }
        #expect(Set(states).count == states.count, "\(states)")
    }

    @Test func onceHasNoToolsHint() throws {
        let fixture = try FixtureProcess()
        defer { fixture.stop() }
        let result = try cli.veet(["chat", "--once", "Please research train options"], fixture: fixture)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("▸ "), "\(result.stderr)")
        #expect(!result.stderr.contains("/tools"), "\(result.stderr)")
    }

    @Test func runShowOfAWaitingRunShowsItsQuestion() throws {
        let fixture = try FixtureProcess()
        defer { fixture.stop() }
        let asked = try cli.veet(["chat", "--once", "Please ask me which city", "--json"], fixture: fixture)
        #expect(asked.status == 7, "\(asked.stderr)")
        let runID = try #require(try cli.json(asked.stdout)["run_id"] as? String)
        let shown = try cli.veet(["run", "show", runID], fixture: fixture)
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout.contains("question: "), "\(shown.stdout)")
        #expect(shown.stdout.contains("veet run answer \(runID) --question "), "\(shown.stdout)")
        let json = try cli.json(try cli.veet(["run", "show", runID, "--json"], fixture: fixture).stdout)
        let questionID = try #require(json["question_id"] as? String)
        #expect(shown.stdout.contains("question id \(questionID)"))
        // The id shown is the one `run answer --question` takes.
        let answered = try cli.veet(["run", "answer", runID, "--question", questionID, "Lisbon"], fixture: fixture)
        #expect(answered.status == 0, "\(answered.stderr)")
    }

    @Test func bareConnectionsListsThem() throws {
        let fixture = try FixtureProcess()
        defer { fixture.stop() }
        let home = try Harness.temporaryHome()
        #expect(try cli.veet(["connect", fixture.url, "--name", "dev"], home: home, stdin: fixture.token + "\n").status == 0)
        let bare = try cli.veet(["connections"], home: home)
        #expect(bare.status == 0, "\(bare.stderr)")
        #expect(bare.stdout.contains("* dev"), "\(bare.stdout)")
    }

    /// docs/cli.md's `VEET_TOKEN=... veet connect URL`: the token from the environment, nothing asked,
    /// nothing printed (it was read from stdin instead, which found none).
    @Test func connectTakesItsTokenFromVEET_TOKEN() throws {
        let fixture = try FixtureProcess()
        defer { fixture.stop() }
        let home = try Harness.temporaryHome()
        let connected = try cli.veet(["connect", fixture.url, "--name", "env"], home: home, stdin: "",
                                     extraEnvironment: ["VEET_TOKEN": fixture.token])
        #expect(connected.status == 0, "\(connected.stderr)")
        #expect(!(connected.stdout + connected.stderr).contains(fixture.token))
        #expect(try cli.veet(["connections"], home: home).stdout.contains("* env"))
    }

    @Test func searchHitsShowTheirDateAndEqualRanksGoNewestFirst() throws {
        let fixture = try FixtureProcess()
        defer { fixture.stop() }
        let home = try Harness.temporaryHome()
        #expect(try cli.veet(["connect", fixture.url, "--name", "dev"], home: home, stdin: fixture.token + "\n").status == 0)
        var ids: [String] = []
        for _ in 0..<3 {
            let chat = try cli.veet(["chat", "--once", "Tell me about lisbon", "--json"], home: home)
            ids.append(try #require(try cli.json(chat.stdout)["session_id"] as? String))
            usleep(20_000)
        }
        #expect(try cli.veet(["sync"], home: home).status == 0)
        let found = try cli.veet(["search", "lisbon"], home: home)
        let order = found.stdout.split(separator: "\n").compactMap { line in ids.first { line.contains($0) } }
        #expect(order == ids.reversed(), "\(found.stdout)")
        #expect(found.stdout.contains(try #require(DateFormatter.yearPrefix)), "\(found.stdout)")
    }
}

extension CLIDetailJourneyTests {
    /// Over 100 conversations match: the answer says to refine, and the first ones found still show.
    @Test func tooManyMatchesStillShowTheFirstOnes() throws {
        let fixture = try FixtureProcess(arguments: ["--seed-sessions", "150"])
        defer { fixture.stop() }
        let home = try Harness.temporaryHome()
        #expect(try cli.veet(["connect", fixture.url, "--name", "dev"], home: home, stdin: fixture.token + "\n").status == 0)
        #expect(try cli.veet(["sync"], home: home).status == 0)
        let found = try cli.veet(["search", "the"], home: home)
        #expect(found.status == 0)
        #expect(found.stderr.contains("More than 100 matches: refine your query. The first 50 found:"), "\(found.stderr)")
        #expect(found.stdout.contains("5eed5e55-"), "\(found.stdout)")
        let json = try cli.json(try cli.veet(["search", "the", "--json"], home: home).stdout)
        #expect(json["refine"] as? Bool == true)
        let first = try #require(json["first"] as? [[String: Any]])
        #expect(first.count == 50)
        #expect(first.allSatisfy { ($0["session_id"] as? String)?.hasPrefix("5eed5e55-") == true })
    }
}

extension DateFormatter {
    /// This year's digits, which every date a hit shows starts with.
    static var yearPrefix: String? { String(Calendar.current.component(.year, from: Date())) }
}

/// `--json` failures print the documented error object on stdout (docs/cli.md).
@Suite(.serialized) struct JSONFailureJourneyTests {
    let cli = CLIEndToEndTests()

    func errorObject(_ result: ProcessResult) throws -> [String: Any] {
        let object = try cli.json(result.stdout)
        let error = try #require(object["error"] as? [String: Any], "no error object in \(result.stdout.debugDescription)")
        #expect(error["kind"] is String)
        #expect((error["message"] as? String)?.isEmpty == false)
        return error
    }

    @Test func everyFailurePrintsAnErrorObject() throws {
        let fixture = try FixtureProcess(arguments: ["--hold-runs", "--no-folders"])
        defer { fixture.stop() }
        let home = try Harness.temporaryHome()
        let wrongToken = try cli.veet(["connect", fixture.url, "--json"], home: home, stdin: "not-the-token\n")
        #expect(wrongToken.status == 3)
        #expect(try errorObject(wrongToken)["status"] as? Int == 401)

        let folders = try cli.veet(["folders", "list", "--json"], fixture: fixture)
        #expect(folders.status == 1, "\(folders.stderr)")
        #expect(try errorObject(folders)["message"] as? String == "This server does not offer folders.")

        let (sessionID, _) = try FixtureRequests(fixture: fixture).conversation(saying: "still queued")
        let delete = try cli.veet(["sessions", "delete", sessionID, "--json"], fixture: fixture)
        #expect(delete.status == 1)
        #expect(try errorObject(delete)["status"] as? Int == 409)

        let usage = try cli.veet(["sessions", "list", "--limit", "0", "--json"], fixture: fixture)
        #expect(usage.status == 2)
        #expect(try errorObject(usage)["kind"] as? String == "usage")
        let parse = try cli.veet(["chat", "--oncee", "x", "--json"])
        #expect(parse.status == 2)
        #expect(try errorObject(parse)["kind"] as? String == "usage")
    }
}

/// Every `--json` output spells its keys as the wire does: snake_case (docs/cli.md).
@Suite(.serialized) struct JSONKeyJourneyTests {
    let cli = CLIEndToEndTests()

    /// Keys that are not snake_case, anywhere but inside opaque data (tool arguments, metadata, details).
    func camelKeys(_ value: Any, path: String = "") -> [String] {
        if let array = value as? [Any] { return array.flatMap { camelKeys($0, path: path) } }
        guard let object = value as? [String: Any] else { return [] }
        return object.flatMap { key, inner -> [String] in
            let here = path + "." + key
            let own = key.contains(where: \.isUppercase) ? [here] : []
            if ["arguments", "metadata", "details", "argument_digests", "result"].contains(key) { return own }
            return own + camelKeys(inner, path: here)
        }
    }

    @Test func jsonKeysAreSnakeCaseEverywhere() throws {
        let fixture = try FixtureProcess(arguments: ["--seed-sessions", "3"])
        defer { fixture.stop() }
        let home = try Harness.temporaryHome()
        #expect(try cli.veet(["connect", fixture.url, "--name", "dev"], home: home, stdin: fixture.token + "\n").status == 0)
        let pending = try cli.veet(["chat", "--once", "Please approve a write", "--json"], home: home)
        let once = try cli.json(pending.stdout)
        let sessionID = try #require(once["session_id"] as? String)
        let runID = try #require(once["run_id"] as? String)
        let commands: [[String]] = [
            ["sync"], ["sessions", "list"], ["sessions", "show", sessionID], ["search", "approve"],
            ["run", "show", runID], ["approvals", "list"], ["outbox", "list"], ["folders", "list"],
            ["schedules", "list"], ["artifacts", "list", sessionID], ["connections", "list"], ["version"],
            ["people", "list", "--needs-review"], ["people", "suggestions"],
        ]
        for command in commands {
            let result = try cli.veet(command + ["--json"], home: home)
            #expect(result.status == 0, "\(command): \(result.stderr)")
            for line in result.stdout.split(separator: "\n") {
                let value = try JSONSerialization.jsonObject(with: Data(line.utf8), options: [.fragmentsAllowed])
                #expect(camelKeys(value).isEmpty, "\(command): \(camelKeys(value))")
            }
        }
    }
}
