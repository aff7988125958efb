import Foundation
import Testing
import VeetConsole
import VeetPeople
import VeetPeopleCommands
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
