import Foundation
import Testing
@testable import VeetTransport
import VeetTestSupport

/// Addresses that reach no Veetbot API say so (issue 14, item 7).
@Suite struct WrongAddressTests {
    @Test func anHTTPSAddressAtAPlainHTTPServerSaysTheServerAnsweredPlainHTTP() async throws {
        // A plain HTTP server answers TLS's first bytes with a 400 at once, as nginx does.
        let (listener, port) = try TLSFront.listenOnLoopback()
        defer { close(listener) }
        Thread {
            let client = accept(listener, nil, nil)
            guard client >= 0 else { return }
            let answer = Array("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8)
            _ = send(client, answer, answer.count, Int32(MSG_NOSIGNAL))
            usleep(200_000)
            close(client)
        }.start()
        let client = HTTPClient(settings: try ConnectionSettings(serverAddress: "https://127.0.0.1:\(port)", token: "t"),
                                trustedCertificates: TLSFront.authority)
        let seen = try await #require(throws: TransportError.self) { try await client.send(.get("/v1/sessions")) }
        #expect(seen.kind == .tls)
        #expect(seen.answeredPlainHTTP, "\(seen)")
        #expect(seen.description.hasPrefix("The server answered in plain HTTP, not HTTPS: for a local development "
                                           + "server use an http:// address"))
        #expect(seen.description.contains("wrong version number"))  // the library's words stay, for support
        let other = TransportError(.tls, "certificate has expired")
        #expect(!other.answeredPlainHTTP)
        #expect(other.description == "The secure connection failed: certificate has expired")
    }

    @Test func aHealthProbeAnswering404MeansThereIsNoAPIThere() async throws {
        let server = try HTTPTestServer { _, _, connection in
            connection.respond(status: 404, body: #"{"detail":"Not Found"}"#)
        }
        defer { server.stop() }
        let client = HTTPClient(settings: try ConnectionSettings(serverAddress: server.baseURL + "/veet", token: "t"))
        let missing = await client.missingAPI(after: APIError(status: 404, code: .notFound, message: ""))
        #expect(missing?.description == "There is no Veetbot API at \(server.baseURL)/veet (its health probe "
                + "/health/live answered 404): check the address and its path prefix.")
        #expect(await client.missingAPI(after: APIError(status: 409, code: .conflict, message: "")) == nil)
    }

    @Test func aLiveHealthProbeLeavesTheNotFoundStanding() async throws {
        let server = try HTTPTestServer { request, _, connection in
            let live = request.target.hasSuffix("/health/live")
            connection.respond(status: live ? 200 : 404, body: live ? #"{"status":"live"}"# : "{}")
        }
        defer { server.stop() }
        let client = HTTPClient(settings: try ConnectionSettings(serverAddress: server.baseURL, token: "t"))
        #expect(await client.missingAPI(after: APIError(status: 404, code: .notFound, message: "")) == nil)
    }
}
