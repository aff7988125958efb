import Foundation
import Synchronization
import Testing

/// A message is never lost: the first message of a new conversation, typed
/// while the server is unreachable, waits in the outbox and goes out later.
@Suite(.serialized) struct OutboxJourneyTests {
    /// Runs the built `veet` with `home`'s private directories against `url`.
    func veet(_ arguments: [String], url: String, token: String, home: URL) throws -> ProcessResult {
        try runProcess(try Harness.binary("veet"), arguments, environment: [
            "HOME": home.path, "VEET_URL": url, "VEET_TOKEN": token,
            "XDG_CONFIG_HOME": home.path + "/c", "XDG_DATA_HOME": home.path + "/d",
        ], timeout: 30)
    }

    @Test func theTUIKeepsANewConversationsFirstMessageWhileTheServerIsDown() throws {
        guard TmuxTerminal.isAvailable else {
            Issue.record("tmux is missing: Scripts/bootstrap installs it")
            return
        }
        let session = try TUISession(width: 100, height: 30)
        defer { session.stop() }
        let tui = session.terminal
        try tui.waitFor("New conversation")
        session.fixture.stop()
        try tui.type("hello")
        try tui.press("Enter")
        try tui.waitFor("hello")
        // The message says under it that it did not go out, and the status bar keeps the send's own notice.
        // The state under the message and the send's notice come from two posts: wait for both
        // (under load a capture fell between them), then check them.
        let held = try tui.waitUntil("the state and the notice", seconds: 20) {
            $0.contains("Not sent · Enter to try again, x to discard") && $0.contains("kept in the outbox as #1")
        }
        #expect(held.contains("Not sent · Enter to try again, x to discard"), "\(held)")
        #expect(held.contains("kept in the outbox as #1"), "\(held)")
        #expect(!held.contains("Could not refresh"), "\(held)")

        // The TUI saves before its first request; poll until that send has given up on the server.
        var list = try veet(["outbox", "list"], url: session.fixture.url, token: session.fixture.token, home: session.home)
        let deadline = Date().addingTimeInterval(15)
        while !list.stdout.contains("failed"), Date() < deadline {
            Thread.sleep(forTimeInterval: 0.2)
            list = try veet(["outbox", "list"], url: session.fixture.url, token: session.fixture.token, home: session.home)
        }
        #expect(list.stdout.contains("hello"), "\(list.stdout)\(list.stderr)")
        #expect(list.stdout.contains("new conversation"), "\(list.stdout)")
        #expect(!list.stderr.contains("The outbox is empty"))
        try tui.press("C-d")
    }

    /// At 80x24, a message the server fails (500 on every attempt) says so under
    /// it; Enter on it sends it again with its key, and the line goes.
    @Test func theTUIShowsASendTheServerFailedAsNotSentAndEnterSendsItAgain() throws {
        guard TmuxTerminal.isAvailable else {
            Issue.record("tmux is missing: Scripts/bootstrap installs it")
            return
        }
        // Four 500s: the first send's attempts (the transport retries three times); the retry goes through.
        let session = try TUISession(width: 80, height: 24, fixtureArguments: ["--fail-submit", "4"])
        defer { session.stop() }
        let tui = session.terminal
        try tui.waitFor("New conversation")
        try tui.type("What is 17 * 23?")
        try tui.press("Enter")
        let failed = try tui.waitFor("Not sent · Enter to try again, x to discard", seconds: 20)
        #expect(failed.contains("kept in the outbox as #1"), "\(failed)")
        #expect(!failed.contains("The answer is 391."))
        Snapshot.check(Snapshot.mask(try tui.settled()), named: "not-sent-80x24")

        // Up from the empty composer selects the message; Enter sends it again.
        try tui.press("Up")
        try tui.press("Enter")
        let answered = try tui.waitFor("The answer is 391.", seconds: 20)
        #expect(!answered.contains("Not sent"), "\(answered)")
        let list = try veet(["outbox", "list"], url: session.fixture.url, token: session.fixture.token, home: session.home)
        #expect(list.stderr.contains("The outbox is empty"), "\(list.stdout)\(list.stderr)")
        try tui.press("C-d")
    }

