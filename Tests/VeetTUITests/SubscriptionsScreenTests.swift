import Foundation
import Testing
@testable import veet_tui
import VeetCurses
import VeetEmail
import VeetEmailScreens
import VeetSubscriptions
import VeetSubscriptionsScreens
import VeetTokens
import VeetTransport

/// The Subscriptions screen (VeetSubscriptionsScreens) mounted over Email mode:
/// the census, a selection with its count, and the confirmation sheet at 80x24
/// and 160x48, each as its text (`Screens/subscriptions-*.txt`) and its colours
/// in the light and the dark palette; where Email offers it. The screen's own
/// rules are tested as a value in Modules/VeetSubscriptions/Tests/VeetSubscriptionsFacesTests.
@Suite struct SubscriptionsScreenTests {
    static func hex(_ n: Int, _ prefix: String = "a") -> String {
        let digits = String(n, radix: 16)
        return prefix + String(repeating: "0", count: 63 - digits.count) + digits
    }

    static func row(_ n: Int, _ name: String, count: Int, mechanism: Mechanism = .oneClick, destination: String = "",
                    verified: Bool = true, state: SubscriptionState = .active, protected: Bool = false,
                    account: String = "default") -> Subscription {
        let digest = verified && (mechanism == .oneClick || mechanism == .mailto) ? hex(n, "d") : nil
        return Subscription(id: hex(n), accountID: account, displayName: name, address: "news@\(name.lowercased().filter(\.isLetter)).example",
                            threadCount: count, lastReceivedAt: Timestamp("2026-11-2\(n % 9)T09:30:00Z"), mechanism: mechanism,
                            verified: verified, destination: destination, evidenceDigest: digest, state: state,
                            isProtected: protected, protectedReason: protected ? .importantFeedback : nil, revision: 3)
    }

    static let rows = [
        row(1, "Example News", count: 38, destination: "example.com"),
        row(2, "Daily Deals", count: 21, destination: "deals.example"),
        row(3, "Book Club", count: 9, destination: "books.example", protected: true),
        row(4, "Checking Sender", count: 7, verified: false),
        row(5, "Cooking Club", count: 6, mechanism: .mailto, destination: "unsub@cooking.example"),
        row(6, "No Way Out", count: 5, mechanism: .none),
        row(7, "Still Sending Co", count: 4, destination: "still.example", state: .stillSending),
        row(8, "Kept Digest", count: 3, destination: "kept.example", state: .kept),
        row(9, "Work Bulletin", count: 2, destination: "work.example", account: "work"),
    ]

    static let flags = AccountFlags([
        SubscriptionAccountCapabilities(accountID: "default", unsubscribeSupported: true, spamSupported: true),
        SubscriptionAccountCapabilities(accountID: "work", unsubscribeSupported: false, spamSupported: false),
    ])

    static func screen() -> SubscriptionsScreen {
        var screen = SubscriptionsScreen(flags: flags, accounts: [.init(id: "default", label: "Personal"),
                                                                   .init(id: "work", label: "Work")])
        screen.show(Page(items: rows, nextCursor: "next"), append: false)
        return screen
    }

    static func selected() -> SubscriptionsScreen {
        var screen = screen()
        screen.toggleCurrent()
        screen.cursor = 4
        screen.toggleCurrent()
        return screen
    }

    static func confirming() -> SubscriptionsScreen {
        var screen = selected()
        screen.openConfirmation()
        return screen
    }

    static func paint(_ screen: SubscriptionsScreen, width: Int, height: Int) -> ScreenGrid {
        EmailScreenTests.paint(EmailScreenTests.inbox(), width: width, height: height) { $0.subscriptions = mounted(screen) }
    }

    /// The screen as Email mode holds it (no work runs here: nothing is sent).
    static func mounted(_ screen: SubscriptionsScreen) -> MountedScreen {
        var screen = screen
        screen.connection = "127.0.0.1"
        let sender = HTTPRequestSender(send: { _ in HTTPResponse(status: 500, headers: [:], body: Data()) })
        return MountedScreen(screen, work: SubscriptionsScreenWork(api: SubscriptionsAPI(sender: sender, retry: .never)), mount: 1)
    }

