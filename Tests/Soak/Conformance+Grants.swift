import Foundation
import VeetChat
import VeetTransport
import VeetWebsiteAccess

/// Standing grants (docs/wire/website-access.md §7), task grants and task scopes
/// ([newer], docs/wire/website-access.md §8) and choosing a profile for a session ([newer], §6). Grants
/// need a ready profile: on a server where no sign-in happened only the
/// refusals and 404s are checked. Task grants come only from resolving an
/// approval with `approve_for_task`; the fixture can make them directly.
extension Conformance {
    mutating func checkGrants(_ context: WebsiteContext) async {
        guard let chat = try? target.api() else { return }
        let api = context.api
        let fixture = target.fixture
        let noReady = "no ready profile (a sign-in needs a person)"
        var grants: [StandingGrant] = []
        var sessions: [String] = []

        await check("POST /v1/browser-grants (profile not ready → 409 conflict)", .websiteAccess) {
            guard let second = context.second else { throw NotChecked("no second profile") }
            let start = Date()
            let body: JSONValue = .object([
                "profile_id": .string(second.id), "allowed_origins": .array(second.allowedOrigins.map { .string($0) }),
                "action_kinds": .array([.string("click")]), "element_roles": .array([]), "element_names": .array([]),
                "starts_at": .string(Self.zulu(start)), "expires_at": .string(Self.zulu(start.addingTimeInterval(3_600))),
            ])
            var request = try HTTPRequest.post("/v1/browser-grants", json: body)
            request.setHeader("Idempotency-Key", IdempotencyKey().rawValue)
            return Self.envelopeMismatch(try await context.client.send(request), status: 409, code: .conflict)
        }
        await check("POST /v1/browser-grants (201; same key: same grant)", .websiteAccess) {
            guard let ready = context.ready else { throw NotChecked(noReady) }
            let draft = try StandingGrantDraft.validated(profile: ready, actionKinds: ["click", "scroll"], purpose: "conformance",
                                                         startsAt: Date(), duration: 3_600)
            let key = IdempotencyKey()
            let grant = try await api.createStandingGrant(draft, key: key)
            grants.append(grant)
            let again = try await api.createStandingGrant(draft, key: key)
            grants.append(try await api.createStandingGrant(draft))  // a second one, for paging
            return Self.first(again.id == grant.id ? nil : "the replay made \(again.id), expected \(grant.id)",
                              grant.profileID == ready.id ? nil : "profile_id \(grant.profileID)",
                              grant.actionKinds == ["click", "scroll"] ? nil : "action_kinds \(grant.actionKinds)")
        }
        await check("GET /v1/browser-grants?profile_id (paged: limit, cursor, oldest first)", .websiteAccess) {
            guard let ready = context.ready, grants.count == 2 else { throw NotChecked(noReady) }
            let page = try await api.standingGrantsPage(profileID: ready.id, limit: 1)
            guard page.items.first?.id == grants[0].id, let cursor = page.nextCursor else {
                return "limit=1 gave \(page.items.map(\.id)) with next_cursor \(page.nextCursor ?? "null"), expected the older grant and a cursor"
            }
            let next = try await api.standingGrantsPage(profileID: ready.id, limit: 1, cursor: cursor)
            return next.items.map(\.id) == [grants[1].id] ? nil : "the second page gave \(next.items.map(\.id)), expected [\(grants[1].id)]"
        }
        await check("GET /v1/browser-grants?limit=201 → 400 malformed_request", .websiteAccess) {
            await Self.expectError(400, .malformedRequest) { _ = try await api.standingGrantsPage(limit: 201) }
        }
        await check("GET /v1/browser-grants/{id}", .websiteAccess) {
            guard let grant = grants.first else { throw NotChecked(noReady) }
            let read = try await api.standingGrant(id: grant.id)
            return read.id == grant.id ? nil : "asked \(grant.id), got \(read.id)"
        }
        await check("POST /v1/browser-grants/{id}/revoke (revoked_at set)", .websiteAccess) {
            guard let grant = grants.first else { throw NotChecked(noReady) }
            let revoked = try await api.revokeStandingGrant(id: grant.id)
            return revoked.isRevoked ? nil : "revoked_at is null after revoke"
        }
        await check("DELETE /v1/browser-grants/{id} (204, then 404)", .websiteAccess) {
            guard !grants.isEmpty else { throw NotChecked(noReady) }
            for grant in grants { try await api.deleteStandingGrant(id: grant.id) }
            return await Self.expectError(404, .notFound) { _ = try await api.standingGrant(id: grants[0].id) }
        }
        await check("GET /v1/browser-grants/{unknown} → 404; revoke → 404; DELETE → 204", .websiteAccess) {
            if let mismatch = await Self.expectError(404, .notFound, { _ = try await api.standingGrant(id: Self.unknownID) }) { return mismatch }
            if let mismatch = await Self.expectError(404, .notFound, { _ = try await api.revokeStandingGrant(id: Self.unknownID) }) {
                return "revoke: \(mismatch)"
            }
            try await api.deleteStandingGrant(id: Self.unknownID)
            return nil
        }

        await check("PUT /v1/sessions/{id}/website (200, run_id)", .sessionWebsite, probe: true) {
            guard let ready = context.ready else { throw NotChecked(noReady) }
            let session = try await chat.createSession()
            sessions.append(session.id)
            let resumed = try await api.bindProfile(sessionID: session.id, profileID: ready.id)
            return resumed == nil ? nil : "resumed run \(resumed ?? "") although nothing was waiting"
        }

        await check("POST /v1/sessions with browser_profile_id (ready profile)", .sessionWebsite) {
            guard let ready = context.ready else { throw NotChecked(noReady) }
            let session = try await api.createSession(browserProfileID: ready.id)
            sessions.append(session.id)
            return nil
        }
        var taskGrants: [String] = []
        await check("GET /v1/browser-task-grants (page)", .taskGrants, probe: true) {
            _ = try await api.taskGrantsPage(includeEnded: true)
            return nil
        }
        await check("GET /v1/browser-task-grants?session_id (paged: limit, cursor, newest first)", .taskGrants) {
            guard let fixture else { throw NotChecked("task grants come from approve_for_task; only the fixture can make them") }
            guard let ready = context.ready else { throw NotChecked(noReady) }
            let session = try await chat.createSession()
            sessions.append(session.id)
            for _ in 0..<2 {
                taskGrants.append(fixture.addTaskGrant(sessionID: session.id, profileID: ready.id,
                                                       origin: "https://www.example.com", pathPrefix: "/lesson"))
                try await Task.sleep(for: .milliseconds(2))  // distinct creation times, so "newest first" is defined
            }
            let page = try await api.taskGrantsPage(sessionID: session.id, limit: 1)
            guard page.items.map(\.id) == [taskGrants[1]], let cursor = page.nextCursor else {
                return "limit=1 gave \(page.items.map(\.id)) with next_cursor \(page.nextCursor ?? "null"), expected the newer grant and a cursor"
            }
            let next = try await api.taskGrantsPage(sessionID: session.id, limit: 1, cursor: cursor)
            return next.items.map(\.id) == [taskGrants[0]] ? nil : "the second page gave \(next.items.map(\.id)), expected [\(taskGrants[0])]"
        }
        await check("GET /v1/browser-task-grants/{id}; POST …/revoke (stop; again: unchanged)", .taskGrants) {
            guard let id = taskGrants.first else { throw NotChecked("no task grant was made") }
            let read = try await api.taskGrant(id: id)
            guard read.status == .active else { return "status \(read.status.rawValue) before stop, expected active" }
            let stopped = try await api.stopTaskGrant(id: id)
            let again = try await api.stopTaskGrant(id: id)
            return Self.first(stopped.status == .revoked ? nil : "status \(stopped.status.rawValue) after stop, expected revoked",
                              again.endedAt == stopped.endedAt && again.status == stopped.status ? nil : "stopping again changed the grant")
        }
        await check("GET /v1/browser-task-grants/{unknown} → 404", .taskGrants) {
            await Self.expectError(404, .notFound) { _ = try await api.taskGrant(id: Self.unknownID) }
        }
        await check("GET /v1/browser-task-scopes; PUT (same scopes: revision + 1; stale revision → 409)", .taskGrants) {
            let current = try await api.taskScopes()
            let replaced = try await api.replaceTaskScopes(current.scopes, revision: current.revision)
            guard replaced.revision > current.revision, replaced.scopes == current.scopes else {
                return "revision \(current.revision) → \(replaced.revision), scopes \(replaced.scopes.count) (were \(current.scopes.count))"
            }
            return await Self.expectError(409, nil) { _ = try await api.replaceTaskScopes(current.scopes, revision: current.revision) }
        }
        for id in sessions { try? await chat.deleteSession(id: id) }
    }

    static func zulu(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }
}
