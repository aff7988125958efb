import Foundation
import Testing

/// The attachment limits and retries (docs/tui.md) in the real TUI: two files attached, the first upload refused
/// by a busy server (`--fail-uploads 1`: 429 with Retry-After) and shown with
/// its reason, retried from the tray, the other removed, and a message of the
/// file alone sent: the server's message carries exactly the retried file.
@Suite struct TUIAttachmentJourneyTests {
    @Test func aFileFailsIsRetriedTheOtherRemovedAndTheMessageCarriesOnlyIt() throws {
        guard TmuxTerminal.isAvailable else {
            Issue.record("tmux is missing: Scripts/bootstrap installs it")
            return
        }
        let session = try TUISession(width: 120, height: 32, fixtureArguments: ["--fail-uploads", "1"])
        defer { session.stop() }
        let tui = session.terminal
        let folder = session.home.appendingPathComponent("files")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let first = folder.appendingPathComponent("agenda.txt"), second = folder.appendingPathComponent("draft.txt")
        try "Agenda for Monday".write(to: first, atomically: true, encoding: .utf8)
        try "An older draft".write(to: second, atomically: true, encoding: .utf8)
        try tui.waitFor("Message (Enter sends")

        try tui.press("C-t")
        try tui.waitFor("Attach file:")
        try tui.type(first.path)
        try tui.press("Enter")
        // The reason wraps onto the file's second line at this width.
        let failed = try tui.waitFor("failed: the server is taking too many uploads (429")
        #expect(failed.contains("rate_limited) · try again in 30 s"))
        #expect(failed.contains("Attachments · 1 file"))
        #expect(failed.contains("r retry · x remove"))

        try tui.press("C-t")
        try tui.waitFor("Attach file:")
        try tui.type(second.path)
        try tui.press("Enter")
        try tui.waitFor("draft.txt · 14 bytes · uploaded")
        // The status bar's "Attaching draft.txt..." goes once the tray says how it went.
        try tui.waitUntil("the attaching notice cleared") { !$0.contains("Attaching draft.txt") }

        // Up from the empty composer into the tray (its last file), Up again to the failed one, r retries it.
        try tui.press("Up")
        try tui.waitFor("▸ draft.txt")
        try tui.press("Up")
        try tui.waitFor("▸ agenda.txt")
        try tui.press("r")
        try tui.waitFor("agenda.txt · 17 bytes · uploaded")
        try tui.press("Down")
        try tui.waitFor("▸ draft.txt")
        try tui.press("x")
        let removed = try tui.waitUntil("draft.txt removed") {
            $0.contains("Removed draft.txt from the message.") && !$0.contains("draft.txt · ")
        }
        #expect(removed.contains("Attachments · 1 file"))

        // Enter goes back to the message; Enter there sends the file alone.
        try tui.press("Enter")
        try tui.press("Enter")
        try tui.waitUntil("the tray emptied after the send") { !$0.contains("Attachments · ") && $0.contains("agenda.txt") }

        let blocks = try Self.lastUserMessage(of: 1, in: session)
        #expect(blocks.count == 1, "\(blocks)")
        #expect(blocks.first?["type"] as? String == "file")
        #expect(blocks.first?["filename"] as? String == "agenda.txt")
    }

    /// Files attached in one conversation stay its draft: away in another
    /// conversation and back, the tray shows them again, and a message sent
    /// then carries exactly what the tray shows (they used to travel unseen).
    @Test func aConversationsFilesAreInItsTrayWhenTheOwnerComesBack() throws {
        guard TmuxTerminal.isAvailable else {
            Issue.record("tmux is missing: Scripts/bootstrap installs it")
            return
        }
        let session = try TUISession(width: 120, height: 32)
        defer { session.stop() }
        let tui = session.terminal
        let file = session.home.appendingPathComponent("minutes.txt")
        try "Minutes of Tuesday".write(to: file, atomically: true, encoding: .utf8)
        try tui.waitFor("Message (Enter sends")

        try tui.type("Keep the quarterly minutes here")
        try tui.press("Enter")
        // The reply shows the conversation exists here (the status bar's "Ctrl-C quit" shows before the send lands,
        // and a file attached then would start a conversation of its own).
        try tui.waitFor("You wrote: Keep the quarterly minutes here")
        try tui.press("C-t")
        try tui.waitFor("Attach file:")
        try tui.type(file.path)
        try tui.press("Enter")
        try tui.waitFor("minutes.txt · 18 bytes · uploaded")

        try tui.press("C-n")
        try tui.waitUntil("a new conversation, its tray empty") { !$0.contains("Attachments · ") }
        try tui.press("C-f")
        try tui.type("quarterly")
        try tui.waitFor("Results (1)")
        try tui.press("Enter")
        try tui.press("Enter")
        let back = try tui.waitFor("minutes.txt · 18 bytes · uploaded")
        #expect(back.contains("Attachments · 1 file"), "\(back)")

        try tui.press("Enter")
        // Sent at once, or (files restored from the draft not yet handed back to the upload keeper) refused
        // with the tray kept, and sent by the next Enter.
        let sent = try tui.waitUntil("the tray emptied after the send, or the send put off") {
            !$0.contains("Attachments · ") || $0.contains("still being restored")
        }
        if sent.contains("still being restored") {
            #expect(sent.contains("minutes.txt · 18 bytes · uploaded"), "\(sent)")
            try tui.press("Enter")
            try tui.waitUntil("the tray emptied after the send") { !$0.contains("Attachments · ") }
        }
        let blocks = try Self.lastUserMessage(of: 2, in: session)
        #expect(blocks.count == 1, "\(blocks)")
        #expect(blocks.first?["filename"] as? String == "minutes.txt")
    }

    /// The content blocks of the last owner's message, carrying a file, in the
    /// conversation that holds `count` of them, as the server stored it (waits
    /// up to 10 s; the fixture's seeded conversations carry no file).
    static func lastUserMessage(of count: Int, in session: TUISession) throws -> [[String: Any]] {
        let requests = FixtureRequests(fixture: session.fixture)
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            let sessions = try requests.json("GET", "/v1/sessions")["items"] as? [[String: Any]] ?? []
            for id in sessions.compactMap({ $0["id"] as? String }) {
                let messages = try requests.json("GET", "/v1/sessions/\(id)/messages")["items"] as? [[String: Any]] ?? []
                let users = messages.filter { $0["role"] as? String == "user" }
                if users.count == count, let blocks = users.last?["content"] as? [[String: Any]],
                   blocks.contains(where: { $0["type"] as? String == "file" }) { return blocks }
            }
            Thread.sleep(forTimeInterval: 0.2)
        }
        return []
    }
}
