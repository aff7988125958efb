import Foundation
import Testing

/// Every `veet` command, plain and with --json, on the happy path and on an
/// error path (unknown ids, things already gone, a wrong token), in one home
/// whose token is a canary. `CanaryRun` checks each output as it comes.
struct CommandTour {
    let run: CanaryRun
    let fixture: FixtureProcess
    let wrongToken: String
    let missing = "00000000-0000-4000-8000-000000000000"
    var home: URL { run.home.root }

    func local() throws {
        try run.veet(["version"])
        try run.veet(["version", "--json"])
        try run.veet(["tokens", "--format", "css"])
        try run.veet(["tokens", "--json"])
        let events = "event: message.delta\nid: 7\ndata: {\"text\":\"hi\"}\n\n"
        try run.veet(["debug", "sse"], stdin: events)
        try run.veet(["debug", "sse", "--json"], stdin: "data: " + String(repeating: "x", count: 1_100_000) + "\n\n",
                     expect: [1])
        let run1 = "event: run.completed\nid: 9\ndata: {\"run_id\":\"r\",\"final_message\":null}\n\n"
        try run.veet(["debug", "transcript"], stdin: events + run1)
        try run.veet(["debug", "transcript", "--json"], stdin: events, expect: [1])
        try run.veet(["completion", "bash"])
        try run.veet(["completion", "fish", "--json"])
        try run.veet(["completion", "tcsh"], expect: [2])
        try run.veet(["daemon", "install", "--print"])
        try run.veet(["daemon", "install", "--print", "--json"])
    }

    func connections() throws {
        try run.veet(["connect", fixture.url, "--name", "second"], stdin: run.home.fixture.token + "\n")
        try run.veet(["connect", fixture.url, "--name", "wrong", "--json"], stdin: wrongToken + "\n", expect: [3])
        try run.veet(["connect", fixture.url, "--name", "fx", "--json"], stdin: run.home.fixture.token + "\n")
        try run.veet(["connections", "list"])
        try run.veet(["connections", "list", "--json"])
        try run.veet(["connections", "use", "second"])
        try run.veet(["connections", "use", "fx", "--json"])
        try run.veet(["connections", "use", "nowhere"], expect: [4])
        try run.veet(["connections", "forget", "second"])
        try run.veet(["connections", "forget", "second", "--json"], expect: [4])
        // A wrong token given for one command, and a connection that does not exist.
        try run.veet(["sessions", "list", "--refresh", "--json"],
                     environment: ["VEET_URL": fixture.url, "VEET_TOKEN": wrongToken], expect: [3])
        try run.veet(["sessions", "list", "--connection", "nowhere"], expect: [4])
    }

    /// Runs of every kind; returns the ids later steps need.
    func chats() throws -> (session: String, run: String, askRun: String, artifactSession: String) {
        try run.veet(["chat", "--once", "What is 17 * 23?"])
        let first = try run.veet(["chat", "--once", "17 * 23", "--json"])
        let session = try run.value(first, "session_id")
        try run.veet(["chat", "--once", "17 * 23", "--jsonl"])
        try run.veet(["chat", "--session", session, "--once", "Thanks, that is all"])
        try run.veet(["chat"], stdin: "hello there\n/quit\n")
        // Refused with 404 for good: kept in the outbox as `refused` (the error names the entry), never resent.
        try run.veet(["chat", "--session", missing, "--once", "hello?", "--json"], expect: [4])
        try run.veet(["chat", "--once", "please approve the note", "--json"], expect: [7])
        try run.veet(["chat", "--once", "please approve another note", "--json"], expect: [7])
        let ask = try run.veet(["chat", "--once", "Please ask me which dates", "--json"], expect: [7])
        let artifacts = try run.veet(["chat", "--once", "Export my budget summary", "--json"])
        let note = home.appendingPathComponent("note.txt")
        try Data("a note to attach\n".utf8).write(to: note)
        try run.veet(["chat", "--once", "what does this say?", "--attach", note.path])
        return (session, try run.value(first, "run_id"), try run.value(ask, "run_id"), try run.value(artifacts, "session_id"))
    }

