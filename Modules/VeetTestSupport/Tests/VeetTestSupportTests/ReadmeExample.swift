import VeetTestSupport
import VeetTransport

/// A server that knows two routes, and a request a feature would make.
func scriptedPing() async throws -> (status: Int, sent: [String]) {
    let server = ScriptedServer()
    server.on("GET", "/v1/sessions/*", .json(["id": "s1", "status": "ACTIVE"]))
    server.on("DELETE", "/v1/sessions/*", .apiError(409, "conflict", reason: "active_run_exists"))
    let answer = try await server.sender.send(.delete("/v1/sessions/s1"))
    return (answer.status, server.requests.map { "\($0.method) \($0.path)" })
}

// The README's example, run.
import Testing

@Suite struct ReadmeExampleTests {
    @Test func theExampleAnswersAsScripted() async throws {
        let result = try await scriptedPing()
        #expect(result.status == 409)
        #expect(result.sent == ["DELETE /v1/sessions/s1"])
    }
}
