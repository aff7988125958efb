import Foundation
import Testing
@testable import VeetTransport
import VeetTestSupport

/// https:// through the transport's own TLS: the server's certificate is
/// checked against the trusted roots and the address's name, and a refusal
/// says which check failed (a `.tls` error, never an answer).
@Suite(.timeLimit(.minutes(1)))
struct TLSTests {
    static func answering() throws -> HTTPTestServer {
        try HTTPTestServer { _, _, connection in
            connection.respond(status: 200, headers: ["Content-Type": "application/json"], body: #"{"ok":true}"#)
        }
    }

    static func client(_ address: String, trusting authority: String? = TLSFront.authority) throws -> HTTPClient {
        HTTPClient(settings: try ConnectionSettings(serverAddress: address, token: "t"), trustedCertificates: authority)
    }

    @Test(arguments: ["https://127.0.0.1", "https://localhost"])
    func aCertificateFromATrustedAuthorityForTheNameIsAccepted(host: String) async throws {
        let server = try Self.answering()
        defer { server.stop() }
        let front = try TLSFront(upstreamPort: server.port)
        defer { front.stop() }
        let response = try await Self.client("\(host):\(front.port)").send(.get("/v1/sessions"))
        #expect(response.status == 200)
        #expect(String(decoding: response.body, as: UTF8.self) == #"{"ok":true}"#)
        #expect(server.requests.first?.headers["authorization"] == "Bearer t")
    }

    @Test func aCertificateNoTrustedAuthorityIssuedIsRefused() async throws {
        let server = try Self.answering()
        defer { server.stop() }
        let front = try TLSFront(upstreamPort: server.port)
        defer { front.stop() }
        // The system's roots: the tests' authority is not among them.
        let error = try await #require(throws: TransportError.self) {
            try await Self.client(front.baseURL, trusting: nil).send(.get("/v1/sessions"))
        }
        #expect(error.kind == .tls)
        #expect(error.description.contains("The secure connection failed: the certificate of 127.0.0.1 is not trusted"),
                "\(error)")
        #expect(server.requests.isEmpty, "nothing was sent to a server not proven")
    }

    @Test func aCertificateForAnotherNameIsRefused() async throws {
        let server = try Self.answering()
        defer { server.stop() }
        let front = try TLSFront(upstreamPort: server.port, certificate: .elsewhere)
        defer { front.stop() }
        let error = try await #require(throws: TransportError.self) {
            try await Self.client(front.baseURL).send(.get("/v1/sessions"))
        }
        #expect(error.kind == .tls)
        #expect(error.description.contains("not trusted: IP address mismatch"), "\(error)")
        #expect(server.requests.isEmpty)
    }

    @Test func aServerThatNeverStartsTLSIsCancelledByItsTask() async throws {
        let (listener, port) = try TLSFront.listenOnLoopback()
        defer { close(listener) }
        let client = try Self.client("https://127.0.0.1:\(port)")
        let request = Task { try await client.send(.get("/v1/sessions")) }
        try await Task.sleep(for: .milliseconds(200))
        request.cancel()
        let error = try await #require(throws: TransportError.self) { try await request.value }
        #expect(error.kind == .cancelled)
    }

    /// FoundationNetworking trapped on an answer cut inside its head, and
    /// https:// went through it; over TLS such a cut is a `TransportError` too,
    /// whole answers and streams alike (bytes 17 and 40: inside the head).
    @Test(arguments: [0, 8, 17, 40, 80])
    func anAnswerCutBeforeItsBodyOverTLSIsATransportError(bytes: Int) async throws {
        let answer = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nX-Request-Id: cut-1\r\nContent-Length: 2\r\n\r\n{}"
        let server = try HTTPTestServer { _, _, connection in
            _ = connection.write(String(answer.utf8.prefix(bytes))!)
        }
        defer { server.stop() }
        let client = try Self.client(try server.tlsBaseURL())
        let whole = try await #require(throws: TransportError.self) { try await client.send(.get("/v1/sessions")) }
        #expect(whole.kind == .connectionLost, "\(whole)")
        let stream = try await #require(throws: TransportError.self) {
            _ = try await client.openStream(.get("/v1/runs/r/events"))
        }
        #expect(stream.kind == .connectionLost, "\(stream)")
    }

    /// An address literal is checked against the certificate's IP entries and sent without SNI.
    @Test func addressLiteralsAreToldFromNames() {
        #expect(TCPConnection.isAddress("127.0.0.1") && TCPConnection.isAddress("::1"))
        #expect(!TCPConnection.isAddress("localhost") && !TCPConnection.isAddress("veet.example.org"))
    }
}