    func approvalsAndRuns(session: String, runID: String, askRun: String) throws {
        try run.veet(["approvals", "list"])
        let pending = try run.veet(["approvals", "list", "--json", "--session", session])
        #expect(pending.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "[]")
        let all = try run.veet(["approvals", "list", "--json"])
        let ids = try run.idsInArray(all)
        #expect(ids.count == 2, "\(all.stdout)")
        try run.veet(["approvals", "show", ids.first ?? missing])
        try run.veet(["approvals", "show", ids.first ?? missing, "--json"])
        try run.veet(["approvals", "show", missing], expect: [4])
        // What waits for the owner across the features, beside the approvals it lists first.
        let needs = try run.veet(["needs-you", "--json"])
        #expect(needs.stdout.contains(ids.first ?? missing), "\(needs.stdout)")
        try run.veet(["needs-you"])
        try run.veet(["approvals", "approve", ids.first ?? missing])
        try run.veet(["approvals", "approve", ids.first ?? missing, "--json"], expect: [1])
        try run.veet(["approvals", "deny", ids.last ?? missing, "--reason", "not now", "--json"])
        try run.veet(["approvals", "deny", missing], expect: [4, 6])

        try run.veet(["run", "show", runID])
        try run.veet(["run", "show", runID, "--json"])
        try run.veet(["run", "show", missing], expect: [4])
        try run.veet(["run", "answer", askRun, "next", "week"])
        try run.veet(["run", "answer", askRun, "again", "--json"], expect: [1])
        try run.veet(["run", "cancel", runID])
        try run.veet(["run", "cancel", missing, "--json"], expect: [4])
    }

    func artifacts(in session: String) throws {
        try run.veet(["artifacts", "list", session])
        let listed = try run.veet(["artifacts", "list", session, "--json"])
        let artifact = try run.value(listed, "id")
        try run.veet(["artifacts", "get", artifact])
        try run.veet(["artifacts", "get", missing, "--json"], expect: [4])
        let target = home.appendingPathComponent("exported.bin").path
        try run.veet(["artifacts", "export", artifact, target])
        try run.veet(["artifacts", "export", artifact, target, "--json"], expect: [1, 2, 6])
        try run.veet(["artifacts", "export", artifact, target, "--force", "--json"])
    }

    func storeAndOutbox(session: String, deletable: String) throws {
        // The daemon may not run here, which is no problem; a refused token would be one.
        try run.veet(["doctor"], expect: [0, 1])
        try run.veet(["doctor", "--json"], expect: [0, 1])
        try run.veet(["doctor", "--json"], environment: ["VEET_URL": fixture.url, "VEET_TOKEN": wrongToken], expect: [1])
        try run.veet(["sync"])
        try run.veet(["sync", "--json", "--transcripts", "5"])
        try run.veet(["sessions", "list"])
        try run.veet(["sessions", "list", "--all", "--refresh", "--json"])
        try run.veet(["sessions", "show", session])
        try run.veet(["sessions", "show", session, "--json"])
        try run.veet(["sessions", "show", missing], expect: [4])
        try run.veet(["search", "hello"])
        try run.veet(["search", "391", "--json"])
        try run.veet(["sessions", "delete", deletable])
        try run.veet(["sessions", "delete", deletable, "--json"])

        // A message sent while the server is unreachable waits in the outbox (token from the environment).
        let offline = ["VEET_URL": "http://127.0.0.1:1", "VEET_TOKEN": run.home.fixture.token]
        try run.veet(["chat", "--session", session, "--once", "queued while offline"], environment: offline, expect: [1])
        try run.veet(["outbox", "list"], environment: offline)
        let queued = try run.veet(["outbox", "list", "--json"], environment: offline)
        let entry = try run.value(queued, "id")
        try run.veet(["outbox", "retry", entry], environment: offline, expect: [1])
        try run.veet(["outbox", "retry", "999999", "--json"], environment: offline, expect: [1, 2, 4])
        try run.veet(["outbox", "discard", entry], environment: offline)
        try run.veet(["outbox", "discard", entry, "--json"], environment: offline, expect: [1, 2, 4])
    }

    func folders(session: String) throws {
        let created = try run.veet(["folders", "create", "Receipts", "--json"])
        let folder = try run.value(created, "id")
        try run.veet(["folders", "create", "Archive"])
        try run.veet(["folders", "list"])
        try run.veet(["folders", "list", "--json"])
        try run.veet(["folders", "rename", folder, "Paperwork"])
        try run.veet(["folders", "rename", missing, "Nothing", "--json"], expect: [4])
        try run.veet(["folders", "move", session, folder])
        try run.veet(["folders", "move", session, missing, "--json"], expect: [4])
        try run.veet(["folders", "unfile", session])
        try run.veet(["folders", "unfile", missing, "--json"], expect: [4])
        for prompt in ["Lisbon trip packing list", "Lisbon trip budget", "Lisbon trip restaurants"] {
            try run.veet(["chat", "--once", prompt])
        }
        try run.veet(["folders", "proposals"])
        let first = try run.value(try run.veet(["folders", "proposals", "--json"]), "id")
        try run.veet(["folders", "decline", first])
        try run.veet(["folders", "decline", first, "--json"])  // a repeat is harmless
        let second = try run.value(try run.veet(["folders", "proposals", "--json"]), "id")
        try run.veet(["folders", "accept", second, "--name", "Lisbon 2027"])
        try run.veet(["folders", "accept", second, "--json"])
        try run.veet(["folders", "delete", folder])
        try run.veet(["folders", "delete", folder, "--json"], expect: [4])
    }

