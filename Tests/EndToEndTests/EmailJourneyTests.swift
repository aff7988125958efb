import Foundation
import Testing

/// `veet email` through the built CLI against the built fixture: the triage
/// journey, Review & Send, and afterwards a scan of every file the CLI could
/// have written for the fixture's mail.
@Suite(.serialized) struct EmailJourneyTests {
    let cli = CLIEndToEndTests()

    static let board = "e1000000-0000-4000-8000-000000000001"
    static let lease = "e1000000-0000-4000-8000-000000000002"
    static let dinner = "e1000000-0000-4000-8000-000000000003"
    static let roadmap = "e1000000-0000-4000-8000-000000000007"
    static let neighbourhood = "e1000000-0000-4000-8000-000000000053"
    static let leaseDraft = "d1000000-0000-4000-8000-000000000002"
    /// What the stand-in editor types into the reply.
    static let typed = "Yes, please renew it for twelve months. Typed in the stand-in editor."

    /// A private home with every XDG folder, a runtime folder and a stand-in $EDITOR.
    struct MailHome {
        let root: URL
        var folders: [URL] { ["config", "data", "state", "cache", "runtime"].map { root.appendingPathComponent($0) } }
        var runtime: URL { root.appendingPathComponent("runtime") }
        /// The editor appends each buffer's mode and path here (never its text).
        var editorLog: URL { root.appendingPathComponent("editor.log") }

        init() throws {
            root = try Harness.temporaryHome()
            for folder in folders { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
            try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: runtime.path)
            let editor = """
                #!/bin/sh
                stat -c '%a %n' "$1" >> '\(editorLog.path)'
                if [ -n "$VEET_TOKEN" ]; then echo 'the editor saw the token' >> '\(editorLog.path)'; fi
                printf 'To: marco.rossi@lettings.example.test\\nSubject: Re: Lease renewal\\n\\n\(EmailJourneyTests.typed)\\n' > "$1"
                """
            let script = root.appendingPathComponent("editor.sh")
            try Data(editor.utf8).write(to: script)
            try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: script.path)
        }

        var environment: [String: String] {
            ["XDG_STATE_HOME": root.appendingPathComponent("state").path,
             "XDG_CACHE_HOME": root.appendingPathComponent("cache").path,
             "XDG_RUNTIME_DIR": runtime.path, "EDITOR": root.appendingPathComponent("editor.sh").path, "VISUAL": ""]
        }

        /// Every regular file under the XDG folders whose bytes contain one of `strings`.
        func files(containing strings: Set<String>) throws -> [String] {
            var found: [String] = []
            for folder in folders {
                guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
                else { continue }
                for case let url as URL in walker where (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true {
                    let bytes = try Data(contentsOf: url)
                    for string in strings where bytes.range(of: Data(string.utf8)) != nil {
                        found.append("\(url.path) holds \(string.debugDescription)")
                    }
                }
            }
            return found
        }
    }

    private func veet(_ arguments: [String], _ fixture: FixtureProcess, _ home: MailHome,
                      stdin: String? = nil) throws -> ProcessResult {
        try cli.veet(arguments, fixture: fixture, home: home.root, stdin: stdin, extraEnvironment: home.environment)
    }

    private func object(_ text: String) throws -> [String: Any] { try cli.json(text) }

    /// Mail strings worth scanning for: long enough to be unmistakable.
    private func collect(_ value: Any, keys: Set<String>, into strings: inout Set<String>) {
        if let object = value as? [String: Any] {
            for (key, item) in object {
                if keys.contains(key) {
                    for text in (item as? [String]) ?? [item as? String].compactMap({ $0 }) {
                        let line = text.split(separator: "\n").map(String.init).first { $0.count >= 12 } ?? ""
                        if line.count >= 12 { strings.insert(String(line.prefix(40))) }
                    }
                }
                collect(item, keys: keys, into: &strings)
            }
        } else if let array = value as? [Any] {
            for item in array { collect(item, keys: keys, into: &strings) }
        }
    }

