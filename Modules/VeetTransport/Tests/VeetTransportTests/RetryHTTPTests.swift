import Foundation
import Testing
import Synchronization
@testable import VeetTransport
import VeetWire

/// Records the waits `sendRetrying` asks for instead of sleeping.
final class RecordingSleeper: Sendable {
    private let waits = Mutex<[Duration]>([])
    var recorded: [Duration] { waits.withLock { $0 } }
    var sleeper: HTTPClient.Sleeper {
        { duration in self.waits.withLock { $0.append(duration) } }
    }
}

private let pinned = RetryPolicy(jitter: .none)

@Suite(.timeLimit(.minutes(1)))
struct RetryHTTPTests {
    @Test(arguments: ClientReader.allCases) func sameIdempotencyKeyOnEveryAttemptAfter503And429AndADroppedConnection(reader: ClientReader) async throws {
        let server = try HTTPTestServer { _, index, connection in
            switch index {
            case 0: connection.respond(status: 503, headers: ["Content-Type": "text/plain"], body: "busy")
            case 1: connection.respond(status: 429, headers: ["Retry-After": "2"],
                                       body: #"{"error":{"code":"rate_limited","message":"slow down","details":{},"request_id":"x"}}"#)
            case 2: connection.close()  // no answer at all
            default: connection.respond(status: 202, body: #"{"run_id":"r1","status":"QUEUED"}"#)
            }
        }
        defer { server.stop() }
        let key = IdempotencyKey()
        let sleeper = RecordingSleeper()
        let request = try HTTPRequest.post("/v1/sessions/s/messages", json: SubmitMessageRequest(text: "hi"))

        let response = try await makeClient(server, reader).sendRetrying(request, idempotencyKey: key, policy: pinned,
                                                                 sleeper: sleeper.sleeper)

        #expect(response.status == 202)
        #expect(try response.decoded(as: SubmitResult.self).runID == "r1")
        let requests = server.requests
        #expect(requests.count == 4)
        #expect(requests.allSatisfy { $0.headers["idempotency-key"] == key.rawValue })
        #expect(Set(requests.compactMap { $0.headers["x-request-id"] }).count == 4)
        #expect(requests.allSatisfy { $0.body == requests[0].body })
        // Backoff 0.25 s, then the 429's Retry-After of 2 s, then 1 s.
        #expect(sleeper.recorded == [.milliseconds(250), .seconds(2), .seconds(1)])
    }

    @Test(arguments: ClientReader.allCases) func noRetryOnAClientError(reader: ClientReader) async throws {
        let server = try HTTPTestServer { _, _, connection in
            connection.respond(status: 400, body: #"{"error":{"code":"malformed_request","message":"bad","details":{},"request_id":"q"}}"#)
        }
        defer { server.stop() }
        let sleeper = RecordingSleeper()
        let response = try await makeClient(server, reader).sendRetrying(
            .get("/v1/sessions"), idempotencyKey: IdempotencyKey(), policy: pinned, sleeper: sleeper.sleeper)
        #expect(response.status == 400)
        #expect(server.requests.count == 1)
        #expect(sleeper.recorded.isEmpty)
    }

    @Test(arguments: ClientReader.allCases) func givesUpAfterMaxAttemptsAndReturnsTheLastAnswer(reader: ClientReader) async throws {
        let server = try HTTPTestServer { _, _, connection in connection.respond(status: 502) }
        defer { server.stop() }
        let sleeper = RecordingSleeper()
        let response = try await makeClient(server, reader).sendRetrying(
            .get("/v1/sessions"), idempotencyKey: nil, policy: pinned, sleeper: sleeper.sleeper)
        #expect(response.status == 502)
        #expect(server.requests.count == 4)
        #expect(server.requests.allSatisfy { $0.headers["idempotency-key"] == nil })
        #expect(sleeper.recorded == [.milliseconds(250), .milliseconds(500), .seconds(1)])
    }

    @Test(arguments: ClientReader.allCases) func throwsTheTransportErrorWhenNoAttemptIsAnswered(reader: ClientReader) async throws {
        let refusing = try RefusingPort()
        defer { refusing.release() }
        let client = HTTPClient(settings: try ConnectionSettings(serverAddress: refusing.baseURL, token: "t"))
        let sleeper = RecordingSleeper()
        let error = await #expect(throws: TransportError.self) {
            _ = try await client.sendRetrying(.get("/v1/sessions"), idempotencyKey: nil,
                                              policy: RetryPolicy(maxAttempts: 3, jitter: .none), sleeper: sleeper.sleeper)
        }
        #expect(error?.kind == .cannotConnect)
        #expect(sleeper.recorded.count == 2)
    }

    @Test(arguments: ClientReader.allCases) func aRefusedRedirectIsNotRetried(reader: ClientReader) async throws {
        let server = try HTTPTestServer { _, _, connection in
            connection.respond(status: 307, headers: ["Location": "https://elsewhere.example/v1/sessions"])
        }
        defer { server.stop() }
        let sleeper = RecordingSleeper()
        let error = await #expect(throws: TransportError.self) {
            _ = try await makeClient(server, reader).sendRetrying(.get("/v1/sessions/"), idempotencyKey: IdempotencyKey(),
                                                          policy: pinned, sleeper: sleeper.sleeper)
        }
        #expect(error?.kind == .redirectRefused)
        #expect(server.requests.count == 1)
        #expect(sleeper.recorded.isEmpty)
    }
}
