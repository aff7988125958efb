import Foundation
import Testing
import VeetFixture

/// Connection handling, request ids, boundary checks and the HTTP layer's own answers.
@Suite struct HTTPBehaviourTests {
    static let missingID = "00000000-0000-4000-8000-000000000000"

    @Test func keepAliveServesSeveralRequestsOnOneConnection() throws {
        let harness = try Harness()
        let connection = try TestConnection(port: harness.port)
        // Two requests written back to back (pipelined), a third after the answers.
        try connection.send(
            harness.rawRequest("GET", "/health/live", close: false) + harness.rawRequest("GET", "/v1/sessions", close: false))
        #expect(try connection.readResponse().object["status"] as? String == "ok")
        #expect(try connection.readResponse().status == 200)
        try connection.send(harness.rawRequest("POST", "/v1/sessions", body: #"{"agent_id":"general"}"#, close: false))
        #expect(try connection.readResponse().status == 201)
        try connection.send(harness.rawRequest("GET", "/health/ready", close: true))
        #expect(try connection.readResponse().object["status"] as? String == "ready")
        #expect(try connection.isClosedByServer())
    }

    @Test func rejectedBodyIsDrainedSoTheConnectionStaysUsable() throws {
        let harness = try Harness()
        let connection = try TestConnection(port: harness.port)
        try connection.send(harness.rawRequest("POST", "/v1/sessions", body: #"{"agent_id":"general"}"#, token: nil, close: false))
        #expect(try connection.readResponse().status == 401)
        try connection.send(harness.rawRequest("GET", "/health/live", close: false))
        #expect(try connection.readResponse().status == 200)
    }

    @Test(arguments: [("my-trace.123", true), ("has space", false), (String(repeating: "a", count: 129), false),
                      (String(repeating: "b", count: 128), true)])
    func requestIDIsEchoedOnlyWhenValid(supplied: String, echoed: Bool) throws {
        let harness = try Harness()
        let response = try harness.request("GET", "/v1/sessions/\(Self.missingID)", headers: [("X-Request-Id", supplied)])
        let header = try #require(response.header("x-request-id"))
        #expect((header == supplied) == echoed)
        if !echoed { #expect(UUID(uuidString: header) != nil && header == header.lowercased()) }
        #expect(response.error["request_id"] as? String == header)
    }

    @Test(arguments: ["/health/live", "/v1/nothing", "/v1/sessions/"])
    func everyApplicationAnswerCarriesARequestID(path: String) throws {
        let harness = try Harness()
        #expect(try harness.request("GET", path, token: nil).header("x-request-id") != nil)
    }

    @Test func getWithoutOrWithWrongTokenIsAuthenticationError() throws {
        let harness = try Harness()
        let golden = try Golden.error("errors-1.txt", section: "401 GET no token")
        for token in [nil, "wrong"] as [String?] {
            let response = try harness.request("GET", "/v1/sessions", token: token)
            #expect(response.status == 401)
            #expect(response.header("www-authenticate") == "Bearer")
            #expect(response.errorCode == golden["code"] as? String)
            #expect(response.errorMessage == golden["message"] as? String)
            #expect(response.errorDetails.isEmpty)
        }
    }

    @Test func bodyMethodsAreRefusedAtTheEdgeEvenBeforeRoutingAndSizeChecks() throws {
        let harness = try Harness()
        let golden = try Golden.error("errors-1.txt", section: "401 POST no token")
        let oversized = String(repeating: "x", count: 1_100_000)
        let attempts: [(String, String?, [(String, String)])] = [
            ("/v1/sessions", #"{"agent_id":"general"}"#, []),
            ("/v1/unknown/path", #"{}"#, []),
            ("/v1/runs/\(Self.missingID)/cancel", nil, []),
            ("/v1/sessions", oversized, [("Content-Type", "text/plain")]),
        ]
        for (path, body, headers) in attempts {
            let response = try harness.request("POST", path, headers: headers, body: body, token: nil)
            #expect(response.status == 401)
            #expect(response.header("www-authenticate") == "Bearer")
            #expect(response.errorCode == golden["code"] as? String)
            #expect(response.errorMessage == golden["message"] as? String)
        }
    }

    @Test func routeMatchingComesBeforeAuthenticationForReads() throws {
        let harness = try Harness()
        #expect(try harness.request("GET", "/v1/nothing", token: nil).status == 404)
        #expect(try harness.request("GET", "/v1/sessions/not-a-uuid", token: nil).status == 401)
        #expect(try harness.request("DELETE", "/v1/runs/\(Self.missingID)", token: nil).status == 400)
        #expect(try harness.request("GET", "/health/ready", token: nil).status == 200)
        #expect(try harness.request("GET", "/v1/runs/\(Self.missingID)/events", token: nil).errorCode == "authentication_error")
    }

    @Test(arguments: [("bearer", " ", true), ("BEARER", " ", true), ("Bearer", "  ", false), ("Basic", " ", false)])
    func bearerSchemeIsCaseInsensitiveWithExactlyOneSpace(scheme: String, separator: String, accepted: Bool) throws {
        let harness = try Harness()
        let response = try harness.request(
            "GET", "/v1/sessions", headers: [("Authorization", scheme + separator + Harness.token)], token: nil)
        #expect((response.status == 200) == accepted)
    }

    @Test func unknownPathsAndDisabledDocsAre404() throws {
        let harness = try Harness()
        let golden = try Golden.error("errors-1.txt", section: "404 unknown route")
        for path in ["/v1/nothing", "/openapi.json", "/docs", "/v1/folders", "/v1/sessions/\(Self.missingID)/folder"] {
            let response = try harness.request("GET", path)
            #expect(response.status == 404)
            #expect(response.errorMessage == golden["message"] as? String)
        }
    }

    @Test func unsupportedMethodIncludingHeadIs400() throws {
        let harness = try Harness()
        let golden = try Golden.error("errors-1.txt", section: "400 method not allowed")
        let put = try harness.request("PUT", "/v1/sessions", body: "{}")
        #expect(put.status == 400)
        #expect(put.errorMessage == golden["message"] as? String)
        let head = try harness.request("HEAD", "/v1/sessions")
        #expect(head.status == 400)
        #expect(head.body.isEmpty)
        #expect(head.header("content-length") != "0")
        #expect(head.header("x-request-id") != nil)
    }

    @Test func trailingSlashRedirectsToTheAbsolutePath() throws {
        let harness = try Harness()
        let response = try harness.request("GET", "/v1/sessions/?limit=2")
        #expect(response.status == 307)
        #expect(response.header("location") == "http://127.0.0.1:\(harness.port)/v1/sessions?limit=2")
        #expect(response.body.isEmpty)
    }

    @Test(arguments: ["abc", "-5", "1.5", ""])
    func unparsableContentLengthIsAPlainTextAnswerFromTheHTTPLayer(length: String) throws {
        let harness = try Harness()
        let connection = try TestConnection(port: harness.port)
        try connection.send(
            "POST /v1/sessions HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(Harness.token)\r\n"
                + "Content-Type: application/json\r\nContent-Length: \(length)\r\n\r\n{}")
        let response = try connection.readResponse()
        #expect(response.status == 400)
        #expect(response.text == "Invalid HTTP request received.")
        #expect(response.header("content-type") == "text/plain; charset=utf-8")
        #expect(response.header("x-request-id") == nil)
        #expect(try connection.isClosedByServer())
    }

    @Test func declaredBodyOverOneMebibyteIs413BeforeReading() throws {
        let harness = try Harness()
        let golden = try Golden.error("errors-2.txt", section: "413 payload too large")
        let connection = try TestConnection(port: harness.port)
        try connection.send(
            "POST /v1/sessions HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(Harness.token)\r\n"
                + "Content-Type: application/json\r\nContent-Length: 2000000\r\n\r\n{")
        let response = try connection.readResponse()
        #expect(response.status == 413)
        #expect(response.errorCode == golden["code"] as? String)
        #expect(response.errorMessage == golden["message"] as? String)
        #expect(response.header("connection") == "close")
    }

    @Test func chunkedBodiesAreReadAndCappedToo() throws {
        let harness = try Harness()
        let small = #"{"agent_id":"general"}"#
        let connection = try TestConnection(port: harness.port)
        try connection.send(
            "POST /v1/sessions HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(Harness.token)\r\n"
                + "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
                + String(small.utf8.count, radix: 16) + "\r\n" + small + "\r\n0\r\n\r\n")
        #expect(try connection.readResponse().status == 201)

        let big = try TestConnection(port: harness.port)
        let chunk = String(repeating: "a", count: 600_000)
        try big.send(
            "POST /v1/sessions HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(Harness.token)\r\n"
                + "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n")
        for _ in 0..<2 { try big.send(String(chunk.utf8.count, radix: 16) + "\r\n" + chunk + "\r\n") }
        let refused = try big.readResponse()
        #expect(refused.status == 413)
        #expect(refused.errorCode == "payload_too_large")
    }

    @Test func expectContinueGetsAnInterimAnswerBeforeTheBody() throws {
        let harness = try Harness()
        let body = #"{"agent_id":"general"}"#
        let connection = try TestConnection(port: harness.port)
        try connection.send(
            "POST /v1/sessions HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(Harness.token)\r\n"
                + "Content-Type: application/json\r\nExpect: 100-continue\r\nContent-Length: \(body.utf8.count)\r\n\r\n")
        #expect(try connection.readHead()?.status == 100)
        try connection.send(body)
        #expect(try connection.readResponse().status == 201)

        // Refused before the body is wanted: the answer comes at once and the connection closes.
        let refused = try TestConnection(port: harness.port)
        try refused.send(
            "POST /v1/sessions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                + "Expect: 100-continue\r\nContent-Length: \(body.utf8.count)\r\n\r\n")
        #expect(try refused.readResponse().status == 401)
        #expect(try refused.isClosedByServer())
    }

    @Test func oversizedHeaderBlockIsRefused() throws {
        let harness = try Harness()
        let connection = try TestConnection(port: harness.port)
        try connection.send("GET /health/live HTTP/1.1\r\nHost: x\r\nX-Big: \(String(repeating: "h", count: 70_000))\r\n\r\n")
        let response = try connection.readResponse()
        #expect(response.status == 431)
        #expect(try connection.isClosedByServer())
    }

    @Test func healthNeedsNoTokenAndReadinessCanFail() throws {
        let harness = try Harness()
        #expect(try harness.request("GET", "/health/live", token: nil).text == #"{"status":"ok"}"#)
        harness.server.isReady = false
        let ready = try harness.request("GET", "/health/ready", token: nil)
        #expect(ready.status == 503)
        #expect(ready.object["status"] as? String == "not_ready")
    }

    @Test func stopClosesOpenStreamsAndTheListener() throws {
        let harness = try Harness()
        let (_, stream) = try ScenarioStreamTests.attachFromStart(harness, prompt: "Please approve")
        try stream.read(untilEvent: "approval.requested")
        harness.server.stop()
        _ = try stream.readToEnd()
        #expect(stream.ending == .cut)
        #expect(throws: (any Error).self) { try TestConnection(port: harness.port) }
    }

    @Test func requestsAreRecordedForClientTests() throws {
        let harness = try Harness()
        _ = try harness.request("GET", "/v1/sessions?limit=3", headers: [("Idempotency-Key", "k")])
        let recorded = try #require(harness.server.recordedRequests.last)
        #expect(recorded.method == "GET")
        #expect(recorded.path == "/v1/sessions")
        #expect(recorded.query == "limit=3")
        #expect(recorded.headers["idempotency-key"] == "k")
    }
}
