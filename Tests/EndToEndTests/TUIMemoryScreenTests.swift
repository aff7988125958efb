import Foundation
import Testing

/// The Memory screen (F5) against the fixture: the list beside the reading
/// page, each review action and its effect, delete confirmed, the synthesis
/// journal with Undo, and servers without memory or without memory.write.
@Suite(.serialized) struct TUIMemoryScreenTests {
    private func session(_ fixtureArguments: [String] = []) throws -> TUISession {
        try TUISession(width: 160, height: 36, fixtureArguments: fixtureArguments,
                       extraEnvironment: "XDG_RUNTIME_DIR=/tmp/veet-no-daemon-\(UUID().uuidString.prefix(8))")
    }

    private func liveIDs(_ session: TUISession, flagged: Bool = false) throws -> [String] {
        let result = try runProcess(try Harness.binary("veet"), ["memory", "list", "--json"] + (flagged ? ["--flagged"] : []),
                                    environment: ["VEET_URL": session.fixture.url, "VEET_TOKEN": session.fixture.token,
                                                  "XDG_CONFIG_HOME": session.home.path + "/c",
                                                  "XDG_DATA_HOME": session.home.path + "/d"], timeout: 20)
        let items = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]] ?? []
        return items.compactMap { $0["id"] as? String }
    }

    @Test func reviewDeleteAndUndoFromTheMemoryScreen() throws {
        guard TmuxTerminal.isAvailable else {
            Issue.record("tmux is missing: Scripts/bootstrap installs it")
            return
        }
        let session = try session()
        defer { session.stop() }
        let tui = session.terminal
        try tui.waitFor("New conversation")
        try tui.press("?")
        try tui.waitFor("memory: review, correct, delete")
        try tui.press("Escape", "F5")

        // The review queue: rows lead with the kind and the day; the page shows the record and why.
        try tui.waitFor("r reviewed  n not true  h not here  x delete")
        try tui.press("f")
        // The header changes at once; the queue's rows follow its read (under load, later).
        let queue = try tui.waitUntil("the review queue read") {
            $0.contains("Memory · needs review") && $0.contains("from email")
        }
        #expect(queue.contains("Needs review") && queue.contains("from email"))
        let page = try tui.waitFor("┃ Needs review")
        #expect(page.contains("Memory") && page.contains("Source") && page.contains("learned"))
        let flagged = try liveIDs(session, flagged: true)

        try tui.press("h")
        try tui.waitFor("it stays flagged")
        #expect(try liveIDs(session, flagged: true) == flagged)
        try tui.press("n")
        try tui.waitFor("it is retired and left the list")
        #expect(!(try liveIDs(session)).contains(flagged[0]))
        try tui.press("r")
        try tui.waitFor("so it left the review list")
        #expect(!(try liveIDs(session, flagged: true)).contains(flagged[1]))
        #expect(try liveIDs(session).first == flagged[1])  // moved to the top

        // Delete asks first; n keeps it, y deletes it for good.
        try tui.press("x")
        try tui.waitFor("y delete it  n keep it")
        try tui.press("n")
        try tui.waitFor("Nothing was deleted.")
        #expect(try liveIDs(session).contains(flagged[2]))
        try tui.press("x")
        try tui.waitFor("y delete it  n keep it")
        try tui.press("y")
        try tui.waitFor("will not form again")
        #expect(!(try liveIDs(session)).contains(flagged[2]))

        // The synthesis journal: Undo in teal on the committed merge of two sources.
        try tui.press("s")
        try tui.waitFor("Memory · synthesis journal")
        try tui.waitFor("Prefers mornings for meetings")
        try tui.press("End")
        try tui.waitFor("u Undo this merge")
        try tui.press("u")
        try tui.waitFor("Undone: the merged memories are separate again.")
        try tui.press("Up")
        try tui.waitFor("No undo: it rests on fewer than two memories.")
        try tui.press("u")
        try tui.waitUntil("the refusal") { $0.contains("No undo: it rests on fewer than two memories.") }
    }

    @Test func aServerWithoutMemoryOrWithoutTheWriteScope() throws {
        guard TmuxTerminal.isAvailable else {
            Issue.record("tmux is missing: Scripts/bootstrap installs it")
            return
        }
        let none = try session(["--no-memory"])
        defer { none.stop() }
        try none.terminal.waitFor("New conversation")
        try none.terminal.press("F5")
        try none.terminal.waitFor("This server does not offer memory browsing.")

        let readOnly = try session(["--no-memory-write"])
        defer { readOnly.stop() }
        let tui = readOnly.terminal
        try tui.waitFor("New conversation")
        try tui.press("F5")
        try tui.waitFor("r reviewed  n not true")
        try tui.waitFor("Needs review")
        try tui.press("r")
        let refused = try tui.waitFor("lacks the memory.write scope")
        #expect(refused.contains("Not done"))
        try tui.waitUntil("the writes hidden") { !$0.contains("r reviewed") && $0.contains("f needs review") }
        try tui.press("x")
        try tui.waitUntil("no confirmation") { !$0.contains("y delete it") && $0.contains("memory.write") }
    }
}
