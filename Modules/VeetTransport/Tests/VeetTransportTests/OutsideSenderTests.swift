import Foundation
import Testing
@testable import VeetTransport

/// The sender for a capability address outside the connection's server.
@Suite(.timeLimit(.minutes(1)))
struct OutsideSenderTests {
    @Test func sendsToTheWholeAddressWithoutTokenOrCookies() async throws {
        let server = try HTTPTestServer { _, _, connection in
            connection.respond(status: 200, headers: ["Content-Type": "application/json"], body: #"{"status":"ready"}"#)
        }
        defer { server.stop() }
        let client = try makeClient(server, token: "secret-token-9")
        let sender = OutsideSender.live(client: client, timeout: 5)
        var request = HTTPRequest(method: "POST", path: "/ignored", body: Data("{}".utf8))
        request.setHeader("X-Capability", "cap")
        request.setHeader("Authorization", "Bearer smuggled")
        request.setHeader("Cookie", "a=b")
        let url = try #require(URL(string: server.baseURL + "/authentication/x/handoff"))
        let response = try await sender.send(request, to: url)

        #expect(response.status == 200)
        let received = try #require(server.requests.first)
        #expect(received.target == "/authentication/x/handoff")
        #expect(received.headers["authorization"] == nil)
        #expect(received.headers["cookie"] == nil)
        #expect(received.headers["x-capability"] == "cap")
        #expect(received.headers["cache-control"] == "no-store")
        #expect(received.headers["content-type"] == "application/json")
    }

    @Test func refusesARedirectWithoutNamingTheAddress() async throws {
        let server = try HTTPTestServer { _, _, connection in
            connection.respond(status: 302, headers: ["Location": "/elsewhere#capability=leak"])
        }
        defer { server.stop() }
        let sender = OutsideSender.live(client: try makeClient(server), timeout: 5)
        let url = try #require(URL(string: server.baseURL + "/authentication/x/handoff"))
        let error = await #expect(throws: TransportError.self) {
            _ = try await sender.send(HTTPRequest(method: "POST", path: ""), to: url)
        }
        #expect(error?.kind == .redirectRefused)
        #expect(!"\(String(describing: error))".contains("leak"))
        #expect(server.requests.count == 1)
    }
}
