import Foundation
import Testing
import VeetTestSupport
import VeetTransport
import VeetWebsiteAccess

/// The ceremony flow's rules on canned answers: start over, rollback of a
/// half-made setup, and what each ending of a sign-in undoes.
@Suite struct CeremonyDriverTests {
    private let begin = "/v1/browser-profiles/bp1/authentication-ceremonies"

    private func steps(_ server: ScriptedServer) -> [String] {
        server.requests.map { "\($0.method) \($0.path)" }
    }

    @Test func aConflictCancelsTheNewestOpenCeremonyAndBeginsOnceMore() async throws {
        let server = ScriptedServer()
        server.on("POST", begin, sequence: [.apiError(409, "conflict"), Scripted.begun("c3")])
        server.on("GET", begin, .json([Scripted.ceremonyObject("c1", expires: "2026-08-22T18:01:00Z"),
                                       Scripted.ceremonyObject("c2", expires: "2026-08-22T18:04:00Z"),
                                       Scripted.ceremonyObject("c0", "expired", expires: "2026-08-22T18:09:00Z")]))
        server.on("POST", "/v1/browser-authentication-ceremonies/c2/cancel", Scripted.ceremony("c2", "cancelled"))
        let started = try await CeremonyDriver(api: WebsiteAccessAPI(sender: server.sender))
            .begin(profileID: "bp1", loginURL: "https://www.example.com/")
        #expect(started.startedOver && started.ceremony.id == "c3")
        #expect(steps(server) == ["POST \(begin)", "GET \(begin)",
                                  "POST /v1/browser-authentication-ceremonies/c2/cancel", "POST \(begin)"])
    }

    @Test func aConflictWithNothingOpenIsThrownAsItCame() async throws {
        let server = ScriptedServer()
        server.on("POST", begin, .apiError(409, "conflict"))
        server.on("GET", begin, .json([Scripted.ceremonyObject("c1", "ready")]))
        let error = await #expect(throws: APIError.self) {
            _ = try await CeremonyDriver(api: WebsiteAccessAPI(sender: server.sender))
                .begin(profileID: "bp1", loginURL: "https://www.example.com/")
        }
        #expect(error?.status == 409)
        #expect(steps(server) == ["POST \(begin)", "GET \(begin)"])
    }

    @Test func aLostBeginAnswerCancelsWhatItOpenedAndBeginsOnceMore() async throws {
        let server = ScriptedServer()
        let begins = ThreadLock(0)
        server.on("POST", begin) { _ in
            let count = begins.withLock { count in count += 1; return count }
            if count == 1 { throw Scripted.lost }
            return Scripted.begun("c2")
        }
        server.on("GET", begin, .json([Scripted.ceremonyObject("c1")]))
        server.on("POST", "/v1/browser-authentication-ceremonies/c1/cancel", Scripted.ceremony("c1", "cancelled"))
        let started = try await CeremonyDriver(api: WebsiteAccessAPI(sender: server.sender))
            .begin(profileID: "bp1", loginURL: "https://www.example.com/")
        #expect(started.startedOver && started.ceremony.id == "c2")
        #expect(server.requests("POST", "/v1/browser-authentication-ceremonies/c1/cancel").count == 1)
    }

    @Test func aFirstBeginThatFailsRollsTheNewProfileBack() async throws {
        let server = ScriptedServer()
        server.on("POST", "/v1/browser-profiles", Scripted.profile("bp1"))
        server.on("POST", begin, .apiError(400, "malformed_request"))
        server.on("POST", "/v1/browser-profiles/bp1/revoke", Scripted.profile("bp1", "revoked"))
        server.on("DELETE", "/v1/browser-profiles/bp1", .empty())
        await #expect(throws: APIError.self) {
            _ = try await CeremonyDriver(api: WebsiteAccessAPI(sender: server.sender))
                .addWebsite(try WebsiteAddress(typed: "https://www.example.com/login"))
        }
        #expect(steps(server) == ["POST /v1/browser-profiles", "POST \(begin)",
                                  "POST /v1/browser-profiles/bp1/revoke", "DELETE /v1/browser-profiles/bp1"])
    }

    @Test func aProfileCreatedRevokedMeansNoBrowserAndIsRemovedAtOnce() async throws {
        let server = ScriptedServer()
        server.on("POST", "/v1/browser-profiles", Scripted.profile("bp1", "revoked"))
        server.on("POST", "/v1/browser-profiles/bp1/revoke", Scripted.profile("bp1", "revoked"))
        server.on("DELETE", "/v1/browser-profiles/bp1", .empty())
        await #expect(throws: CeremonyFlowError.serverCannotHostBrowser(profileID: "bp1")) {
            _ = try await CeremonyDriver(api: WebsiteAccessAPI(sender: server.sender))
                .addWebsite(try WebsiteAddress(typed: "https://www.example.com/login"))
        }
        #expect(server.requests("POST", begin).isEmpty)
        #expect(server.requests("DELETE", "/v1/browser-profiles/bp1").count == 1)
    }

    @Test func aRollbackGoesOnPastAFailedStepAndNamesIt() async throws {
        let server = ScriptedServer()
        server.on("POST", "/v1/browser-authentication-ceremonies/c1/cancel", .apiError(409, "conflict"))
        server.on("POST", "/v1/browser-profiles/bp1/revoke", .apiError(404, "not_found"))
        server.on("DELETE", "/v1/browser-profiles/bp1", .empty())
        let report = await CeremonyDriver(api: WebsiteAccessAPI(sender: server.sender))
            .rollback(profileID: "bp1", ceremonyID: "c1")
        #expect(!report.cancelledCeremony && report.revoked && report.deleted)  // an unknown profile counts as revoked
        #expect(report.failures.count == 1 && report.failures[0].hasPrefix("cancel sign-in: "))
        #expect(!report.isClean)
    }
}
