import Foundation
import Testing

extension CommandTour {
    /// `veet email …`: every command plain and with --json, and a refusal or a missing id each.
    func email() throws {
        let board = "e1000000-0000-4000-8000-000000000001", lease = "e1000000-0000-4000-8000-000000000002"
        let dinner = "e1000000-0000-4000-8000-000000000003", work = "e1000000-0000-4000-8000-000000000007"
        let school = "e1000000-0000-4000-8000-000000000006", failedSend = "e1000000-0000-4000-8000-000000000055"
        let editor = ["EDITOR": "sed -i s/Robin/Robin./", "VISUAL": ""]
        try run.veet(["email", "accounts"])
        try run.veet(["email", "accounts", "--json"])
        try run.veet(["email", "inbox"])
        try run.veet(["email", "inbox", "--all", "--account", "work", "--search", "a", "--limit", "3", "--json"])
        try run.veet(["email", "inbox", "--other", "--all"], expect: [2])
        try run.veet(["email", "show", board])
        try run.veet(["email", "show", missing, "--json"], expect: [4])
        try run.veet(["email", "reply", lease], environment: editor)
        try run.veet(["email", "reply", failedSend, "--json"], environment: editor)
        try run.veet(["email", "reply", school], environment: editor, expect: [1])
        try run.veet(["email", "draft", "show", lease])
        try run.veet(["email", "draft", "show", dinner, "--json"], expect: [4])
        try run.veet(["email", "draft", "history", lease])
        try run.veet(["email", "draft", "history", lease, "--json"])
        try run.veet(["email", "draft", "restore", "1", lease])
        try run.veet(["email", "draft", "restore", "9", lease, "--json"], expect: [4])
        try run.veet(["email", "draft", "endorse", lease])
        try run.veet(["email", "draft", "endorse", lease, "--json"])
        try run.veet(["email", "send", lease], expect: [7])
        try run.veet(["email", "send", lease, "--yes", "--json"])
        try run.veet(["email", "send", school, "--yes"], expect: [1])
        try run.veet(["email", "draft", "discard", failedSend])
        try run.veet(["email", "draft", "discard", failedSend, "--json"], expect: [4])
        try run.veet(["email", "archive", dinner])
        try run.veet(["email", "unarchive", dinner, "--json"])
        try run.veet(["email", "archive", work, "--json"], expect: [1])
        try run.veet(["email", "unarchive", work], expect: [1])
        try run.veet(["email", "handled", dinner, "--json"])
        try run.veet(["email", "unhandled", dinner])
        try run.veet(["email", "handled", missing], expect: [4])
        try run.veet(["email", "unhandled", dinner, "--json"], expect: [1])
        try run.veet(["email", "spam", dinner])
        try run.veet(["email", "not-spam", dinner, "--json"])
        try run.veet(["email", "spam", work, "--json"], expect: [1])
        try run.veet(["email", "not-spam", work], expect: [1])
        let feedback = try run.veet(["email", "feedback", dinner, "important", "--json"])
        try run.veet(["email", "feedback", "undo", try run.value(feedback, "feedback_id")])
        try run.veet(["email", "feedback", dinner, "very-important"], expect: [2])
        try run.veet(["email", "learning"])
        try run.veet(["email", "learning", "show", "--json"])
        try run.veet(["email", "learning", "pause"])
        try run.veet(["email", "learning", "pause", "--json"])
        try run.veet(["email", "learning", "resume", "--json"])
        try run.veet(["email", "learning", "resume"])
        try run.veet(["email", "learning", "reset", "style"])
        try run.veet(["email", "learning", "reset", "everything", "--json"], expect: [2])
        try run.veet(["email", "learning", "exclude", "e1000000-0000-4000-8000-000000000012"])
        try run.veet(["email", "learning", "exclude", missing, "--json"], expect: [4])
        try run.veet(["email", "refresh"])
        try run.veet(["email", "refresh", "--wait", "--json"])
        try run.veet(["email", "discuss", board, "--json"])
        try run.veet(["email", "discuss", board, "--once", "Tell me more"])
    }
}
