import Foundation
import Testing

/// veet-tui's folder sidebar and website-action approvals in a real terminal
/// (tmux) against the fixture: create a folder (with a refused name shown in
/// the form), accept the suggestion it causes, move a conversation through
/// the move menu, open the folder; then a browser.act card allowed for the
/// task, its permission line, and Stop.
@Suite(.serialized) struct TUIFolderJourneyTests {
    /// A server with folders but no suggestions (`--no-folder-proposals`): the folders work, and the
    /// sidebar says in one line, where suggestions would be, that this server does not offer them.
    @Test func aServerWithoutSuggestionsSaysSoInTheSidebar() throws {
        guard TmuxTerminal.isAvailable else {
            Issue.record("tmux is missing: Scripts/bootstrap installs it")
            return
        }
        let session = try TUISession(width: 120, height: 36, fixtureArguments: ["--seed-sessions", "3", "--no-folder-proposals"],
                                     extraEnvironment: "XDG_RUNTIME_DIR=/tmp/veet-no-daemon-\(UUID().uuidString.prefix(8))")
        defer { session.stop() }
        let tui = session.terminal
        let shown = try tui.waitFor("Suggested folders: not offered")
        #expect(shown.contains("+ New folder"), "the folders still work:\n\(shown)")
        try tui.press("C-o", "End", "Enter")
        try tui.waitFor("New folder ")
        try tui.type("Checklist")
        try tui.press("Enter")
        let created = try tui.waitFor("Folder created")
        #expect(created.contains("Suggested folders: not offered") && !created.contains("✦"), "\(created)")
    }

    @Test func foldersSuggestionsMoveAndATaskPermission() throws {
        guard TmuxTerminal.isAvailable else {
            Issue.record("tmux is missing: Scripts/bootstrap installs it")
            return
        }
        // No daemon listens on this runtime directory: the TUI works the same, without a word about it.
        // The rows are counted below: no "Needs you" rows of the features above the chats.
        let session = try TUISession(width: 120, height: 36, fixtureArguments: ["--seed-sessions", "3"] + TUISession.withoutFeatureNeeds,
                                     extraEnvironment: "XDG_RUNTIME_DIR=/tmp/veet-no-daemon-\(UUID().uuidString.prefix(8))")
        defer { session.stop() }
        let tui = session.terminal

        // The fixture offers folders: the control shows once the index is read.
        try tui.waitFor("+ New folder")
        try tui.press("C-o", "End", "Enter")
        try tui.waitFor("New folder ")
        try tui.type("Checklist")
        try tui.press("Enter")
        // Two "Checklist: …" conversations and a folder named so: the fixture suggests filing them.
        let suggested = try tui.waitFor("✦ Checklist (2)")
        #expect(suggested.contains("Suggested folders"))
        #expect(suggested.contains("Folder created"))

        // A taken name is a field error inside the form, which stays open.
        try tui.press("Enter")
        try tui.type("checklist")
        try tui.press("Enter")
        let refused = try tui.waitFor("A folder with this name already exists.")
        #expect(refused.contains("│checklist"), "\(refused)")
        try tui.press("Escape")

        // Accept the suggestion (new conversation 0, Recent chats 1-4, Suggested folders 5, the suggestion 6).
        try tui.press("Home", "Down", "Down", "Down", "Down", "Down", "Down", "a")
        try tui.waitFor("Suggestion accepted")
        let filed = try tui.waitUntil("both conversations filed") { screen in
            let sidebar = Self.sidebar(screen)
            guard let history = sidebar.firstIndex(where: { $0.contains("History") }) else { return false }
            return sidebar.contains { $0.contains("▸ Checklist") && $0.hasSuffix("2") }
                && !sidebar[history...].contains { $0.contains("Checklist:") }
        }
        #expect(!filed.contains("Suggested folders"))

        // The move menu files the last history row; the folder then opens with it.
        try tui.press("End", "End", "Up", "m")
        try tui.waitFor("Move to Checklist")
        try tui.press("Enter")
        try tui.waitFor("Moved to Checklist")
        try tui.press("Home", "Home", "Down", "Down", "Down", "Down", "Down", "Down", "Enter")
        let open = try tui.waitUntil("the folder open with three conversations") { screen in
            let sidebar = Self.sidebar(screen)
            guard let folder = sidebar.firstIndex(where: { $0.contains("▾ Checklist") }), folder + 3 < sidebar.count else {
                return false
            }
            return sidebar[folder + 1...folder + 3].allSatisfy { $0.hasPrefix("  ") }
                && sidebar[folder + 1...folder + 3].contains { $0.contains("Saving plan") }
        }
        #expect(open.contains("+ New folder"))
        // A conversation inside the folder opens like any other (its third, by activity).
        try tui.press("Down", "Down", "Down", "Enter")
        try tui.waitUntil("the filed conversation open") {
            $0.split(separator: "\n").last?.contains("Saving plan for the grocery budget") == true
        }

        // A browser.act approval: the card, then "allow for this task" in two steps.
        try tui.press("C-n")
        try tui.type("Browse to the next lesson")
        try tui.press("Enter")
        let card = try tui.waitFor("t allow for this task")
        #expect(card.contains("Click button website text: \"Next lesson\" on www.example.org/lesson/3"), "\(card)")
        try tui.press("t")
        try tui.waitFor("Allow all routine actions on https://www.example.org/lesson for this task?")
        try tui.press("y")
        try tui.waitFor("Task permission: Allowed on www.example.org/lesson")
        try tui.waitFor("Ctrl-C quit")
        try tui.press("C-g")
        try tui.waitFor("Task permission stopped")
        try tui.waitUntil("the permission line gone") { !$0.contains("Task permission: Allowed") }
        try tui.press("C-d")
    }

    /// A server without folders shows no folder control and no move menu, and says nothing about it.
    @Test func aServerWithoutFoldersShowsNoFolderControl() throws {
        guard TmuxTerminal.isAvailable else {
            Issue.record("tmux is missing: Scripts/bootstrap installs it")
            return
        }
        let session = try TUISession(width: 120, height: 36, fixtureArguments: ["--seed-sessions", "3", "--no-folders"])
        defer { session.stop() }
        let tui = session.terminal
        try tui.waitFor("Checklist: hiring plan")
        try tui.press("C-o", "End", "m")
        let screen = try tui.settled()
        #expect(!screen.contains("New folder"))
        #expect(!screen.contains("Folders"))
        #expect(!screen.contains("Move"))
        #expect(!screen.contains("folders"), "no notice about folders:\n\(screen)")
        try tui.press("C-d")
    }

    /// The sidebar column of a capture, each line trimmed at the right.
    static func sidebar(_ screen: String) -> [String] {
        screen.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            let cells = line.split(separator: "│", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            return String(cells.dropFirst()).replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
        }
    }
}