    @Test func theCLIKeepsItWithTheServerDownAndRetryDeliversItOnce() throws {
        let first = try FixtureProcess()
        let home = try Harness.temporaryHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let url = first.url, token = first.token
        let port = try #require(url.split(separator: ":").last.map(String.init))
        first.stop()

        let down = try veet(["chat", "--once", "hello"], url: url, token: token, home: home)
        #expect(down.status != 0)
        #expect(down.stderr.contains("kept in the outbox as #1"), "\(down.stderr)")
        let held = try veet(["outbox", "list"], url: url, token: token, home: home)
        #expect(held.stdout.contains("#1"), "\(held.stdout)\(held.stderr)")
        #expect(held.stdout.contains("hello"))

        let back = try FixtureProcess(arguments: ["--port", port], token: token)
        defer { back.stop() }
        #expect(back.url == url)
        let retry = try veet(["outbox", "retry", "1"], url: url, token: token, home: home)
        #expect(retry.status == 0, "\(retry.stdout)\(retry.stderr)")
        #expect(retry.stdout.contains("Delivered"))
        let empty = try veet(["outbox", "list"], url: url, token: token, home: home)
        #expect(empty.stderr.contains("The outbox is empty"), "\(empty.stdout)")
        let sessions = try veet(["sessions", "list", "--refresh", "--json"], url: url, token: token, home: home)
        #expect(sessions.stdout.components(separatedBy: "\"id\"").count - 1 == 1, "one conversation: \(sessions.stdout)")
        #expect(sessions.stdout.contains("hello"))
    }

    /// Two programs retrying the same held first message at once (two CLIs
    /// here; veetd and the TUI alike) make one conversation and one run: one
    /// delivers it, the other finds it claimed or already delivered and says so.
    @Test func twoRetriesAtOnceOpenOneConversation() throws {
        let first = try FixtureProcess()
        let home = try Harness.temporaryHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let url = first.url, token = first.token
        let port = try #require(url.split(separator: ":").last.map(String.init))
        first.stop()
        let down = try veet(["chat", "--once", "hello twice?"], url: url, token: token, home: home)
        #expect(down.stderr.contains("kept in the outbox as #1"), "\(down.stderr)")
        let held = try veet(["outbox", "list", "--json"], url: url, token: token, home: home)
        let listed = try #require(try JSONSerialization.jsonObject(with: Data(held.stdout.utf8)) as? [[String: Any]])
        #expect(listed.first?["session_id"] is NSNull, "a new conversation has no session yet: \(held.stdout)")
        #expect(listed.first?["id"] as? String == "1" && listed.first?["attempts"] as? String == "1")

        let back = try FixtureProcess(arguments: ["--port", port], token: token)
        defer { back.stop() }
        let results = Mutex<[ProcessResult]>([])
        DispatchQueue.concurrentPerform(iterations: 2) { _ in
            if let result = try? veet(["outbox", "retry", "1", "--json"], url: url, token: token, home: home) {
                results.withLock { $0.append(result) }
            }
        }
        let answers = results.withLock { $0 }
        #expect(answers.count == 2)
        let outcomes = answers.compactMap { answer in
            (try? JSONSerialization.jsonObject(with: Data(answer.stdout.utf8)) as? [String: Any])?["result"] as? String
        }
        #expect(outcomes.filter { $0 == "delivered" }.count == 1, "\(answers.map { $0.stdout + $0.stderr })")
        #expect(outcomes.allSatisfy { ["delivered", "already_delivered", "sending_elsewhere"].contains($0) }, "\(outcomes)")
        let sessions = try veet(["sessions", "list", "--refresh", "--json"], url: url, token: token, home: home)
        #expect(sessions.stdout.components(separatedBy: "\"id\"").count - 1 == 1, "one conversation: \(sessions.stdout)")
        let again = try veet(["outbox", "retry", "1"], url: url, token: token, home: home)
        #expect(again.status == 0 && again.stdout.contains("was already delivered"), "\(again.stdout)\(again.stderr)")
    }
}
