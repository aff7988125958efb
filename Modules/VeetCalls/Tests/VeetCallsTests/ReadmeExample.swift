import VeetCalls
import VeetTransport

/// Each call in a line: status, who, and what the provider summarised (untrusted text, shown plainly).
func callSummary(on client: HTTPClient) async throws -> [String] {
    let calls = CallsAPI(sender: .live(client: client))
    guard try await calls.isOffered() else { return [CallWords.notOffered] }
    return try await calls.listAll().map { call in
        guard !call.erased else { return "\(call.id): \(CallWords.erased)" }
        let status = call.status?.words ?? "?"
        return "\(status) \(call.counterparty ?? "?"): \(CallWords.plain(call.summary ?? ""))"
    }
}

// The README's example, run.
import Testing
import VeetFixture

@Suite struct ReadmeExampleTests {
    @Test func theExampleReadsTheCallList() async throws {
        let (server, _, client) = try CallsFixtureTests.start()
        defer { server.stop() }
        let lines = try await callSummary(on: client)
        #expect(lines.count == 5)
        #expect(lines.contains("Completed +14155550187: The shop confirmed the laptop is ready for pickup after 3 pm."))
        let (off, _, offClient) = try CallsFixtureTests.start(calls: false)
        defer { off.stop() }
        #expect(try await callSummary(on: offClient) == [CallWords.notOffered])
    }
}
