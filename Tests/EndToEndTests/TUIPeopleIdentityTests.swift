import Foundation
import Testing

/// The People screen's identity and import flows against the fixture: a
/// suggestion's Merge previewed in a sheet, applied and undone from the
/// target's profile; a suggestion answered Not the same; Repair identity; a
/// contact detail added; and a history import through its budget pause and resume.
@Suite(.serialized) struct TUIPeopleIdentityTests {
    static func open() throws -> TUISession? {
        guard TmuxTerminal.isAvailable else {
            Issue.record("tmux is missing: Scripts/bootstrap installs it")
            return nil
        }
        let session = try TUISession(width: 140, height: 40,
                                     extraEnvironment: "XDG_RUNTIME_DIR=/tmp/veet-no-daemon-\(UUID().uuidString.prefix(8))")
        try session.terminal.waitFor("New conversation")
        try session.terminal.press("F6")
        try session.terminal.waitFor("NAMES AND CONTACT DETAILS")
        return session
    }

    /// Down until the profile shows `text` (the list is long; the order is the server's).
    @discardableResult
    static func choose(until text: String, in tui: TmuxTerminal) throws -> String {
        for _ in 0..<30 {
            // Settled: the chosen person's profile has been read before the next step.
            let screen = try tui.settled()
            if screen.contains(text) { return screen }
            try tui.press("Down")
            usleep(300_000)
        }
        return try tui.waitFor(text, seconds: 2)
    }

    @Test func aSuggestionsMergeIsPreviewedAppliedAndUndone() throws {
        guard let session = try Self.open() else { return }
        defer { session.stop() }
        let tui = session.terminal
        let list = try tui.waitFor("possible duplicate")
        #expect(list.contains("Daniel Park · possible duplicate"))
        let profile = try Self.choose(until: "Possibly the same person as Daniel Park (same name)", in: tui)
        #expect(profile.contains("k not the same"))
        try tui.press("m")
        let sheet = try tui.waitFor("Enter apply")
        #expect(sheet.contains("Merge Daniel Park into Daniel Park"))
        #expect(sheet.contains("Moves 1 record from Daniel Park to Daniel Park"))
        #expect(sheet.contains("identifier: Daniel Park"))
        #expect(sheet.contains("Expires in 9 minutes. Nothing changes until you apply it."))
        try tui.press("Enter")
        try tui.waitFor("Merged Daniel Park into Daniel Park; u on Daniel Park's profile undoes it.")
        let merged = try tui.waitFor("Merged 1 record here.")
        #expect(!merged.contains("Daniel Park · possible duplicate"))
        try tui.press("u")
        try tui.waitFor("Undone; the people involved are as they were.")
        try tui.waitUntil("the merge gone from the profile") { !$0.contains("Merged 1 record here.") }
        try tui.press("Escape")
        try tui.press("C-d")
    }

    @Test func aSuggestionAnsweredNotTheSameIsNeverSuggestedAgain() throws {
        guard let session = try Self.open() else { return }
        defer { session.stop() }
        let tui = session.terminal
        try Self.choose(until: "Possibly the same person as Priya Raman (same first name)", in: tui)
        try tui.press("k")
        try tui.waitFor("Kept Priya and Priya Raman apart; they will not be suggested again.")
        let after = try tui.waitUntil("Priya no longer a duplicate") { !$0.contains("Priya · possible duplicate") }
        #expect(!after.contains("Possibly the same person as Priya Raman"))
        try tui.press("Escape", "C-d")
    }

