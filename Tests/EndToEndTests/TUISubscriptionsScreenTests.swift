import Foundation
import Testing

/// The Subscriptions screen (S in Email mode) against the fixture: the census
/// beside the chosen sender's detail, two senders selected ("2 of 25"), the
/// confirmation naming both with what they offer, and the rows settling in
/// place from the durable operation; and a server whose accounts do not offer
/// unsubscribe assistance, where the key is nowhere.
@Suite(.serialized) struct TUISubscriptionsScreenTests {
    @Test func openSelectTwoConfirmAndTheRowsSettle() throws {
        guard TmuxTerminal.isAvailable else {
            Issue.record("tmux is missing: Scripts/bootstrap installs it")
            return
        }
        let session = try TUISession(width: 160, height: 48,
                                     extraEnvironment: "XDG_RUNTIME_DIR=/tmp/veet-no-daemon-\(UUID().uuidString.prefix(8))")
        defer { session.stop() }
        let tui = session.terminal
        try tui.waitFor("New conversation")
        try tui.press("F7")
        try tui.waitFor("S subscriptions")
        try tui.press("S")

        // The census in the server's order, the first sender's detail beside it.
        let list = try tui.waitUntil("the census") { $0.contains("Example News") && $0.contains("Deals Weekly") }
        #expect(list.contains("One-click request to example.com · Active"))
        #expect(list.contains("Checking…"))
        #expect(list.contains("0 of 25 selected"))
        #expect(list.contains("u Unsubscribe  ! Report spam  k Keep"))
        // The list's column only (the detail beside it names the chosen sender too).
        let lines = list.split(separator: "\n").map { $0.prefix(78) }
        let news = lines.firstIndex { $0.contains("Example News") }, deals = lines.firstIndex { $0.contains("Deals Weekly") }
        #expect(news != nil && deals != nil && news! < deals!)

        try tui.press("Space", "Down", "Space")
        try tui.waitFor("2 of 25 selected")
        try tui.press("u")
        let sheet = try tui.waitFor("Unsubscribe from 2 senders?")
        #expect(sheet.contains("Example News — One-click request to example.com"))
        #expect(sheet.contains("Deals Weekly — Sends an email to unsub@deals.example"))
        #expect(sheet.contains("An unsubscribe cannot be undone."))
        #expect(sheet.contains("[ ] Also archive existing mail from these senders"))
        try tui.press("Enter")

        // Both rows settle where they were: unsubscribed, quietly.
        let settled = try tui.waitUntil("both rows unsubscribed", seconds: 20) { screen in
            !screen.contains("Unsubscribing…") && screen.contains("One-click request to example.com · Unsubscribed")
                && screen.contains("Sends an email to unsub@deals.example · Unsubscribed")
        }
        #expect(!settled.contains("⚠") && !settled.contains("Unsubscribe from 2 senders?"), "\(settled)")
        #expect(settled.contains("0 of 25 selected"))
        let after = settled.split(separator: "\n").map { $0.prefix(78) }
        let newsAfter = after.firstIndex { $0.contains("Example News") }, dealsAfter = after.firstIndex { $0.contains("Deals Weekly") }
        #expect(newsAfter == news && dealsAfter == deals)

        // Keep is reversible; a sender that refuses comes back with what happened and what remains.
        try tui.press("Down")
        try tui.waitFor("Offers: One-click request to shop.example")
        try tui.press("k")
        try tui.waitFor("Keeping Rejecting Retailer")
        try tui.waitFor("shop.example · Kept")
        try tui.press("k")
        try tui.waitFor("Stopped keeping Rejecting Retailer.")
        try tui.press("u")
        try tui.waitFor("Unsubscribe from Rejecting Retailer?")
        try tui.press("Enter")
        let refused = try tui.waitFor("⚠ The sender's server refused the unsubscribe request.", seconds: 20)
        #expect(refused.contains("shop.example") && refused.contains("Try again, Report spam, Keep"), "\(refused)")

        // Esc goes back to the inbox.
        try tui.press("Escape")
        try tui.waitFor("OTHER MAIL")
        try tui.press("C-d")
    }

    @Test func aThreadsBulkSenderLineOpensTheSameConfirmationForOneSender() throws {
        guard TmuxTerminal.isAvailable else {
            Issue.record("tmux is missing: Scripts/bootstrap installs it")
            return
        }
        let session = try TUISession(width: 160, height: 48,
                                     extraEnvironment: "XDG_RUNTIME_DIR=/tmp/veet-no-daemon-\(UUID().uuidString.prefix(8))")
        defer { session.stop() }
        let tui = session.terminal
        try tui.waitFor("New conversation")
        try tui.press("F7")
        try tui.waitFor("S subscriptions")
        try tui.press("/")
        try tui.type("Flash sale")
        try tui.press("Enter")
        try tui.waitFor("Bulk sender: One-click request to shop.example · Active  x Unsubscribe")
        try tui.press("x")
        let sheet = try tui.waitFor("Unsubscribe from Daily Deals?")
        #expect(sheet.contains("Daily Deals — One-click request to shop.example"))
        #expect(sheet.contains("An unsubscribe cannot be undone."))
        try tui.press("Escape")
        try tui.waitFor("Not unsubscribed; nothing was sent.")
        try tui.press("x")
        try tui.waitFor("Unsubscribe from Daily Deals?")
        try tui.press("Enter")
        let done = try tui.waitFor("Bulk sender: One-click request to shop.example · Unsubscribed", seconds: 20)
        #expect(!done.contains("x Unsubscribe") && !done.contains("⚠"), "\(done)")
        try tui.press("C-d")
    }

    @Test func withoutTheFlagTheScreensKeyIsHidden() throws {
        guard TmuxTerminal.isAvailable else {
            Issue.record("tmux is missing: Scripts/bootstrap installs it")
            return
        }
        let session = try TUISession(width: 160, height: 48, fixtureArguments: ["--no-subscriptions"],
                                     extraEnvironment: "XDG_RUNTIME_DIR=/tmp/veet-no-daemon-\(UUID().uuidString.prefix(8))")
        defer { session.stop() }
        let tui = session.terminal
        try tui.waitFor("New conversation")
        try tui.press("F7")
        // The accounts are read (the filter appears with them), and still no S.
        let inbox = try tui.waitFor("a All accounts")
        #expect(!inbox.contains("S subscriptions"))
        try tui.press("S")
        Thread.sleep(forTimeInterval: 1)
        let still = try tui.capture()
        #expect(!still.contains("Subscriptions │") && still.contains("OTHER MAIL"), "\(still)")
        try tui.press("?")
        let help = try tui.waitFor("Email (F7)")
        #expect(!help.contains("Subscriptions (S in Email)"))
        try tui.press("Escape", "C-d")
    }
}
