import Foundation
import Testing
import VeetTestSupport
import VeetTransport
import VeetWebsiteAccess

/// The API's own rules on canned answers: paths, bodies, keys, what is
/// retried and what goes once, how refusals come back, how lists are walked.
@Suite struct WebsiteAccessAPITests {
    @Test func everyIDGoesInThePathAsOneEscapedSegment() async throws {
        let server = ScriptedServer()
        server.on("GET", "/v1/browser-profiles/*", Scripted.profile("a/b?c"))
        server.on("POST", "/v1/browser-authentication-ceremonies/*/cancel", Scripted.ceremony("c 1", "cancelled"))
        server.on("POST", "/v1/browser-task-grants/*/revoke", Scripted.taskGrant("t%1"))
        let api = WebsiteAccessAPI(sender: server.sender)
        _ = try await api.profile(id: "a/b?c")
        _ = try await api.cancelCeremony(id: "c 1")
        _ = try await api.stopTaskGrant(id: "t%1")
        #expect(server.requests.map(\.path) == ["/v1/browser-profiles/a%2Fb%3Fc",
                                                "/v1/browser-authentication-ceremonies/c%201/cancel",
                                                "/v1/browser-task-grants/t%251/revoke"])
    }

    @Test func aCreateSendsItsOriginsAndKeepsItsKeyAcrossRetries() async throws {
        let server = ScriptedServer()
        server.on("POST", "/v1/browser-profiles", sequence: [.apiError(503, "unavailable"), Scripted.profile("bp1")])
        let key = try #require(IdempotencyKey(rawValue: "add-example"))
        let origin = try WebsiteOrigin(validating: "https://www.example.com")
        let made = try await WebsiteAccessAPI(sender: server.sender).createProfile(origins: [origin], key: key)
        #expect(made.id == "bp1")
        let sent = server.requests("POST", "/v1/browser-profiles")
        #expect(sent.map { $0.header("Idempotency-Key") } == ["add-example", "add-example"])
        #expect(sent.first?.jsonObject?["allowed_origins"] as? [String] == ["https://www.example.com"])
    }

    /// The contract calls these writes retry-safe; they carry no key and still retry.
    @Test func retrySafeWritesAndReadsRepeatAfterAServerError() async throws {
        let server = ScriptedServer()
        let busy = HTTPResponse.apiError(503, "unavailable")
        server.on("GET", "/v1/browser-profiles/bp1", sequence: [busy, Scripted.profile("bp1")])
        server.on("POST", "/v1/browser-profiles/bp1/revoke", sequence: [busy, Scripted.profile("bp1", "revoked")])
        server.on("DELETE", "/v1/browser-profiles/bp1", sequence: [busy, .empty()])
        server.on("POST", "/v1/browser-authentication-ceremonies/c1/cancel", sequence: [busy, Scripted.ceremony("c1", "cancelled")])
        server.on("PUT", "/v1/sessions/s1/website", sequence: [busy, .json(["run_id": "r1"])])
        server.on("POST", "/v1/browser-grants/g1/revoke", sequence: [busy, Scripted.standingGrant("g1")])
        server.on("DELETE", "/v1/browser-grants/g1", sequence: [busy, .empty()])
        server.on("POST", "/v1/browser-task-grants/t1/revoke", sequence: [busy, Scripted.taskGrant("t1")])
        server.on("PUT", "/v1/browser-task-scopes", sequence: [busy, Scripted.taskScopes])
        let api = WebsiteAccessAPI(sender: server.sender)
        _ = try await api.profile(id: "bp1")
        _ = try await api.revokeProfile(id: "bp1")
        try await api.deleteProfile(id: "bp1")
        _ = try await api.cancelCeremony(id: "c1")
        #expect(try await api.bindProfile(sessionID: "s1", profileID: "bp1") == "r1")
        _ = try await api.revokeStandingGrant(id: "g1")
        try await api.deleteStandingGrant(id: "g1")
        _ = try await api.stopTaskGrant(id: "t1")
        _ = try await api.replaceTaskScopes([], revision: 3)
        #expect(server.requests.count == 18)
        #expect(server.waits.count == 9)
        #expect(server.requests("PUT", "/v1/sessions/s1/website").first?.jsonObject?["browser_profile_id"] as? String == "bp1")
        #expect(server.requests("PUT", "/v1/browser-task-scopes").first?.jsonObject?["revision"] as? Int == 3)
    }

    /// A resent begin would meet its own open ceremony, a resent create a second conversation.
    @Test func aBeginAndANewConversationGoOnce() async throws {
        let server = ScriptedServer()
        server.on("POST", "/v1/browser-profiles/bp1/authentication-ceremonies", .apiError(503, "unavailable"))
        server.on("POST", "/v1/sessions", .apiError(503, "unavailable"))
        let api = WebsiteAccessAPI(sender: server.sender)
        await #expect(throws: APIError.self) { _ = try await api.beginCeremony(profileID: "bp1", loginURL: "https://www.example.com/") }
        await #expect(throws: APIError.self) { _ = try await api.createSession(browserProfileID: "bp1") }
        #expect(server.requests.count == 2 && server.waits.isEmpty)
        #expect(server.requests.first?.jsonObject?["login_url"] as? String == "https://www.example.com/")
        #expect(server.requests.last?.jsonObject?["browser_profile_id"] as? String == "bp1")
    }

    @Test func aBeginAnswerWithoutALinkIsInvalid() async throws {
        let server = ScriptedServer()
        server.on("POST", "/v1/browser-profiles/bp1/authentication-ceremonies",
                  .json(Scripted.ceremonyObject("c1"), status: 201))
        await #expect(throws: InvalidResponseError.self) {
            _ = try await WebsiteAccessAPI(sender: server.sender).beginCeremony(profileID: "bp1", loginURL: "https://www.example.com/")
        }
    }

    @Test func listsFollowTheirCursorsWithTheirFilters() async throws {
        let server = ScriptedServer()
        server.on("GET", "/v1/browser-profiles") { request in
            request.queryValue("cursor") == nil ? Scripted.page([Scripted.profileObject("bp1")], next: "p2")
                : Scripted.page([Scripted.profileObject("bp2")])
        }
        server.on("GET", "/v1/browser-grants", Scripted.page([]))
        server.on("GET", "/v1/browser-task-grants", Scripted.page([]))
        let api = WebsiteAccessAPI(sender: server.sender)
        #expect(try await api.allProfiles().map(\.id) == ["bp1", "bp2"])
        #expect(server.requests.map { $0.queryValue("cursor") } == [nil, "p2"])
        #expect(server.requests.allSatisfy { $0.queryValue("limit") == "200" })
        _ = try await api.allStandingGrants(profileID: "bp1")
        #expect(server.requests("GET", "/v1/browser-grants").first?.queryValue("profile_id") == "bp1")
        _ = try await api.taskGrantsPage(sessionID: "s1", includeEnded: true, limit: 5)
        let taskGrants = try #require(server.requests("GET", "/v1/browser-task-grants").first)
        #expect(taskGrants.queryValue("session_id") == "s1" && taskGrants.queryValue("status") == "all")
        #expect(taskGrants.queryValue("limit") == "5")
    }

    @Test func aRepeatedCursorIsAnInvalidAnswerNotAnEndlessWalk() async throws {
        let server = ScriptedServer()
        server.on("GET", "/v1/browser-grants", Scripted.page([["id": "g1"]], next: "same"))
        await #expect(throws: InvalidResponseError.self) {
            _ = try await WebsiteAccessAPI(sender: server.sender).allStandingGrants()
        }
        #expect(server.requests.count == 2)
    }

    @Test func deleteIsRefusedBeforeRevokeAndAnUnknownProfileIsAlreadyGone() async throws {
        let server = ScriptedServer()
        server.on("GET", "/v1/browser-profiles/ready", Scripted.profile("ready", "ready"))
        server.on("GET", "/v1/browser-profiles/gone", .apiError(404, "not_found"))
        server.on("GET", "/v1/browser-profiles/done", Scripted.profile("done", "revoked"))
        server.on("DELETE", "/v1/browser-profiles/done", .empty())
        let api = WebsiteAccessAPI(sender: server.sender)
        await #expect(throws: ProfileDeletionError.notRevoked(.ready)) { try await api.deleteRevokedProfile(id: "ready") }
        try await api.deleteRevokedProfile(id: "gone")
        try await api.deleteRevokedProfile(id: "done")
        #expect(server.requests.filter { $0.method == "DELETE" }.map(\.path) == ["/v1/browser-profiles/done"])
    }

    @Test func moreThanSixteenScopesAreRefusedBeforeSending() async throws {
        let server = ScriptedServer()
        let scopes = (0..<17).map { TaskScope(origin: "https://www.example.org", pathPrefix: "/p\($0)") }
        await #expect(throws: TaskScopeRefusal.tooMany(17)) {
            _ = try await WebsiteAccessAPI(sender: server.sender).replaceTaskScopes(scopes, revision: 1)
        }
        #expect(server.requests.isEmpty)
    }
}