    @Test func theJourneyWorksAndLeavesNoMailOnDisk() throws {
        let fixture = try FixtureProcess()
        defer { fixture.stop() }
        let home = try MailHome()
        let controls = FixtureRequests(fixture: fixture)
        var mail: Set<String> = [Self.typed, "marco.rossi@lettings.example.test"]
        let keys: Set<String> = ["subject", "summary", "reason", "senders", "sender", "body", "to", "email_address"]

        // Inbox: five important threads, plain and as JSON.
        let inbox = try veet(["email", "inbox"], fixture, home)
        #expect(inbox.status == 0 && inbox.stdout.contains("Board materials for Thursday"), "\(inbox.stderr)")
        #expect(inbox.stdout.contains("Draft reply ready") && inbox.stderr.contains("More: add --cursor 5"))
        let page = try object(try veet(["email", "inbox", "--all", "--limit", "100", "--json"], fixture, home).stdout)
        #expect((page["items"] as? [Any])?.count == 66)
        collect(page, keys: keys, into: &mail)
        let accounts = try veet(["email", "accounts", "--json"], fixture, home)
        collect(try JSONSerialization.jsonObject(with: Data(accounts.stdout.utf8)), keys: keys, into: &mail)

        // Read a thread.
        let shown = try veet(["email", "show", Self.board], fixture, home)
        #expect(shown.status == 0 && shown.stdout.contains("Attachment: ") && shown.stdout.contains("Your reply, drafted by Veetbot"))
        collect(try object(try veet(["email", "show", Self.board, "--json"], fixture, home).stdout), keys: keys, into: &mail)
        collect(try object(try veet(["email", "show", Self.lease, "--json"], fixture, home).stdout), keys: keys, into: &mail)

        // Feedback: a person needs an explicit choice; then undo.
        let unchosen = try veet(["email", "feedback", Self.neighbourhood, "important", "--about", "person"], fixture, home)
        #expect(unchosen.status == 2 && unchosen.stderr.contains("--person maya@example.test"))
        let given = try object(try veet(["email", "feedback", Self.neighbourhood, "important", "--person",
                                         "maya@example.test", "--json"], fixture, home).stdout)
        #expect(given["applied"] as? String == "Marked important for every thread from maya@example.test.")
        let feedbackID = try #require(given["feedback_id"] as? String)
        let undone = try veet(["email", "feedback", "undo", feedbackID], fixture, home)
        #expect(undone.status == 0 && undone.stdout.contains("Feedback undone"), "\(undone.stderr)")

        // Reply through the stand-in editor: the buffer was 0600 in the runtime folder and is gone.
        let replied = try veet(["email", "reply", Self.lease], fixture, home)
        #expect(replied.status == 0 && replied.stdout.contains("Saved revision 2") && replied.stdout.contains(Self.typed),
                "\(replied.stderr)")
        let log = try String(contentsOf: home.editorLog, encoding: .utf8)
        let buffer = try #require(log.split(separator: "\n").first.map(String.init))
        #expect(buffer.hasPrefix("600 \(home.runtime.path)/"))
        #expect(!log.contains("saw the token"), "the editor is not handed the bearer token")
        #expect(!FileManager.default.fileExists(atPath: String(buffer.dropFirst(4))))
        #expect(try FileManager.default.contentsOfDirectory(atPath: home.runtime.path).isEmpty)

        // Review & Send: without a terminal and --yes nothing is sent; with --yes the verified message goes once.
        let asked = try veet(["email", "send", Self.lease], fixture, home)
        #expect(asked.status == 7 && asked.stdout.contains("Verified: the approval matches this message exactly."))
        let sent = try object(try veet(["email", "send", Self.lease, "--yes", "--json"], fixture, home).stdout)
        #expect(sent["outcome"] as? String == "sent" && sent["body"] as? String == Self.typed)

        // Archive, and a failing operation that puts the thread back.
        let archived = try veet(["email", "archive", Self.dinner], fixture, home)
        #expect(archived.status == 0 && archived.stdout.contains("Archived in Gmail"), "\(archived.stderr)")
        #expect(try veet(["email", "unarchive", Self.dinner, "--json"], fixture, home).status == 0)
        _ = try controls.json("POST", "/_fixture/email/next-outcome", body: ["outcome": "fail"])
        let failed = try veet(["email", "archive", Self.dinner, "--json"], fixture, home)
        #expect(failed.status == 1 && failed.stderr.contains("stays where it was"))
        let after = try object(try veet(["email", "show", Self.dinner, "--json"], fixture, home).stdout)
        #expect(after["in_inbox"] as? Bool == true)
        let refused = try veet(["email", "archive", Self.roadmap, "--json"], fixture, home)
        #expect(refused.status == 1 && refused.stderr.contains("not offered on the Work account"))
        #expect((try object(refused.stdout)["error"] as? [String: Any])?["kind"] as? String == "not_offered")

        // An approval that differs from the draft is never sent: exit 10.
        _ = try controls.json("POST", "/_fixture/email/alter-next-proposal", body: ["alteration": "recipient"])
        let unverified = try veet(["email", "send", Self.board, "--yes"], fixture, home)
        #expect(unverified.status == 10 && unverified.stderr.contains("bcc differs"), "\(unverified.stderr)")
        #expect(!unverified.stdout.contains("Verified"))

