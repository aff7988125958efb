import VeetAccount
import VeetTransport

/// What the notifications inbox holds: each item's kind and status, newest first.
func inboxSummary(on client: HTTPClient) async throws -> [String] {
    let account = AccountAPI(sender: .live(client: client))
    let page = try await account.notifications(limit: 20)
    return page.items.map { "\($0.kind.rawValue): \($0.status.rawValue)" }
}

// The README's example, run.
import Testing
import VeetFixture

@Suite struct ReadmeExampleTests {
    @Test func theExampleReadsTheInbox() async throws {
        let (server, client) = try AccountFixture.start()
        defer { server.stop() }
        #expect(try await inboxSummary(on: client).isEmpty)
        server.raiseNotification(kind: "test")
        server.raiseNotification(kind: "run_failed", sessionID: "s1", runID: "r1")
        #expect(try await inboxSummary(on: client) == ["run_failed: dispatched", "test: dispatched"])
    }
}
