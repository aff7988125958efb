import Foundation
import Testing
import VeetConsole
import VeetCurses
import VeetPeople
import VeetPeopleCommands
import VeetPeopleScreens
import VeetTestSupport
import VeetTransport

/// People's items for "Needs you": the Needs review collection as plain values.
@Suite struct PeopleNeedsYouTests {
    @Test func theNeedsReviewCollectionIsTheItems() async throws {
        let server = ScriptedServer()
        server.on("GET", "/v1/people") { _ in
            .json(["items": [["id": "p9", "revision": 1, "display_name": "The plumber", "state": "provisional",
                              "pinned": false, "sensitivity": "normal"]], "next_cursor": NSNull()])
        }
        let report = await PeopleNeedsYou(api: PeopleAPI(sender: server.sender, retry: .never)).read()
        guard case .items(let items) = report else { Issue.record("\(report)"); return }
        #expect(items.map(\.subject) == ["The plumber"])
        #expect(items.first?.feature == PeopleNeedsYou.feature)
        #expect(items.first?.command == "veet people show p9")
        #expect(server.requests("GET", "/v1/people").first?.queryValue("review") == "true")
    }

    @Test func aServerWithoutPeopleContributesNothing() async {
        let server = ScriptedServer()
        server.on("GET", "/v1/people", .apiError(404, "not_found"))
        #expect(await PeopleNeedsYou(api: PeopleAPI(sender: server.sender, retry: .never)).read() == .notOffered)
    }
}

/// "Needs you" opens a person to review on the People screen: selected, their profile read.
@Suite struct PeopleScreenOpeningTests {
    @Test func openingAPersonSelectsThemAndReadsTheirProfile() {
        let maya = PeopleScreenDriveTests().maya, sam = PeopleScreenDriveTests().sam
        var driver = ScreenDriver(PeopleScreen(opening: sam.id, now: { Date(timeIntervalSince1970: 1_796_000_000) }))
        let effects = driver.answer(.listed(pinned: [maya], review: [sam], everyone: [maya, sam]))
        #expect(driver.screen.selectedPerson?.id == sam.id)
        #expect(PeopleScreenDriveTests.names(effects) == ["profile \(sam.id)"])
        #expect(driver.screen.opening == nil)
    }
}
