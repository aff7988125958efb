import Foundation
import Testing
@testable import VeetTransport
import VeetWire

/// A client for `server` with a fixed token.
func makeClient(_ server: HTTPTestServer, token: String = "secret-token-1") throws -> HTTPClient {
    HTTPClient(settings: try ConnectionSettings(serverAddress: server.baseURL, token: token), clientVersion: "9.9")
}

private let json = ["Content-Type": "application/json"]

@Suite(.timeLimit(.minutes(1)))
struct HTTPClientTests {
    @Test(arguments: ClientReader.allCases) func sendsBearerTokenRequestIDAndClientHeaders(reader: ClientReader) async throws {
        let server = try HTTPTestServer { _, _, connection in
            connection.respond(status: 200, headers: json.merging(["X-Request-Id": "srv-1"]) { $1 },
                               body: #"{"status":"ok"}"#)
        }
        defer { server.stop() }
        let response = try await makeClient(server, reader).send(.get("/v1/sessions", query: [URLQueryItem(name: "limit", value: "1")]))

        let request = try #require(server.requests.first)
        #expect(request.method == "GET")
        #expect(request.target == "/v1/sessions?limit=1")
        #expect(request.headers["authorization"] == "Bearer secret-token-1")
        #expect(request.headers["accept"] == "application/json")
        #expect(request.headers["user-agent"] == "veet/9.9")
        #expect(request.headers["content-type"] == nil)
        #expect(request.headers["idempotency-key"] == nil)
        let sentID = try #require(request.headers["x-request-id"])
        #expect(UUID(uuidString: sentID) != nil)
        #expect(sentID == sentID.lowercased())
        #expect(request.headers["cookie"] == nil)
        #expect(response.status == 200)
        #expect(response.requestID == "srv-1")
        #expect(response.header("Content-Type") == "application/json")
    }

    @Test(arguments: ClientReader.allCases) func eachRequestGetsItsOwnRequestID(reader: ClientReader) async throws {
        let server = try HTTPTestServer { _, _, connection in connection.respond(status: 204) }
        defer { server.stop() }
        let client = try makeClient(server, reader)
        _ = try await client.send(.delete("/v1/sessions/a"))
        _ = try await client.send(.delete("/v1/sessions/a"))
        let ids = server.requests.compactMap { $0.headers["x-request-id"] }
        #expect(ids.count == 2)
        #expect(Set(ids).count == 2)
    }

    @Test(arguments: ClientReader.allCases) func postsJSONWithContentType(reader: ClientReader) async throws {
        let server = try HTTPTestServer { _, _, connection in
            connection.respond(status: 202, headers: json, body: #"{"run_id":"r1","status":"QUEUED"}"#)
        }
        defer { server.stop() }
        let request = try HTTPRequest.post("/v1/sessions/s1/messages", json: SubmitMessageRequest(text: "Hi/there"))
        let result = try await makeClient(server, reader).decode(request, as: SubmitResult.self)

        #expect(result == SubmitResult(runID: "r1", status: .queued))
        let received = try #require(server.requests.first)
        #expect(received.method == "POST")
        #expect(received.headers["content-type"] == "application/json")
        #expect(String(decoding: received.body, as: UTF8.self) == #"{"content":[{"text":"Hi/there","type":"text"}]}"#)
    }

    @Test(arguments: ClientReader.allCases) func refusesRedirectsWithoutFollowing(reader: ClientReader) async throws {
        let server = try HTTPTestServer { request, _, connection in
            if request.target.hasPrefix("/v1/sessions/") {
                connection.respond(status: 307, headers: ["Location": "/v1/sessions", "X-Request-Id": "redir-1"])
            } else {
                connection.respond(status: 200, headers: json, body: #"{"items":[],"next_cursor":null}"#)
            }
        }
        defer { server.stop() }
        let error = await #expect(throws: TransportError.self) {
            _ = try await makeClient(server, reader).send(.get("/v1/sessions/"))
        }
        #expect(error?.kind == .redirectRefused)
        #expect(error?.requestID == "redir-1")
        #expect(server.requests.count == 1)
    }

    @Test(arguments: ClientReader.allCases) func errorEnvelopeBecomesAPIError(reader: ClientReader) async throws {
        let body = #"{"error":{"code":"not_found","message":"run not found","details":{},"request_id":"body-id"}}"#
        let server = try HTTPTestServer { _, _, connection in
            connection.respond(status: 404, headers: json.merging(["X-Request-Id": "header-id"]) { $1 }, body: body)
        }
        defer { server.stop() }
        let error = await #expect(throws: APIError.self) {
            _ = try await makeClient(server, reader).decode(.get("/v1/runs/x"), as: RunView.self)
        }
        #expect(error?.status == 404)
        #expect(error?.code == .notFound)
        #expect(error?.message == "run not found")
        #expect(error?.requestID == "header-id")
        #expect(error?.isNotFound == true)
    }

    @Test(arguments: ClientReader.allCases) func plainTextErrorStillBecomesAPIError(reader: ClientReader) async throws {
        let server = try HTTPTestServer { _, _, connection in
            connection.respond(status: 400, headers: ["Content-Type": "text/plain; charset=utf-8"],
                               body: "Invalid HTTP request received.")
        }
        defer { server.stop() }
        let error = await #expect(throws: APIError.self) {
            try await makeClient(server, reader).sendExpectingSuccess(.post("/v1/runs/x/cancel"))
        }
        #expect(error?.code == .malformedRequest)
        #expect(error?.message == "Invalid HTTP request received.")
        #expect(error?.requestID == nil)
    }