    @Test func repairIdentityAndAContactDetail() throws {
        guard let session = try Self.open() else { return }
        defer { session.stop() }
        let tui = session.terminal
        // Maya (chosen first): a phone number that is someone else's moves to a new person.
        try tui.press("r")
        try tui.waitFor("[ ] identifier: +351 912 345 678")
        try Self.markRow("identifier: +351 912 345 678", in: tui)
        try tui.press("Enter")
        let sheet = try tui.waitFor("Enter apply")
        #expect(sheet.contains("Moves 1 record from Maya Chen to a new person."))
        try tui.press("Enter")
        try tui.waitFor("Separated 1 record from Maya Chen into a new person; u undoes it.")
        try tui.waitFor("Separated 1 record into a new person here.")
        try tui.waitUntil("the phone gone from Maya's profile") { !$0.contains("phone  +351 912 345 678") }

        try tui.press("c")
        try tui.waitFor("Contact details: Maya Chen")
        try tui.press("a", "Tab")
        try tui.waitFor("New phone:")
        try tui.type("+351 900 000 001")
        try tui.press("Enter")
        try tui.waitFor("Added phone +351 900 000 001.")
        try tui.press("Escape")
        try tui.waitFor("phone  +351 900 000 001")
        try tui.press("Escape", "C-d")
    }

    @Test func aContactEditMadeStaleElsewhereIsReadAgainAndSaysSo() throws {
        guard TmuxTerminal.isAvailable else {
            Issue.record("tmux is missing: Scripts/bootstrap installs it")
            return
        }
        let session = try TUISession(width: 120, height: 34, fixtureArguments: ["--people-edited-elsewhere"],
                                     extraEnvironment: "XDG_RUNTIME_DIR=/tmp/veet-no-daemon-\(UUID().uuidString.prefix(8))")
        defer { session.stop() }
        let tui = session.terminal
        try tui.waitFor("New conversation")
        try tui.press("F6")
        try tui.waitFor("email  maya.chen@example.com")
        try tui.press("c")
        try tui.waitFor("Contact details: Maya Chen")
        try tui.press("a")
        try tui.type("maya@studio.example")
        try tui.press("Enter")
        try tui.waitFor("Not changed: Maya Chen changed on another device meanwhile; read again, this is how it")
        let sheet = try tui.capture()
        #expect(!sheet.contains("email   maya@studio.example"))
        // The sheet now holds the revision read again: the same edit goes through.
        try tui.press("a")
        try tui.type("maya@studio.example")
        try tui.press("Enter")
        try tui.waitFor("Added email maya@studio.example.")
        try tui.waitFor("email   maya@studio.example")
        try tui.press("Escape", "Escape", "C-d")
    }

    /// Down in the Repair identity sheet until the chosen row is `label`, then Space.
    static func markRow(_ label: String, in tui: TmuxTerminal) throws {
        for _ in 0..<20 {
            try tui.press("Space")
            if (try? tui.waitFor("[x] \(label)", seconds: 1)) != nil { return }
            try tui.press("Space", "Down")
        }
        throw HarnessError("no row \(label) in the Repair identity sheet")
    }

    @Test func anImportPausesOnItsCapAndResumesWithAHigherOne() throws {
        guard let session = try Self.open() else { return }
        defer { session.stop() }
        let tui = session.terminal
        try tui.press("i")
        let list = try tui.waitFor("History imports")
        try tui.waitFor("budget paused")
        #expect(list.contains("n new import"))
        try tui.press("n")
        try tui.waitFor("New history import")
        try tui.press("Tab", "Tab", "Tab", "Tab", "Tab")
        try tui.press("C-u")
        try tui.type("0.50")
        try tui.press("Enter")
        let preview = try tui.waitFor("Import preview")
        #expect(preview.contains("200 records are known in this range."))
        #expect(preview.contains("at most 2000 records and $0.50"))
        try tui.press("Enter")
        try tui.waitFor("The spending cap was reached ($0.50 spent); r resumes it with a higher cap.")
        try tui.press("r")
        try tui.waitFor("New spending cap (USD, at most 100): 0.50")
        try tui.press("C-u")
        try tui.type("5.00")
        try tui.press("Enter")
        try tui.waitFor("The import completed: 200 of 200 records analysed, $2.00 spent.")
        try tui.press("Escape", "Escape", "C-d")
    }
}
