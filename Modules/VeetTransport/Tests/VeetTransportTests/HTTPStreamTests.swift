import Foundation
import Testing
import Synchronization
@testable import VeetTransport
import VeetTestSupport

private let eventStream = ["Content-Type": "text/event-stream", "X-Request-Id": "stream-1"]

/// Every client test runs over plain HTTP and over TLS (a `TLSFront` before
/// the same test server, its certificate from the tests' own authority):
/// both must behave the same.
enum ClientReader: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case plain, tls
    var testDescription: String { rawValue }
}

func makeClient(_ server: HTTPTestServer, _ reader: ClientReader) throws -> HTTPClient {
    let address = switch reader {
    case .plain: server.baseURL
    case .tls: try server.tlsBaseURL()
    }
    return HTTPClient(settings: try ConnectionSettings(serverAddress: address, token: "secret-token-1"),
                      clientVersion: "9.9", trustedCertificates: TLSFront.authority)
}

@Suite(.timeLimit(.minutes(1)))
struct HTTPStreamTests {
    @Test(arguments: ClientReader.allCases) func chunksArriveBeforeTheServerWritesTheNextOne(reader: ClientReader) async throws {
        let firstSeen = Gate()
        let server = try HTTPTestServer { _, _, connection in
            connection.startChunked(status: 200, headers: eventStream)
            connection.writeChunk(": first\n\n")
            // The second chunk says whether the client saw the first one while
            // the server was still holding the second back.
            connection.writeChunk(firstSeen.wait() ? "data: second\n\n" : "data: client-never-saw-first\n\n")
            connection.endChunked()
        }
        defer { server.stop() }

        let stream = try await makeClient(server, reader).openStream(.get("/v1/runs/r/events"))
        #expect(stream.response.status == 200)
        #expect(stream.response.requestID == "stream-1")
        #expect(stream.response.body.isEmpty)
        var received: [String] = []
        for try await chunk in stream.chunks {
            received.append(String(decoding: chunk, as: UTF8.self))
            if received.count == 1 { firstSeen.open() }
        }
        #expect(received == [": first\n\n", "data: second\n\n"])
    }

    @Test(arguments: ClientReader.allCases) func aNonSuccessAnswerThrowsAPIErrorBeforeStreaming(reader: ClientReader) async throws {
        let server = try HTTPTestServer { _, _, connection in
            connection.respond(status: 404, headers: ["Content-Type": "application/json", "X-Request-Id": "nf-1"],
                               body: #"{"error":{"code":"not_found","message":"run not found","details":{},"request_id":"nf-1"}}"#)
        }
        defer { server.stop() }
        let error = await #expect(throws: APIError.self) {
            _ = try await makeClient(server, reader).openStream(.get("/v1/runs/missing/events"))
        }
        #expect(error?.status == 404)
        #expect(error?.code == .notFound)
        #expect(error?.message == "run not found")
        #expect(error?.requestID == "nf-1")
    }

    @Test(arguments: ClientReader.allCases) func aCutConnectionEndsTheStreamWithConnectionLost(reader: ClientReader) async throws {
        let server = try HTTPTestServer { _, _, connection in
            connection.startChunked(status: 200, headers: eventStream)
            connection.writeChunk("data: partial\n\n")
            connection.close()  // no terminating chunk
        }
        defer { server.stop() }
        let stream = try await makeClient(server, reader).openStream(.get("/v1/runs/r/events"))
        var received: [String] = []
        let error = await #expect(throws: TransportError.self) {
            for try await chunk in stream.chunks { received.append(String(decoding: chunk, as: UTF8.self)) }
        }
        #expect(error?.kind == .connectionLost)
        #expect(received == ["data: partial\n\n"])
    }

    /// A server that writes heartbeats until the client hangs up, then opens `clientGone`.
    private static func heartbeatServer(clientGone: Gate) throws -> HTTPTestServer {
        try HTTPTestServer { _, _, connection in
            connection.startChunked(status: 200, headers: eventStream)
            for _ in 0..<400 {  // bounded: about 10 s
                guard connection.writeChunk(": heartbeat\n\n") else { return clientGone.open() }
                Thread.sleep(forTimeInterval: 0.025)
            }
        }
    }

    @Test(arguments: ClientReader.allCases) func cancellingTheConsumingTaskCancelsTheRequest(reader: ClientReader) async throws {
        let clientGone = Gate()
        let server = try Self.heartbeatServer(clientGone: clientGone)
        defer { server.stop() }
        let stream = try await makeClient(server, reader).openStream(.get("/v1/runs/r/events"))
        let firstChunk = Gate()
        let consumer = Task {
            for try await _ in stream.chunks { firstChunk.open() }
        }
        #expect(await firstChunk.waitAsync())
        consumer.cancel()
        #expect(await clientGone.waitAsync())
    }

    @Test(arguments: ClientReader.allCases) func cancelClosesTheConnectionAndEndsTheChunks(reader: ClientReader) async throws {
        let clientGone = Gate()
        let server = try Self.heartbeatServer(clientGone: clientGone)
        defer { server.stop() }
        let stream = try await makeClient(server, reader).openStream(.get("/v1/runs/r/events"))
        var count = 0
        let error = await #expect(throws: TransportError.self) {
            for try await _ in stream.chunks {
                count += 1
                if count == 1 { stream.cancel() }
            }
        }
        #expect(error?.kind == .cancelled)
        #expect(count >= 1)
        #expect(await clientGone.waitAsync())
    }

    @Test(arguments: ClientReader.allCases) func byteStreamSourceSendsStreamHeaders(reader: ClientReader) async throws {
        let server = try HTTPTestServer { _, _, connection in
            connection.startChunked(status: 200, headers: eventStream)
            connection.writeChunk("id: 7\ndata: {}\n\n")
            connection.endChunked()
        }
        defer { server.stop() }
        let source: any ByteStreamSource = try makeClient(server, reader)
        let chunks = try await source.openByteStream(path: "/v1/runs/r/events", headers: ["Last-Event-ID": "6"])
        var body = Data()
        for try await chunk in chunks { body.append(chunk) }

        #expect(String(decoding: body, as: UTF8.self) == "id: 7\ndata: {}\n\n")
        let request = try #require(server.requests.first)
        #expect(request.target == "/v1/runs/r/events")
        #expect(request.headers["accept"] == "text/event-stream")
        #expect(request.headers["cache-control"] == "no-cache")
        #expect(request.headers["last-event-id"] == "6")
        #expect(request.headers["authorization"] == "Bearer secret-token-1")
    }

    @Test(arguments: ClientReader.allCases) func aRedirectedStreamIsRefused(reader: ClientReader) async throws {
        let server = try HTTPTestServer { _, _, connection in
            connection.respond(status: 307, headers: ["Location": "http://127.0.0.1:1/v1/runs/r/events"])
        }
        defer { server.stop() }
        let error = await #expect(throws: TransportError.self) {
            _ = try await makeClient(server, reader).openStream(.get("/v1/runs/r/events/"))
        }
        #expect(error?.kind == .redirectRefused)
        #expect(server.requests.count == 1)
    }
}
