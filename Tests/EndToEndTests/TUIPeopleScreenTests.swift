import Foundation
import Testing

/// The People screen (F6) against the fixture: Pinned and Needs review at the
/// top, the chosen person's profile as a reading page, pin, rename, forget with
/// the typed name, Prepare for a conversation (a new conversation with the
/// request in the composer, not sent) — and a server without People, which
/// gets a plain page rather than an error; a profile's open thread opens in Email mode.
@Suite(.serialized) struct TUIPeopleScreenTests {
    @Test func readPinRenameForgetAndPrepare() throws {
        guard TmuxTerminal.isAvailable else {
            Issue.record("tmux is missing: Scripts/bootstrap installs it")
            return
        }
        let session = try TUISession(width: 140, height: 34,
                                     extraEnvironment: "XDG_RUNTIME_DIR=/tmp/veet-no-daemon-\(UUID().uuidString.prefix(8))")
        defer { session.stop() }
        let tui = session.terminal
        try tui.waitFor("New conversation")
        try tui.press("?")
        try tui.waitFor("people: profiles, prepare")
        try tui.press("Escape", "F6")

        // Pinned first, Maya chosen, her profile beside the list with its dated history.
        let page = try tui.waitFor("NAMES AND CONTACT DETAILS")
        #expect(page.contains("PINNED") && page.contains("NEEDS REVIEW"))
        #expect(page.contains(" MC  Maya Chen"))
        #expect(page.contains("email  maya.chen@example.com"))
        #expect(page.contains("Maya Chen — partner — Jules Moreau"))
        #expect(page.contains("Enter prepare for a conversation"))

        try tui.press("p")
        try tui.waitFor("Unpinned Maya Chen.")
        try tui.press("p")
        try tui.waitFor("Pinned Maya Chen.")

        // Jules: renamed through the sheet.
        try tui.press("Down")
        try tui.waitFor("email  jules@moreau.example")
        try tui.press("n")
        try tui.waitFor("New name: Jules Moreau")
        try tui.press("C-u")
        try tui.type("Jules M.")
        try tui.press("Enter")
        try tui.waitFor("Renamed to Jules M.")

        // Ana: a wrong name erases nothing; her name forgets her.
        try tui.press("Down")
        try tui.waitFor("email  ana.silva@example.org")
        try tui.press("x")
        try tui.waitFor("Type Ana Silva to forget")
        try tui.type("Ana")
        try tui.press("Enter")
        try tui.waitFor("Not forgotten; nothing was erased")
        try tui.press("x")
        let sheet = try tui.waitFor("Type Ana Silva to forget")
        #expect(sheet.contains("identifier=1, person=1") && sheet.contains("Everything Veetbot learned about this person is erased"))
        #expect(sheet.contains("stay in their source (chat, mail, SMS)."))
        try tui.type("Ana Silva")
        try tui.press("Enter")
        let after = try tui.waitFor("Forgot Ana Silva")
        #expect(!after.contains(" AS  Ana Silva"))

        // Prepare for a conversation: the request waits in a new conversation's composer.
        try tui.press("Home", "Enter")
        let chat = try tui.waitFor("Help me prepare for a conversation with Maya Chen")
        #expect(!chat.contains("NAMES AND CONTACT DETAILS"))
        try tui.press("C-d")
    }

    /// A profile's open threads (the threads its mail evidence names) lead to the thread in Email mode.
    @Test func aPersonsOpenThreadOpensInEmailMode() throws {
        guard TmuxTerminal.isAvailable else {
            Issue.record("tmux is missing: Scripts/bootstrap installs it")
            return
        }
        let session = try TUISession(width: 140, height: 34,
                                     extraEnvironment: "XDG_RUNTIME_DIR=/tmp/veet-no-daemon-\(UUID().uuidString.prefix(8))")
        defer { session.stop() }
        let tui = session.terminal
        try tui.waitFor("New conversation")
        try tui.press("F6")
        try tui.waitFor("NAMES AND CONTACT DETAILS")
        try tui.press("e")
        try tui.waitUntil("Maya's open threads listed") { screen in
            screen.contains("Threads and facts: Maya Chen") && screen.contains("Email thread e1000000-")
        }
        try tui.press("Enter")
        let thread = try tui.waitUntil("the thread open in Email mode") { screen in
            screen.contains("Neighbourhood association: budget vote") || screen.contains("Garden project planning")
        }
        #expect(!thread.contains("Threads and facts"), "\(thread)")
        try tui.press("F7")
        try tui.waitFor("Ctrl-C quit")
        try tui.press("C-d")
    }

    @Test func aServerWithoutPeopleGetsAPlainPage() throws {
        guard TmuxTerminal.isAvailable else {
            Issue.record("tmux is missing: Scripts/bootstrap installs it")
            return
        }
        let session = try TUISession(width: 100, height: 24, fixtureArguments: ["--no-people"],
                                     extraEnvironment: "XDG_RUNTIME_DIR=/tmp/veet-no-daemon-\(UUID().uuidString.prefix(8))")
        defer { session.stop() }
        let tui = session.terminal
        try tui.waitFor("New conversation")
        try tui.press("F6")
        let screen = try tui.waitFor("People is not enabled on this server.")
        #expect(!screen.contains("Could not"))
        try tui.press("Escape")
        try tui.waitFor("Ctrl-C quit")
        try tui.press("C-d")
    }
}
