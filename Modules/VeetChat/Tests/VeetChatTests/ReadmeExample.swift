import VeetChat
import VeetTransport

/// What waits for the owner's approval, one line each: risk, tool and what it would do.
func pendingApprovalLines(on client: HTTPClient) async throws -> [String] {
    let chat = ChatAPI(sender: .live(client: client))
    return try await chat.pendingApprovals().map { approval in
        "\(approval.risk.rawValue) \(approval.toolName ?? "tool"): \(approval.actionSummary)"
    }
}

// The README's example, run.
import Testing
import VeetFixture

@Suite struct ReadmeExampleTests {
    @Test func theExampleReadsThePendingApprovals() async throws {
        let server = FixtureServer(token: "readme-token", options: .testing)
        let url = try server.start()
        defer { server.stop() }
        let client = HTTPClient(settings: try ConnectionSettings(serverAddress: url.absoluteString, token: "readme-token"))
        #expect(try await pendingApprovalLines(on: client).isEmpty)
    }
}
