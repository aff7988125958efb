import Foundation
import Testing

/// `i` on an answer (issue 20 item 7): the run's details as `veet run show`
/// gives them, read from the fixture, closed with Esc.
@Suite(.serialized) struct TUIRunDetailsTests {
    @Test func anAnswersRunShowsItsStepsCallsAndCost() throws {
        guard TmuxTerminal.isAvailable else {
            Issue.record("tmux is missing: Scripts/bootstrap installs it")
            return
        }
        let session = try TUISession(width: 100, height: 30,
                                     extraEnvironment: "XDG_RUNTIME_DIR=/tmp/veet-no-daemon-\(UUID().uuidString.prefix(8))")
        defer { session.stop() }
        let tui = session.terminal
        try tui.waitFor("New conversation")
        try tui.type("What is 17 * 23?")
        try tui.press("Enter")
        try tui.waitFor("The answer is 391.", seconds: 20)
        try tui.waitUntil("the run over") { !$0.contains("Working") }
        try tui.press("Up")
        try tui.press("i")
        let details = try tui.waitUntil("the run read") { $0.contains("Run details") && $0.contains("Status: COMPLETED") }
        #expect(details.contains("Steps: "), "\(details)")
        #expect(details.contains("Model calls: "), "\(details)")
        #expect(details.contains("Tool calls: "), "\(details)")
        #expect(details.contains("Cost: $"), "\(details)")
        try tui.press("Escape")
        try tui.waitUntil("closed") { !$0.contains("Run details") }
        try tui.press("C-d")
    }
}
