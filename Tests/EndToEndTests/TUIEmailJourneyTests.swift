import Foundation
import Testing

/// Email mode (F7) against the fixture: the inbox with the five important
/// threads, reading the board thread, Teach Veetbot with Undo, the reply
/// through a stand-in $EDITOR (its file 0600 in XDG_RUNTIME_DIR, gone after),
/// Review & Send with Approve once, archive, and back to Chat with the
/// composer's text as it was.
@Suite(.serialized) struct TUIEmailJourneyTests {
    @Test func inboxReadTeachReplySendArchiveAndBackToChat() throws {
        guard TmuxTerminal.isAvailable else {
            Issue.record("tmux is missing: Scripts/bootstrap installs it")
            return
        }
        let runtime = FileManager.default.temporaryDirectory.appendingPathComponent("veet-email-run-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: runtime) }
        // The stand-in editor records the buffer's mode, then writes the reply.
        let editor = runtime.appendingPathComponent("editor.sh")
        try """
        #!/bin/sh
        stat -c %a "$1" > "\(runtime.path)/mode.txt"
        printf 'Thanks Ann, the board pack is approved.\\n' > "$1"
        """.write(to: editor, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: editor.path)
        let buffers = runtime.appendingPathComponent("buffers")
        let session = try TUISession(width: 160, height: 48,
                                     extraEnvironment: "XDG_RUNTIME_DIR=\(buffers.path) EDITOR=\(editor.path)")
        defer { session.stop() }
        let tui = session.terminal
        try tui.waitFor("New conversation")
        try tui.type("a message I am still writing")
        try tui.press("F7")

        // The inbox: the five important threads, then Other mail; the board thread open beside it.
        try tui.waitFor("OTHER MAIL")
        let inbox = try tui.waitUntil("the important threads") { $0.contains("Incident follow-up") && $0.contains("Ann is waiting") }
        for subject in ["Board materials for Thursday", "Q3 roadmap review", "Lease renewal", "School trip permission",
                        "Incident follow-up"] {
            #expect(inbox.contains(subject), "\(subject)")
        }
        #expect(inbox.contains("Draft reply ready · Ann is waiting"))
        let page = try tui.waitFor("Your reply, drafted by Veetbot")
        #expect(page.contains("📎 board-deck-q3.pdf (application/pdf"))
        #expect(page.contains("e Archive in Gmail"))

        // Teach Veetbot, then Undo.
        try tui.press("Enter")
        try tui.press("t")
        try tui.waitFor("About (←→): [this thread]")
        try tui.press("1", "Enter")
        try tui.waitFor("Marked important for this thread.   U Undo")
        try tui.press("U")
        try tui.waitFor("Undone: the feedback no longer applies.")

        // The reply through $EDITOR; the buffer was private and is gone.
        try tui.press("E")
        try tui.waitFor("Thanks Ann, the board pack is approved.")
        #expect((try? String(contentsOf: runtime.appendingPathComponent("mode.txt"), encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines) == "600")
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: buffers.path)) ?? []).isEmpty)
        try tui.waitFor("Saved (revision")

        // Review & Send: the exact message, verified, approved once.
        try tui.press("s")
        let sheet = try tui.waitFor("a Approve once")
        #expect(sheet.contains("The approval matches the reviewed message exactly."))
        #expect(sheet.contains("To: ann@example.test"))
        try tui.press("a")
        try tui.waitFor("Sent.")
        try tui.press("Escape")
        Thread.sleep(forTimeInterval: 1.5)

        // Archive: the row leaves and the next thread opens.
        try tui.press("Escape")
        Thread.sleep(forTimeInterval: 0.5)
        try tui.press("e")
        let archived = try tui.waitFor("Priya Nair <priya@work.example.test>")
        #expect(!archived.contains("Board materials for Thursday"))
        // Confirmed, not restored: no error comes back beside a row.
        Thread.sleep(forTimeInterval: 3)
        let settled = try tui.capture()
        #expect(!settled.contains("⚠") && !settled.contains("Board materials for Thursday"), "\(settled)")

        // Back to Chat: the composer holds what was typed.
        try tui.press("F7")
        try tui.waitFor("› a message I am still writing")
        try tui.press("C-d")
    }

    /// Issue 34's Email journeys, one fixture: pausing learning from the learning pane,
    /// restoring an earlier revision of the board reply from its history into the editor,
    /// then approving the lease reply after expanding its Bcc (the Review & Send sheet shows it).
    @Test func pauseLearningRestoreADraftAndApproveAReplyWithItsBcc() throws {
        guard TmuxTerminal.isAvailable else {
            Issue.record("tmux is missing: Scripts/bootstrap installs it")
            return
        }
        let session = try TUISession(width: 160, height: 48)
        defer { session.stop() }
        let tui = session.terminal
        try tui.waitFor("New conversation")
        try tui.press("F7")
        try tui.waitFor("Your reply, drafted by Veetbot")

        // Pausing learning: the pane says what is learned and shared, coverage as threads retrieved.
        try tui.press("L")
        let pane = try tui.waitFor("Learning from mail is on.")
        #expect(pane.contains("threads retrieved") && pane.contains("Coverage counts threads retrieved, not threads analysed."))
        try tui.press("p")
        try tui.waitFor("Learning from mail is paused.")
        try tui.waitFor("p resume learning")
        try tui.press("Escape")
        try tui.waitUntil("the pane closed") { !$0.contains("Learning from your mail") }

        // Restoring an earlier draft: the board reply's history, revision 1 back into the editor.
        try tui.press("Enter")
        try tui.press("H")
        try tui.waitFor("Draft history")
        try tui.waitFor("revision 3")
        try tui.press("Up", "Up", "Enter")
        try tui.press("NPage")  // the reply's footer, at the page's end
        try tui.waitFor("Restored revision 1 as revision 4.")

        // The lease reply: its Bcc open from the start, shut with c, expanded again, then approved.
        try tui.press("Escape")
        try tui.press("/")
        try tui.type("Lease")
        try tui.press("Enter")
        let lease = try tui.waitFor("Bcc: robin.records@example.test")
        #expect(lease.contains("Cc: office@elmlettings.example.test") && lease.contains("From: Marco Rossi"))
        try tui.press("c")
        try tui.waitUntil("the copies shut") { !$0.contains("Bcc: robin.records") && $0.contains("c Cc, Bcc, subject") }
        try tui.press("c")
        try tui.waitFor("Bcc: robin.records@example.test")
        try tui.press("s")
        let sheet = try tui.waitFor("a Approve once")
        #expect(sheet.contains("Bcc: robin.records@example.test") && sheet.contains("To: marco.rossi@lettings.example.test"))
        try tui.press("a")
        try tui.waitFor("Sent.")
        try tui.press("Escape")
        try tui.press("C-d")
    }
}
