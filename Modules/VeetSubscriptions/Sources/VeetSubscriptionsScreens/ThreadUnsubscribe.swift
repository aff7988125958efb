import Foundation
import VeetCurses
import VeetSubscriptions

/// The one unsubscribe confirmation for a single sender, held over another feature's page (a mail
/// thread's x): the same sheet as the census's, the flags it was confirmed under, and what it says
/// in that page's message line. The shell holds the value, paints it over the page and runs its work
/// on `SubscriptionsScreenWork`; it hands the page the words.
public struct ThreadUnsubscribe: Sendable {
    public var sheet: UnsubscribeSheet
    /// The accounts' flags the confirmation was made with (its command carries them).
    public let flags: AccountFlags

    /// Fails as `UnsubscribeConfirmation` does (a row that cannot be unsubscribed).
    public init(row: Subscription, flags: AccountFlags) throws(SubscriptionSelection.Refusal) {
        sheet = UnsubscribeSheet(confirmation: try UnsubscribeConfirmation(rows: [row], flags: flags))
        self.flags = flags
    }

    /// What a key did.
    public enum Answer: Sendable, Equatable {
        /// Still open (a toggle, a scroll, a key it ignores).
        case open
        /// Closed with nothing sent; the words for the page.
        case closed(String)
        /// Confirmed and closed: the work to run, and the words for the page meanwhile.
        case send(SubscriptionsScreenEffect, saying: String)
    }

    /// The sheet's keys (`height`: the terminal's rows).
    public mutating func press(_ key: KeyPress, height: Int) -> Answer {
        switch sheet.press(key, height: height) {
        case .open: .open
        case .cancelled: .closed("Not unsubscribed; nothing was sent.")
        case .confirmed(let confirmed):
            .send(.unsubscribe(confirmed, flags),
                  saying: "Unsubscribing from \(confirmed.rows.first?.senderName ?? "the sender")…")
        }
    }

    /// What the work's answer says on the page (success is quiet: the server's outcome line, if any),
    /// with the report when the sender's state changed (the page reads it again); nil for other answers.
    public static func words(for result: SubscriptionsScreenResult) -> (message: String, settled: CommandReport?)? {
        switch result {
        case .settled(let report): (report.outcomes.compactMap(\.message).first ?? "", report)
        case .commandFailed(_, let text): (text, nil)
        default: nil
        }
    }

    public func draw(in grid: inout ScreenGrid) { UnsubscribeSheetPainter.draw(sheet, in: &grid) }
}
