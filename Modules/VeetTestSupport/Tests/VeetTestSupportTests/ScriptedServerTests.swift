import Foundation
import Testing
import VeetTestSupport
import VeetTransport

@Suite struct ScriptedServerTests {
    @Test func answersByRouteAndRecordsTheRequests() async throws {
        let server = ScriptedServer()
        server.on("GET", "/v1/folders", .json(["items": []]))
        server.on("DELETE", "/v1/folders/*", .empty())
        let sender = server.sender
        #expect(try await sender(.get("/v1/folders", query: [URLQueryItem(name: "limit", value: "5")])).status == 200)
        #expect(try await sender(.delete("/v1/folders/f1")).status == 204)
        #expect(server.requests.map(\.path) == ["/v1/folders", "/v1/folders/f1"])
        #expect(server.requests("GET", "/v1/folders").first?.queryValue("limit") == "5")
    }

    @Test func aSequenceAnswersInTurnThenKeepsItsLastAnswer() async throws {
        let server = ScriptedServer()
        server.on("GET", "/v1/health", sequence: [.apiError(503, "unavailable"), .json(["status": "ok"])])
        let statuses = try await [server.sender(.get("/v1/health")), server.sender(.get("/v1/health")),
                                  server.sender(.get("/v1/health"))].map(\.status)
        #expect(statuses == [503, 200, 200])
    }

    @Test func retriesWaitForNothingAndTheWaitsAreRecorded() async throws {
        let server = ScriptedServer()
        server.on("GET", "/v1/runs/r1", sequence: [.apiError(503, "unavailable"), .json(["id": "r1"])])
        let response = try await server.sender.sendRetrying(.get("/v1/runs/r1"), idempotencyKey: nil)
        #expect(response.status == 200)
        #expect(server.waits.count == 1)
    }

    @Test func aStarMatchesOneSegmentOnly() async throws {
        let server = ScriptedServer()
        server.on("GET", "/v1/sessions/*", .json(["id": "s"]))
        server.on("GET", "/v1/sessions/*/messages", .json(["items": []]))
        #expect(try await server.sender(.get("/v1/sessions/s1/messages")).body == Data(#"{"items":[]}"#.utf8))
        #expect(server.requests("GET", "/v1/sessions/*").isEmpty)
        #expect(server.requests("GET", "/v1/sessions/*/messages").count == 1)
    }

    @Test func anUnexpectedRouteFailsTheTestWithItsName() async throws {
        let server = ScriptedServer()
        // The issue the server records is the point: the known-issue scope expects it.
        await withKnownIssue {
            do {
                _ = try await server.sender(.get("/v1/nowhere"))
                Issue.record("an unscripted route was answered")
            } catch {
                #expect((error as? UnexpectedRoute)?.description == "no scripted answer for GET /v1/nowhere")
            }
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("no scripted answer for GET /v1/nowhere") }
        }
    }
}