    @Test(arguments: ClientReader.allCases) func undecodableSuccessBodyIsInvalidResponse(reader: ClientReader) async throws {
        let server = try HTTPTestServer { _, _, connection in
            connection.respond(status: 200, headers: json.merging(["X-Request-Id": "r-9"]) { $1 }, body: #"{"id":5}"#)
        }
        defer { server.stop() }
        let error = await #expect(throws: InvalidResponseError.self) {
            _ = try await makeClient(server, reader).decode(.get("/v1/sessions/x"), as: SessionView.self)
        }
        #expect(error?.requestID == "r-9")
    }

    @Test(arguments: ClientReader.allCases) func refusedConnectionIsTransportError(reader: ClientReader) async throws {
        let refusing = try RefusingPort()
        defer { refusing.release() }
        let client = HTTPClient(settings: try ConnectionSettings(serverAddress: refusing.baseURL, token: "t"))
        let error = await #expect(throws: TransportError.self) {
            _ = try await client.send(.get("/health/live"))
        }
        #expect(error?.kind == .cannotConnect)
        #expect(error?.requestID != nil)
    }

    @Test(arguments: ClientReader.allCases) func cancellingTheCallerCancelsAPendingRequest(reader: ClientReader) async throws {
        let requestArrived = Gate()
        let release = Gate()
        let server = try HTTPTestServer { _, _, connection in
            requestArrived.open()
            _ = release.wait()  // hold the answer until the test is done
            connection.respond(status: 204)
        }
        defer {
            release.open()
            server.stop()
        }
        let client = try makeClient(server, reader)
        let call = Task { try await client.send(.get("/v1/sessions")) }
        #expect(await requestArrived.waitAsync())
        call.cancel()
        let error = await #expect(throws: TransportError.self) { _ = try await call.value }
        #expect(error?.kind == .cancelled)
    }

    @Test(arguments: ClientReader.allCases) func emptyIdempotencyKeyHeaderIsNeverSent(reader: ClientReader) async throws {
        let server = try HTTPTestServer { _, _, connection in connection.respond(status: 204) }
        defer { server.stop() }
        _ = try await makeClient(server, reader).send(.post("/v1/runs/x/cancel", headers: ["idempotency-key": ""]))
        #expect(server.requests.first?.headers["idempotency-key"] == nil)
    }

    @Test(arguments: ClientReader.allCases) func authorizationCannotBeOverriddenByRequestHeaders(reader: ClientReader) async throws {
        let server = try HTTPTestServer { _, _, connection in connection.respond(status: 204) }
        defer { server.stop() }
        _ = try await makeClient(server, reader).send(.get("/v1/sessions", headers: ["authorization": "Bearer other"]))
        #expect(server.requests.first?.headers["authorization"] == "Bearer secret-token-1")
    }
}
