import Foundation
import Testing
import VeetTestSupport
import VeetTransport
@testable import VeetWebsiteAccess

/// What giving up a sign-in undoes (`CeremonyDriver.undo`), for a new
/// website and for signing in again, after each way a sign-in can end.
@Suite struct SignInUndoTests {
    private let cancel = "POST /v1/browser-authentication-ceremonies/c1/cancel"
    private let revoke = "POST /v1/browser-profiles/bp1/revoke"
    private let delete = "DELETE /v1/browser-profiles/bp1"

    private let adding = SignInAttempt(ceremonyID: "c1", newProfileID: "bp1")
    private let again = SignInAttempt(ceremonyID: "c1", newProfileID: nil)

    /// A server that accepts every undo step.
    private func server(cancelAnswer: HTTPResponse = Scripted.ceremony("c1", "cancelled")) -> ScriptedServer {
        let server = ScriptedServer()
        server.on("POST", "/v1/browser-authentication-ceremonies/c1/cancel", cancelAnswer)
        server.on("POST", "/v1/browser-profiles/bp1/revoke", Scripted.profile("bp1", "revoked"))
        server.on("DELETE", "/v1/browser-profiles/bp1", .empty())
        return server
    }

    private func undo(_ attempt: SignInAttempt, _ ending: SignInEnding, on server: ScriptedServer) async -> SignInUndo {
        await CeremonyDriver(api: WebsiteAccessAPI(sender: server.sender)).undo(attempt, after: ending)
    }

    private func steps(_ server: ScriptedServer) -> [String] {
        server.requests.map { "\($0.method) \($0.path)" }
    }

    private func ended(_ status: CeremonyStatus) -> SignInEnding {
        .waited(Ceremony(id: "c1", profileID: "bp1", status: status))
    }

    @Test func givingUpANewWebsiteCancelsRevokesAndDeletes() async throws {
        let server = server()
        guard case .removedProfile(let report) = await undo(adding, .givenUp, on: server) else {
            Issue.record("the new profile was not rolled back")
            return
        }
        #expect(report.isClean && report.cancelledCeremony)
        #expect(steps(server) == [cancel, revoke, delete])
    }

    @Test(arguments: [CeremonyStatus.expired, .cancelled, .needsUser])
    func aNewWebsiteWhoseSignInEndedUnreadyIsRemoved(status: CeremonyStatus) async throws {
        // An ended ceremony can no longer be cancelled; the profile still goes.
        let server = server(cancelAnswer: status.isOpen ? Scripted.ceremony("c1", "cancelled") : .apiError(409, "conflict"))
        guard case .removedProfile(let report) = await undo(adding, ended(status), on: server) else {
            Issue.record("the new profile was not rolled back")
            return
        }
        #expect(report.revoked && report.deleted && report.cancelledCeremony == status.isOpen)
        #expect(steps(server) == [cancel, revoke, delete])
    }

    @Test func aServerDownDuringRollbackLeavesTheProfileBehindAndSaysWhichStepsFailed() async throws {
        // Only the cancel answers; revoke and delete find no server.
        let server = ScriptedServer()
        server.on("POST", "/v1/browser-authentication-ceremonies/c1/cancel", Scripted.ceremony("c1", "cancelled"))
        server.on("POST", "/v1/browser-profiles/bp1/revoke") { _ in throw Scripted.lost }
        server.on("DELETE", "/v1/browser-profiles/bp1") { _ in throw Scripted.lost }
        guard case .leftBehind(let profileID, let report) = await undo(adding, .givenUp, on: server) else {
            Issue.record("a rollback that could not delete the profile must not read as removed")
            return
        }
        #expect(profileID == "bp1")
        #expect(report.cancelledCeremony && !report.revoked && !report.deleted && !report.isClean)
        #expect(report.failures.map { $0.prefix(while: { $0 != ":" }) } == ["revoke", "delete"])
    }

    @Test func aRevokedProfileWhoseDeleteFailedIsLeftBehindRevoked() async throws {
        let server = server()
        server.on("DELETE", "/v1/browser-profiles/bp1", .apiError(503, "unavailable"))
        guard case .leftBehind(_, let report) = await undo(adding, ended(.expired), on: server) else {
            Issue.record("an undeleted profile must not read as removed")
            return
        }
        #expect(report.revoked && !report.deleted)
    }

    @Test func aReadySignInUndoesNothing() async throws {
        let server = server()
        #expect(await undo(adding, ended(.ready), on: server) == .nothing)
        #expect(await undo(again, ended(.ready), on: server) == .nothing)
        #expect(server.requests.isEmpty)
    }

    @Test func givingUpASignInAgainCancelsOnlyItsCeremony() async throws {
        let server = server()
        #expect(await undo(again, .givenUp, on: server) == .cancelledCeremony)
        #expect(steps(server) == [cancel])
    }

    @Test func aCancelThatFailsIsReportedAndTheProfileStillKept() async throws {
        let server = server(cancelAnswer: .apiError(404, "not_found"))
        guard case .cancelFailed(let failure) = await undo(again, .givenUp, on: server) else {
            Issue.record("a failed cancel must be named")
            return
        }
        #expect(!failure.isEmpty)
        #expect(steps(server) == [cancel])
    }

    @Test func aSignInAgainLeftWaitingIsLeftForLater() async throws {
        let server = server()
        #expect(await undo(again, ended(.needsUser), on: server) == .nothing)
        #expect(await undo(again, ended(.expired), on: server) == .nothing)
        #expect(server.requests.isEmpty)
    }

    @Test func theAttemptNamesTheNewProfileOnlyWhenAdding() {
        let ceremony = Ceremony(id: "c1", profileID: "bp1", status: .authenticationRequired)
        let started = StartedCeremony(ceremony: ceremony, link: LaunchLink("https://x.example/#capability=s"), startedOver: false)
        let profile = BrowserProfile(id: "bp1", allowedOrigins: ["https://www.example.com"], status: .authenticationRequired)
        #expect(SignInAttempt.adding(SiteSetup(profile: profile, started: started)) == adding)
        #expect(SignInAttempt.again(started) == again)
    }
}