    func schedules() throws {
        let definition = ["--instruction", "Remind me to pay rent.", "--cadence", "daily 08:00", "--timezone", "Europe/Paris",
                          "--agent", "8b6f3c52-2f4e-4c4b-9a55-3f0d8f9e7a10", "--agent-version", "1"]
        let created = try run.veet(["schedules", "create", "--title", "Rent"] + definition + ["--json"])
        let id = try run.value(created, "schedule.id")
        try run.veet(["schedules", "create", "--title", "Plants"] + definition)
        try run.veet(["schedules", "agents"])
        try run.veet(["schedules", "agents", "--json"])
        try run.veet(["schedules", "list"])
        try run.veet(["schedules", "list", "--state", "ACTIVE", "--json"])
        try run.veet(["schedules", "show", id])
        try run.veet(["schedules", "show", missing, "--json"], expect: [4])
        try run.veet(["schedules", "edit", id, "--title", "Rent reminder"])
        try run.veet(["schedules", "edit", id, "--cadence", "daily 09:00", "--json"])
        try run.veet(["schedules", "pause", id])
        try run.veet(["schedules", "resume", id, "--json"])
        try run.veet(["schedules", "resume", id], expect: [0, 6])
        try run.veet(["schedules", "pause", missing, "--json"], expect: [4])
        try run.veet(["schedules", "runs", id])
        try run.veet(["schedules", "runs", id, "--json"])
        try run.veet(["schedules", "cancel", id])
        try run.veet(["schedules", "cancel", missing, "--json"], expect: [4])
    }

    /// Every `veet memory` command against the seeded memory.
    func memory() throws {
        try run.veet(["memory", "list"])
        let flagged = try run.value(try run.veet(["memory", "list", "--flagged", "--json"]), "id")
        try run.veet(["memory", "list", "--status", "retired", "--type", "fact", "--search", "coffee", "--json"])
        try run.veet(["memory", "show", flagged])
        try run.veet(["memory", "show", missing, "--json"], expect: [4])
        try run.veet(["memory", "not-here", flagged])
        try run.veet(["memory", "not-here", flagged, "--json"])
        try run.veet(["memory", "reviewed", flagged])
        try run.veet(["memory", "reviewed", flagged, "--json"])
        try run.veet(["memory", "untrue", flagged])
        try run.veet(["memory", "untrue", missing, "--json"], expect: [4])
        try run.veet(["memory", "delete", flagged], expect: [2])  // no terminal, no --yes
        try run.veet(["memory", "delete", flagged, "--yes", "--json"])
        try run.veet(["memory", "delete", flagged, "--yes"], expect: [4])
        try run.veet(["memory", "synthesis", "list"])
        let operations = try run.veet(["memory", "synthesis", "list", "--json"])
        let merge = try run.value(operations, "id", where: ("reason", "equivalent"))
        try run.veet(["memory", "synthesis", "show", merge])
        try run.veet(["memory", "synthesis", "show", missing, "--json"], expect: [4])
        try run.veet(["memory", "synthesis", "undo", missing], expect: [4])
        try run.veet(["memory", "synthesis", "undo", merge, "--json"], expect: [0, 1])
        try run.veet(["memory", "dreaming"])
        try run.veet(["memory", "dreaming", "show"])
        let journal = try run.veet(["memory", "dreaming", "show", "--json"])
        let proposal = try run.value(journal, "proposals.id")
        try run.veet(["memory", "dreaming", "pause"])
        try run.veet(["memory", "dreaming", "pause", "--json"])
        try run.veet(["memory", "dreaming", "resume"])
        try run.veet(["memory", "dreaming", "resume", "--json"])
        try run.veet(["memory", "dreaming", "approve", proposal])
        try run.veet(["memory", "dreaming", "approve", proposal, "--json"], expect: [1])  // already decided
        try run.veet(["memory", "dreaming", "reject", missing], expect: [4])
        let next = try run.value(try run.veet(["memory", "dreaming", "--json"]), "proposals.id")
        try run.veet(["memory", "dreaming", "reject", next, "--json"])
    }

    func account() throws {
        let registered = try run.veet(["devices", "register", "--name", "canary box", "--json"])
        let device = try run.value(registered, "id")
        try run.veet(["devices", "register"])
        try run.veet(["devices", "list"])
        try run.veet(["devices", "list", "--json"])
        try run.veet(["devices", "revoke", device])
        try run.veet(["devices", "revoke", missing, "--json"], expect: [4])  // no device with that id
        try run.veet(["notifications"])
        try run.veet(["notifications", "--limit", "5", "--json"])
    }
}

extension CanaryRun {
    /// The `id` of every element of a JSON array printed on stdout.
    func idsInArray(_ result: ProcessResult) throws -> [String] {
        let array = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]]
        return (array ?? []).compactMap { $0["id"] as? String }
    }
}