        // The rest of the journey: refresh, learning, a discussion.
        let refreshed = try veet(["email", "refresh", "--wait"], fixture, home)
        #expect(refreshed.status == 0 && refreshed.stdout.contains("Refresh finished"), "\(refreshed.stderr)")
        #expect(try veet(["email", "learning"], fixture, home).stdout.contains("threads retrieved"))
        let discussion = try object(try veet(["email", "discuss", Self.board, "--json"], fixture, home).stdout)
        let session = try #require(discussion["session_id"] as? String)
        let chatted = try veet(["email", "discuss", Self.board, "--once", "Tell me more"], fixture, home)
        #expect(chatted.status == 0 && chatted.stdout.contains("You wrote"), "\(chatted.stderr)")
        #expect(try cli.veet(["sessions", "list", "--refresh", "--json"], fixture: fixture, home: home.root,
                             extraEnvironment: home.environment).stdout.contains(session))

        // The disk scan: no subject, address, body, gist or draft in any file the CLI may write.
        #expect(mail.count > 100, "only \(mail.count) strings to look for")
        #expect(try home.files(containing: mail) == [])
        // The scan sees what it looks for: a probe file holding one subject is found.
        let probe = home.folders[2].appendingPathComponent("probe")
        try Data("x Board materials for Thursday x".utf8).write(to: probe)
        #expect(try home.files(containing: mail).count == 1)
        try FileManager.default.removeItem(at: probe)
    }

    @Test func aConflictFromAnotherDeviceShowsBothAndKeepsYourText() throws {
        let fixture = try FixtureProcess()
        defer { fixture.stop() }
        let home = try MailHome()
        let other = "Written on the phone meanwhile."
        // The editor saves, but another device saved the draft while it was open.
        let script = home.root.appendingPathComponent("editor.sh")
        var editor = try String(contentsOf: script, encoding: .utf8)
        editor += "\ncurl -s -X POST -H 'Authorization: Bearer \(fixture.token)' -d '{\"body\":\"\(other)\"}' "
            + "'\(fixture.url)/_fixture/email/drafts/\(Self.leaseDraft)/edit-elsewhere' > /dev/null\n"
        try Data(editor.utf8).write(to: script)
        let undecided = try veet(["email", "reply", Self.lease, "--json"], fixture, home)
        #expect(undecided.status == 7 && undecided.stdout.contains(Self.typed), "\(undecided.stderr)")
        #expect(undecided.stderr.contains("--keep mine"))
        let kept = try veet(["email", "reply", Self.lease, "--keep", "mine", "--json"], fixture, home)
        #expect(kept.status == 0, "\(kept.stderr)")
        #expect(try object(kept.stdout)["body"] as? String == Self.typed)
        let history = try veet(["email", "draft", "history", Self.lease, "--json"], fixture, home)
        #expect(history.stdout.contains(other) && history.stdout.contains(Self.typed))
        #expect(try FileManager.default.contentsOfDirectory(atPath: home.runtime.path).isEmpty)
    }

    @Test func aServerWithoutEmailSaysSo() throws {
        let fixture = try FixtureProcess(arguments: ["--no-email"])
        defer { fixture.stop() }
        let home = try MailHome()
        let result = try veet(["email", "inbox", "--json"], fixture, home)
        #expect(result.status == 1 && result.stderr.contains("does not offer Email"))
        #expect((try object(result.stdout)["error"] as? [String: Any])?["kind"] as? String == "not_offered")
    }

    @Test func aSpentAllowanceSaysWhenAndAReadOnlyTokenGetsTheReason() throws {
        let budget = try FixtureProcess(arguments: ["--email-budget-exhausted"])
        defer { budget.stop() }
        let home = try MailHome()
        let refused = try veet(["email", "refresh", "--json"], budget, home)
        #expect(refused.status == 1 && refused.stderr.contains("It can be tried again after"), "\(refused.stderr)")
        #expect((try object(refused.stdout)["error"] as? [String: Any])?["status"] as? Int == 402)
        let drafting = try veet(["email", "reply", Self.dinner], budget, home)
        #expect(drafting.status == 1 && drafting.stderr.contains("tried again after"))

        let readOnly = try FixtureProcess(arguments: ["--email-read-only"])
        defer { readOnly.stop() }
        let denied = try veet(["email", "archive", Self.dinner], readOnly, home)
        #expect(denied.status == 3 && denied.stderr.contains("not available on Personal for this token"), "\(denied.stderr)")
        #expect(try veet(["email", "inbox"], readOnly, home).status == 0)
    }

    @Test func anUnknownSendOutcomeIsSaidAndNeverRetried() throws {
        let fixture = try FixtureProcess(arguments: ["--email-send", "uncertain"])
        defer { fixture.stop() }
        let home = try MailHome()
        let sent = try veet(["email", "send", Self.lease, "--yes"], fixture, home)
        #expect(sent.status == 1 && sent.stderr.contains("outcome is unknown; it was not retried"), "\(sent.stderr)")
        let again = try veet(["email", "send", Self.lease, "--yes"], fixture, home)
        #expect(again.status == 1 && again.stderr.contains("outcome is unknown"))
        #expect(!again.stderr.contains("Preparing"), "nothing is proposed again")
        let draft = try object(try veet(["email", "draft", "show", Self.lease, "--json"], fixture, home).stdout)
        #expect(draft["status"] as? String == "uncertain")
    }

    /// On a terminal, send shows the verified message and asks: "n" sends nothing, "y" sends it once.
    @Test(.enabled(if: TmuxTerminal.isAvailable)) func sendAsksOnATerminal() throws {
        let fixture = try FixtureProcess()
        defer { fixture.stop() }
        let home = try MailHome()
        let binary = try Harness.binary("veet").path
        var environment = home.environment.merging(["HOME": home.root.path, "VEET_URL": fixture.url, "VEET_TOKEN": fixture.token,
                                                    "XDG_CONFIG_HOME": home.root.path + "/config",
                                                    "XDG_DATA_HOME": home.root.path + "/data"]) { _, new in new }
        environment["VISUAL"] = nil
        let prefix = "env " + environment.map { "\($0.key)='\($0.value)'" }.sorted().joined(separator: " ")
        for (answer, shown) in [("n", "Nothing was sent; the draft is kept."), ("y", "Sent.")] {
            let terminal = try TmuxTerminal(width: 100, height: 30, command: "\(prefix) \(binary) email send \(Self.lease); sleep 30")
            defer { terminal.stop() }
            let screen = try terminal.waitFor("[y/N]")
            #expect(screen.contains("Verified: the approval matches this message exactly.") && screen.contains("Dear Marco,"))
            try terminal.type(answer)
            try terminal.press("Enter")
            _ = try terminal.waitFor(shown)
        }
        let draft = try veet(["email", "show", Self.lease, "--json"], fixture, home)
        #expect(try object(draft.stdout)["draft_id"] != nil)
        let messages = try #require(try object(draft.stdout)["messages"] as? [[String: Any]])
        #expect(messages.filter { $0["direction"] as? String == "sent" }.count == 1)
    }

    /// On a terminal, a conflict shows both versions and asks; "b" reopens the editor with both texts.
    @Test(.enabled(if: TmuxTerminal.isAvailable)) func aConflictOnATerminalCanKeepBothForAnotherEdit() throws {
        let fixture = try FixtureProcess()
        defer { fixture.stop() }
        let home = try MailHome()
        let flag = home.root.appendingPathComponent("edited-once").path
        let seen = home.root.appendingPathComponent("second-buffer").path
        let editor = """
            #!/bin/sh
            if [ ! -f '\(flag)' ]; then
              touch '\(flag)'
              curl -s -X POST -H 'Authorization: Bearer \(fixture.token)' -d '{"body":"Phone text."}' \\
                '\(fixture.url)/_fixture/email/drafts/\(Self.leaseDraft)/edit-elsewhere' > /dev/null
              printf 'To: marco.rossi@lettings.example.test\\nSubject: Re: Lease\\n\\nMine.\\n' > "$1"
            else
              grep -c 'Phone text.' "$1" > '\(seen)'
              printf 'To: marco.rossi@lettings.example.test\\nSubject: Re: Lease\\n\\nMerged by hand.\\n' > "$1"
            fi
            """
        try Data(editor.utf8).write(to: home.root.appendingPathComponent("editor.sh"))
        let binary = try Harness.binary("veet").path
        var environment = home.environment.merging(["HOME": home.root.path, "VEET_URL": fixture.url, "VEET_TOKEN": fixture.token,
                                                    "XDG_CONFIG_HOME": home.root.path + "/config",
                                                    "XDG_DATA_HOME": home.root.path + "/data"]) { _, new in new }
        environment["VISUAL"] = nil
        let prefix = "env " + environment.map { "\($0.key)='\($0.value)'" }.sorted().joined(separator: " ")
        let terminal = try TmuxTerminal(width: 100, height: 40, command: "\(prefix) \(binary) email reply \(Self.lease); sleep 30")
        defer { terminal.stop() }
        let screen = try terminal.waitFor("[b]oth")
        #expect(screen.contains("Yours:") && screen.contains("Mine.") && screen.contains("Phone text."))
        try terminal.type("b")
        try terminal.press("Enter")
        _ = try terminal.waitFor("Saved revision")
        #expect(try String(contentsOfFile: seen, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines) == "1")
        let draft = try object(try veet(["email", "draft", "show", Self.lease, "--json"], fixture, home).stdout)
        #expect(draft["body"] as? String == "Merged by hand.")
        #expect(try FileManager.default.contentsOfDirectory(atPath: home.runtime.path).isEmpty)
    }
}
