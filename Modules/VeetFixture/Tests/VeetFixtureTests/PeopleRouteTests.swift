import Foundation
import Testing
import VeetFixture

/// The People routes' boundary rules (docs/wire/people.md §1): ceiling, keys, closed bodies, paging, the flag.
@Suite struct PeopleRouteTests {
    @Test func everyRouteRequiresACeiling() throws {
        let h = try Harness()
        #expect(try h.request("GET", "/v1/people").status == 400)
        #expect(try h.request("GET", "/v1/people?ceiling=secret").status == 400)
        let page = try h.request("GET", "/v1/people?ceiling=restricted&limit=100")
        #expect(page.status == 200)
        #expect((page.object["items"] as? [Any])?.count == 83)
        #expect(try h.request("GET", "/v1/people?ceiling=restricted&limit=101").status == 400)
        let session = try h.createSession()
        let body = #"{"session_id":"\#(session)","display_name":"Nadia"}"#
        #expect(try h.request("POST", "/v1/people", headers: [("Idempotency-Key", "k1")], body: body).status == 400)
    }

    @Test func writesNeedAKeyAClosedBodyAndAKnownSession() throws {
        let h = try Harness()
        let session = try h.createSession()
        let body = #"{"session_id":"\#(session)","display_name":"Nadia"}"#
        let path = "/v1/people?ceiling=restricted"
        #expect(try h.request("POST", path, body: body).status == 400)
        let created = try h.request("POST", path, headers: [("Idempotency-Key", "k1")], body: body)
        #expect(created.status == 201)
        let replay = try h.request("POST", path, headers: [("Idempotency-Key", "k1")], body: body)
        #expect(replay.object["id"] as? String == created.object["id"] as? String)
        let other = try h.request("POST", path, headers: [("Idempotency-Key", "k1")],
                                  body: #"{"session_id":"\#(session)","display_name":"Other"}"#)
        #expect(other.status == 409)
        #expect(try h.request("POST", path, headers: [("Idempotency-Key", "k2")],
                              body: #"{"session_id":"\#(session)","display_name":"N","extra":1}"#).status == 400)
        let unknownSession = #"{"session_id":"\#(UUID().uuidString.lowercased())","display_name":"N"}"#
        #expect(try h.request("POST", path, headers: [("Idempotency-Key", "k3")], body: unknownSession).status == 404)
    }

    @Test func aCorrectionWithoutItsPositionIsMalformed() throws {
        let h = try Harness()
        let session = try h.createSession()
        let maya = try #require(h.server.personID(named: "Maya Chen"))
        let facts = try h.request("GET", "/v1/people/\(maya)/facts?ceiling=restricted")
        let fact = try #require((facts.object["items"] as? [[String: Any]])?.first?["id"] as? String)
        let path = "/v1/people/\(maya)/corrections?ceiling=restricted"
        let body = #"{"session_id":"\#(session)","belief_id":"\#(fact)","expected_revision":1,"operation":"affirm"}"#
        #expect(try h.request("POST", path, headers: [("Idempotency-Key", "c1")], body: body).status == 400)
        let positioned = body.replacingOccurrences(of: #""operation""#, with: #""expected_position":1,"operation""#)
        #expect(try h.request("POST", path, headers: [("Idempotency-Key", "c2")], body: positioned).status == 200)
    }

    @Test func oldServersAndSwitchedOffPeopleAnswerAsRecorded() throws {
        var options = FixtureOptions.testing
        options.people = false
        let off = try Harness(options: options)
        let answer = try off.request("GET", "/v1/people?ceiling=restricted")
        #expect(answer.status == 404)
        #expect((answer.object["error"] as? [String: Any])?["message"] as? String == "The requested resource was not found.")
        let on = try Harness()
        #expect(try on.request("GET", "/v1/people/not-a-uuid?ceiling=restricted").status == 400)
        #expect(try on.request("GET", "/v1/people/\(UUID().uuidString.lowercased())?ceiling=restricted").status == 404)
    }
}
