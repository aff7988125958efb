import Foundation
import Testing
import VeetTestSupport
import VeetTransport

/// Which requests `HTTPRequestSender.retrying` repeats after a 503, per scope.
@Suite struct RetryScopeTests {
    /// How many attempts each request got: a read, an unkeyed write, a keyed write.
    private func attempts(_ scope: HTTPRequestSender.RetryScope) async throws -> [Int] {
        let server = ScriptedServer()
        for (method, path) in [("GET", "/v1/things"), ("POST", "/v1/things/t1/revoke"), ("POST", "/v1/things")] {
            server.on(method, path, sequence: [.apiError(503, "unavailable"), .json(["id": "t1"])])
        }
        let sender = server.sender.retrying(RetryPolicy(maxAttempts: 2), scope)
        var keyed = HTTPRequest.post("/v1/things")
        keyed.setHeader("Idempotency-Key", "make-t1")
        _ = try await sender(.get("/v1/things"))
        _ = try await sender(.post("/v1/things/t1/revoke"))
        _ = try await sender(keyed)
        return [server.requests("GET", "/v1/things").count, server.requests("POST", "/v1/things/t1/revoke").count,
                server.requests("POST", "/v1/things").count]
    }

    @Test func readsRepeatOnlyGETs() async throws {
        #expect(try await attempts(.reads) == [2, 1, 1])
    }

    @Test func keyedWritesRepeatWithTheirKeyAndUnkeyedOnesGoOnce() async throws {
        #expect(try await attempts(.readsAndKeyedWrites) == [2, 1, 2])
    }

    @Test func everyRequestRepeatsUnkeyedWritesToo() async throws {
        #expect(try await attempts(.everyRequest) == [2, 2, 2])
    }
}
