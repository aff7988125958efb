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
        // Park a run on an approval: the example then names it.
        let chat = ChatAPI(sender: .live(client: client))
        let session = try await chat.createSession()
        let run = try await chat.submit(sessionID: session.id, content: [.text("approve this")], key: IdempotencyKey())
        let parked = try await TurnRunner(api: chat).follow(runID: run.runID, sessionID: session.id,
                                                             interaction: RecordingInteraction(approval: .leavePending))
        try #require(parked.status == .waitingForApproval)
        let lines = try await pendingApprovalLines(on: client)
        #expect(lines.count == 1)
        #expect(lines.first?.contains(" demo.external_write: ") == true)
    }
}
