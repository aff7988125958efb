import Foundation
import Testing
import VeetChat
import VeetWire

/// The two steps of "allow all actions for this task", as moves of the step itself.
@Suite struct TaskPermissionStepTests {
    static let offer = TaskGrantOffer(origin: "https://www.example.org", pathPrefix: "/lesson")

    @Test func withoutAnOfferNothingCanBeAskedForOrGranted() {
        var none = TaskPermissionStep(offer: nil)
        #expect(none == .notOffered)
        let asked = none.request()
        let granted = none.confirm()
        #expect(!asked && !granted)
        #expect(none == .notOffered)
    }

    @Test func onlyAConfirmationWhileTheOfferIsShownGrantsIt() {
        var step = TaskPermissionStep(offer: Self.offer)
        #expect(step == .offered)
        let early = step.confirm()
        #expect(!early, "a confirmation before the offer was shown grants nothing")
        let asked = step.request()
        #expect(asked && step.isConfirming)
        let again = step.request()
        #expect(!again, "asking twice is one step")
        let granted = step.confirm()
        #expect(granted)
        #expect(step == .offered)
    }

    @Test func backingOutReturnsToTheOffer() {
        var step = TaskPermissionStep(offer: Self.offer)
        step.withdraw()
        #expect(step == .offered)
        step.request()
        step.withdraw()
        #expect(step == .offered)
        let granted = step.confirm()
        #expect(!granted)
    }

    @Test func bothAppsStepIsOfferedOnlyOnABrowserCardWithAnOffer() {
        let browser = ChatServiceSamples.browserAct()
        #expect(TaskPermissionStep(approval: browser, card: BrowserActCard(browser)) == .offered)
        let bare = ChatServiceSamples.browserAct(offer: nil)
        #expect(TaskPermissionStep(approval: bare, card: BrowserActCard(bare)) == .notOffered)
        // An offer on any other tool is not shown: there is no card to show its scope on.
        let write = ChatServiceSamples.approval(offer: ChatServiceSamples.offer)
        #expect(BrowserActCard(write) == nil)
        #expect(TaskPermissionStep(approval: write, card: nil) == .notOffered)
    }
}
