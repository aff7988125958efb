import Foundation
import Testing
import VeetTransport
import VeetWire
@testable import VeetWebsiteAccess

/// Polls `condition` every 20 ms until it holds or `seconds` pass.
private func eventually(within seconds: Double = 10, _ condition: () -> Bool) async -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(20))
    }
    return condition()
}

/// A `browser.act` approval resolved with "allow all for this task" makes a
/// task permission the grant routes list, count and stop.
@Suite struct TaskPermissionLiveTests {
    /// A server with task grants but no task scopes: the grants list, the scopes say they are missing.
    @Test func aServerWithoutTaskScopesHidesOnlyThem() async throws {
        let h = try WebsiteHarness { $0.taskScopes = false }
        #expect(try await h.api.taskGrantsPage().items.isEmpty)
        let missing = await #expect(throws: TaskPermissionsUnavailable.self) { _ = try await h.api.taskScopes() }
        #expect(missing?.part == .scopes)
    }

    @Test func approvingForTheTaskMakesAGrantThatCountsItsUseAndStops() async throws {
        let h = try WebsiteHarness()
        let profile = try await h.readyProfile()
        let session = try await h.api.createSession(browserProfileID: profile.id)
        let submit = try HTTPRequest.post("/v1/sessions/\(session.id)/messages",
                                          json: ["content": [["type": "text", "text": "Browse to the next lesson"]]])
        _ = try await h.client.sendRetrying(submit, idempotencyKey: IdempotencyKey(), policy: .standard)
        #expect(await eventually { !h.server.pendingApprovalIDs().isEmpty })
        let approvalID = try #require(h.server.pendingApprovalIDs().first)
        let approval: ApprovalView = try await h.client.decode(.get("/v1/approvals/\(approvalID)"))
        let offer = try #require(approval.taskGrantOffer)
        #expect(try await h.api.taskGrantsPage(sessionID: session.id).items.isEmpty)

        let resolve = try HTTPRequest.post("/v1/approvals/\(approvalID)/resolve", json: ApprovalResolveRequest(
            decision: .approveForTask, taskGrant: TaskGrantEcho(offer: offer)))
        let resolved = try await h.client.send(resolve).decoded(as: ApprovalView.self)
        let grantID = try #require(resolved.taskGrantID)
        let runID = approval.runID
        #expect(await eventually { h.server.runStatus(runID) == "COMPLETED" })

        let grants = try await h.api.taskGrantsPage(sessionID: session.id).items
        let grant = try #require(grants.first)
        #expect(grants.count == 1 && grant.id == grantID)
        #expect(grant.origin == offer.origin && grant.pathPrefix == offer.pathPrefix)
        #expect(grant.profileID == profile.id && grant.approvalID == approvalID)
        #expect(grant.actionsUsed == 1 && grant.typedCharacters == 16, "the typing step ran under the grant")
        #expect(grant.remainingActions == 199 && grant.remainingMinutes(now: Date()) == 30)
        #expect(grant.bannerText(now: Date()) == "Allowed on www.example.org/lesson · 1 of 200 · 30 min left")

        let stopped = try await h.api.stopTaskGrant(id: grantID)
        #expect(stopped.status == .revoked && stopped.actionsUsed == 1)
        #expect(try await h.api.taskGrantsPage(sessionID: session.id).items.isEmpty)
    }

    @Test func signingInAgainEndsTheProfilesTaskPermissions() async throws {
        let h = try WebsiteHarness()
        let profile = try await h.readyProfile()
        let session = try await h.createSession()
        let grantID = h.server.addTaskGrant(sessionID: session, profileID: profile.id, origin: "https://www.example.com",
                                            pathPrefix: "/lesson")
        _ = try await h.driver.signInAgain(profile: profile)
        let grant = try await h.api.taskGrant(id: grantID)
        #expect(grant.status == .ended && grant.endReason == "profile_changed")
    }
}
