import Foundation
import Testing
import VeetChat
import VeetChatScreens
import VeetTransport

/// Which failed opening gives which page, and the page's words (the pictures: VeetTUITests' ConversationPageTests).
@Suite struct ConversationPageRuleTests {
    static let now = Date(timeIntervalSince1970: 1_796_000_000)
    /// The shell's age words, as the sidebar says them ("3h").
    static func age(_ date: Date, _ now: Date) -> String { "\(Int(now.timeIntervalSince(date)) / 3600)h" }

    @Test func unreachableSaysWhenTheServerWasLastReached() {
        let hours = ConversationPage.unreachable(lastReached: Self.now.addingTimeInterval(-3 * 3600)).detail(now: Self.now, age: Self.age)
        #expect(hours.contains("Last reached: 3h ago"), "\(hours)")
        let never = ConversationPage.unreachable(lastReached: nil).detail(now: Self.now, age: Self.age)
        #expect(never.contains("Last reached: never"), "\(never)")
    }

    @Test func whichFailureGivesWhichPage() {
        let deleted = APIError(status: 404, code: .notFound, message: "Session not found")
        let noRoute = APIError(status: 404, code: .notFound, message: HistoryRoutes.unmatchedPathMessage)
        let noMethod = APIError(status: 400, code: .malformedRequest, message: HistoryRoutes.unsupportedMethodMessage)
        let refused = APIError(status: 400, code: .malformedRequest, message: "title is too long")
        let offline = TransportError(.cannotConnect, "refused")
        #expect(ConversationPage(openingFailedWith: deleted, cachedAnything: true, lastReached: nil) == .deleted)
        #expect(ConversationPage(openingFailedWith: noRoute, cachedAnything: false, lastReached: nil) == .serverTooOld)
        #expect(ConversationPage(openingFailedWith: noMethod, cachedAnything: false, lastReached: nil) == .serverTooOld)
        #expect(ConversationPage(openingFailedWith: APIError(status: 405, code: .malformedRequest, message: "x"),
                                 cachedAnything: false, lastReached: nil) == .serverTooOld)
        #expect(ConversationPage(openingFailedWith: refused, cachedAnything: false, lastReached: nil) == nil)
        // Unreachable is a page only when nothing of the conversation is cached here; else the cache stays on screen.
        #expect(ConversationPage(openingFailedWith: offline, cachedAnything: false, lastReached: nil) == .unreachable(lastReached: nil))
        #expect(ConversationPage(openingFailedWith: offline, cachedAnything: true, lastReached: nil) == nil)
    }
}

extension ConversationPageRuleTests {
    @Test func aTLSRefusalIsNotCalledUnreachable() {
        let tls = TransportError(.tls, "certificate not trusted")
        #expect(ConversationPage(openingFailedWith: tls, cachedAnything: false, lastReached: nil) == nil)
        #expect(ConversationPage(openingFailedWith: TransportError(.timedOut, "30 s"), cachedAnything: false,
                                 lastReached: nil) == .unreachable(lastReached: nil))
    }
}

