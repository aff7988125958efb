import Foundation
import Testing

/// "Needs you" in the full-screen client against the fixture: the features' items sit in the
/// sidebar's group (read with the reconcile), and each opens on its own screen: a flagged
/// memory on the Memory screen's review queue, a mail that needs a reply on its reading page.
@Suite(.serialized) struct TUINeedsYouJourneyTests {
    /// What `veet needs-you --json` lists for the session's fixture, in order.
    private func listed(_ session: TUISession) throws -> [[String: Any]] {
        let result = try runProcess(try Harness.binary("veet"), ["needs-you", "--json"],
                                    environment: ["VEET_URL": session.fixture.url, "VEET_TOKEN": session.fixture.token,
                                                  "XDG_CONFIG_HOME": session.home.path + "/c",
                                                  "XDG_DATA_HOME": session.home.path + "/d"], timeout: 20)
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        return try #require(object?["items"] as? [[String: Any]], "\(result.stderr)")
    }

    /// The sidebar rows before a feature's first item: New conversation, the "Needs you" heading,
    /// then the rows of the features listed before it (at most two each, and "+N more").
    private func rowsBefore(_ feature: String, in items: [[String: Any]]) -> Int {
        var counts: [String: Int] = [:], order: [String] = []
        for item in items {
            guard let name = item["feature"] as? String else { continue }
            if counts[name] == nil { order.append(name) }
            counts[name, default: 0] += 1
        }
        let before = order.prefix { $0 != feature }.map { counts[$0] ?? 0 }
        return 2 + before.map { min($0, 2) + ($0 > 2 ? 1 : 0) }.reduce(0, +)
    }

    @Test func aFlaggedMemoryAndAMailThatNeedsAReplyOpenFromNeedsYou() throws {
        guard TmuxTerminal.isAvailable else {
            Issue.record("tmux is missing: Scripts/bootstrap installs it")
            return
        }
        let session = try TUISession(width: 160, height: 40,
                                     extraEnvironment: "XDG_RUNTIME_DIR=/tmp/veet-no-daemon-\(UUID().uuidString.prefix(8))")
        defer { session.stop() }
        let tui = session.terminal
        let items = try listed(session)
        let memory = try #require(items.first { $0["feature"] as? String == "memory" })
        let mail = try #require(items.first { $0["kind"] as? String == "needs_reply" })
        let memoryText = String(try #require(memory["subject"] as? String).prefix(18))
        let mailSubject = try #require(mail["subject"] as? String)
        try tui.waitFor("Needs you", seconds: 20)
        try tui.waitFor(memoryText, seconds: 20)

        // Ctrl-F, Down: the sidebar's first row; then down to the memory's row.
        try tui.press("C-f", "Down")
        for _ in 0..<rowsBefore("memory", in: items) { try tui.press("Down") }
        try tui.press("Enter")
        let queue = try tui.waitUntil("the flagged memory on the review queue") {
            $0.contains("Memory · needs review") && $0.contains("┃ Needs review")
        }
        #expect(queue.contains(memoryText))
        try tui.press("Escape")
        try tui.waitFor("Needs you")

        // The mail that needs a reply: Email mode, on its reading page.
        try tui.press("C-f", "Down")
        let mailIndex = try #require(items.filter { $0["feature"] as? String == "email" }
            .firstIndex { $0["id"] as? String == mail["id"] as? String })
        try #require(mailIndex < 2, "the mail's row is under \"+N more\"")
        let mailRow = rowsBefore("email", in: items) + mailIndex
        for _ in 0..<mailRow { try tui.press("Down") }
        try tui.press("Enter")
        let page = try tui.waitUntil("the thread's reading page") { $0.contains(mailSubject) && $0.contains("Needs reply") }
        #expect(page.contains(String(mailSubject.prefix(20))))
        try tui.press("F7")
        try tui.waitFor("Needs you")
    }
}