    @Test(arguments: [(80, 24), (160, 48)])
    func theListASelectionAndTheConfirmationPaintTheirGoldenScreens(size: (width: Int, height: Int)) {
        for (name, screen) in [("list", Self.screen()), ("selected", Self.selected()), ("confirm", Self.confirming())] {
            let grid = Self.paint(screen, width: size.width, height: size.height)
            let label = "subscriptions-\(name)-\(size.width)x\(size.height)"
            GoldenScreen.check(grid.snapshot, named: label)
            for appearance in Appearance.allCases {
                GoldenScreen.check(StyleLegend.of(grid, appearance: appearance), named: "\(label)-\(appearance.rawValue)")
            }
        }
    }

    @Test func theKeyIsOfferedOnlyWhileSomeAccountReportsUnsubscribeSupported() {
        var email = EmailScreenTests.inbox()
        #expect(!email.offersSubscriptions)
        #expect(!EmailScreenTests.paint(email, width: 160, height: 48).snapshot.contains("S subscriptions"))
        email.accounts[0].unsubscribeSupported = true
        #expect(email.offersSubscriptions)
        let flags = ChatScreen.subscriptionFlags(email.accounts)
        #expect(flags.spamSupported("default") && !flags.unsubscribeSupported("work"))
        #expect(EmailScreenTests.paint(email, width: 160, height: 48).snapshot.contains("S subscriptions"))
    }

    @Test func aThreadsSubscriptionBlockOffersTheSameConfirmationForOneRow() throws {
        var email = EmailScreenTests.reading()
        email.detail?.subscription = SubscriptionBlock(id: Self.hex(1), state: "active", mechanism: "one_click",
                                                       destination: "example.com", evidenceDigest: Self.hex(1, "d"), revision: 4)
        // Without the account's flag the block is not shown at all.
        let detail = try #require(email.detail)
        #expect(ChatScreen.subscriptionRow(detail, email.accounts) == nil)
        #expect(email.subscriptionOffer == nil)
        #expect(!EmailScreenTests.paint(email, width: 160, height: 48).snapshot.contains("Bulk sender"))
        email.accounts[0].unsubscribeSupported = true
        let row = ChatScreen.subscriptionRow(detail, email.accounts)
        #expect(row != nil)
        #expect(row?.senderName == "Ann Lee" && row?.revision == 4 && row?.isEligibleToUnsubscribe == true)
        let offer = email.subscriptionOffer
        #expect(offer == SubscriptionOffer(text: "One-click request to example.com · Active", unsubscribeLabel: "Unsubscribe"))
        #expect(EmailScreenTests.paint(email, width: 160, height: 48).snapshot
            .contains("┃ Bulk sender: One-click request to example.com · Active  x Unsubscribe"))
        let flags = ChatScreen.subscriptionFlags(email.accounts)
        let sheet = try ThreadUnsubscribe(row: try #require(row), flags: flags)
        let painted = EmailScreenTests.paint(email, width: 160, height: 48) { $0.unsubscribe = sheet }.snapshot
        #expect(painted.contains("Unsubscribe from Ann Lee?") && painted.contains("An unsubscribe cannot be undone."))
        // The command carries the block's id, digest and revision.
        let target = sheet.sheet.confirmation.command().targets.first
        #expect(target?.subscriptionID == Self.hex(1) && target?.evidenceDigest == Self.hex(1, "d") && target?.expectedRevision == 4)
        // The Subscriptions screen, when open, shows only its own confirmation (none here).
        let over = EmailScreenTests.paint(email, width: 160, height: 48) {
            $0.unsubscribe = sheet
            $0.subscriptions = Self.mounted(Self.screen())
        }
        #expect(!over.snapshot.contains("Unsubscribe from Ann Lee?"))
    }
}
