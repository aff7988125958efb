import VeetMemory
import VeetTransport

/// The memories waiting for the owner's review, each as "KIND: statement".
func reviewQueue(on client: HTTPClient) async throws -> [String] {
    let memory = MemoryAPI(sender: .live(client: client))
    return try await memory.listAll(.needsReview).map { "\($0.kindLabel.uppercased()): \($0.statement)" }
}

// The README's example, run.
import Testing
import VeetFixture

@Suite struct ReadmeExampleTests {
    @Test func theExampleReadsTheReviewQueue() async throws {
        let server = FixtureServer(token: "readme-token", options: .testing)
        let url = try server.start()
        defer { server.stop() }
        let client = HTTPClient(settings: try ConnectionSettings(serverAddress: url.absoluteString, token: "readme-token"))
        let queue = try await reviewQueue(on: client)
        #expect(!queue.isEmpty && queue.allSatisfy { $0.contains(": ") })
    }
}
