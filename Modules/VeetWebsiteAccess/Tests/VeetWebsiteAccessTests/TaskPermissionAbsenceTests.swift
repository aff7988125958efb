import Foundation
import Testing
import VeetTestSupport
import VeetTransport
import VeetWebsiteAccess

/// A server without task permissions (the snapshot: 404 on their routes) is
/// told apart from an unknown grant (issue 14, item 7).
@Suite struct TaskPermissionAbsenceTests {
    @Test func theListAndTheScopesOnAServerWithoutThemSayNotOffered() async throws {
        let server = ScriptedServer()
        server.on("GET", "/v1/browser-task-grants", .apiError(404, "not_found", message: "The requested resource was not found."))
        server.on("GET", "/v1/browser-task-scopes", .apiError(404, "not_found", message: "The requested resource was not found."))
        let api = WebsiteAccessAPI(sender: server.sender, retry: .never)
        let list = await #expect(throws: TaskPermissionsUnavailable.self) { _ = try await api.taskGrantsPage() }
        #expect(list?.description == "This server does not offer task permissions.")
        let scopes = await #expect(throws: TaskPermissionsUnavailable.self) { _ = try await api.taskScopes() }
        #expect(scopes?.part == .all)
        // An id route is ambiguous: the list, read once, tells.
        server.on("POST", "/v1/browser-task-grants/*/revoke", .apiError(404, "not_found"))
        await #expect(throws: TaskPermissionsUnavailable.self) { _ = try await api.stopTaskGrant(id: "t1") }
    }

    @Test func anUnknownGrantOnAServerWithThemStaysNotFound() async throws {
        let server = ScriptedServer()
        server.on("GET", "/v1/browser-task-grants", .json(["items": [], "next_cursor": NSNull()]))
        server.on("POST", "/v1/browser-task-grants/*/revoke", .apiError(404, "not_found", message: "grant not found"))
        let api = WebsiteAccessAPI(sender: server.sender, retry: .never)
        let error = await #expect(throws: APIError.self) { _ = try await api.stopTaskGrant(id: "t1") }
        #expect(error?.status == 404)
        #expect(server.requests.map(\.path) == ["/v1/browser-task-grants/t1/revoke", "/v1/browser-task-grants"])
    }

    /// Task scopes missing alone (issue 36): the grants work, only the scopes say so.
    @Test func scopesMissingOnAServerWithGrantsSayOnlyTheScopesAreMissing() async throws {
        let server = ScriptedServer()
        server.on("GET", "/v1/browser-task-grants", .json(["items": [], "next_cursor": NSNull()]))
        server.on("GET", "/v1/browser-task-scopes", .apiError(404, "not_found", message: "The requested resource was not found."))
        server.on("PUT", "/v1/browser-task-scopes", .apiError(405, "method_not_allowed"))
        let api = WebsiteAccessAPI(sender: server.sender, retry: .never)
        let read = await #expect(throws: TaskPermissionsUnavailable.self) { _ = try await api.taskScopes() }
        #expect(read?.part == .scopes)
        #expect(read?.description == "This server does not offer task scopes; the task permissions you grant still work.")
        let write = await #expect(throws: TaskPermissionsUnavailable.self) {
            _ = try await api.replaceTaskScopes([], revision: 1)
        }
        #expect(write?.part == .scopes)
        #expect(try await api.taskGrantsPage().items.isEmpty)
    }

    @Test func aRefusedScopeWriteStaysTheServersOwnAnswer() async throws {
        let server = ScriptedServer()
        server.on("GET", "/v1/browser-task-scopes", .json(["revision": 1, "scopes": []]))
        server.on("PUT", "/v1/browser-task-scopes", .apiError(400, "malformed_request", message: "bad scope"))
        let api = WebsiteAccessAPI(sender: server.sender, retry: .never)
        let error = await #expect(throws: APIError.self) { _ = try await api.replaceTaskScopes([], revision: 1) }
        #expect(error?.status == 400)
    }
}
