import Foundation
import Testing

/// veet-mail (Apps/veet-mail), the tailored mail client built from Email's and
/// Subscriptions' own screens, against the fixture: the inbox, a thread with its
/// drafted reply, Review & Send approved once, the Subscriptions screen (S) and
/// back (Esc), and Ctrl-C leaves. The server and token come from the environment,
/// never the arguments.
@Suite(.serialized) struct MailClientJourneyTests {
    @Test func inboxThreadSendSubscriptionsAndLeave() throws {
        guard TmuxTerminal.isAvailable else {
            Issue.record("tmux is missing: Scripts/bootstrap installs it")
            return
        }
        let session = try TUISession(width: 160, height: 48, program: "veet-mail")
        defer { session.stop() }
        let mail = session.terminal

        // The inbox with the five important threads, the board thread open beside it.
        let inbox = try mail.waitUntil("the important threads") { $0.contains("OTHER MAIL") && $0.contains("Ann is waiting") }
        #expect(inbox.contains("Board materials for Thursday") && inbox.contains("Q3 roadmap review"))
        try mail.waitFor("Your reply, drafted by Veetbot")

        // Review & Send: the exact message, verified, approved once.
        try mail.press("Enter")
        try mail.press("s")
        let sheet = try mail.waitFor("a Approve once")
        #expect(sheet.contains("To: ann@example.test"))
        try mail.press("a")
        try mail.waitFor("Sent.")
        try mail.press("Escape")
        try mail.press("Escape")

        // The unsubscribe tool over the inbox, and back.
        try mail.waitFor("S subscriptions")
        try mail.press("S")
        try mail.waitUntil("the census") { $0.contains("Example News") && $0.contains("0 of 25 selected") }
        try mail.press("Escape")
        try mail.waitFor("S subscriptions")

        try mail.press("C-c")
    }
}
