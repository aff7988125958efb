import Foundation
import Testing
import Synchronization
@testable import VeetTransport
import VeetTestSupport

/// Requests, a stream and an upload through an authenticating HTTP proxy, to
/// a server that is not loopback (`veet.example.org`, which `TestProxy`
/// reaches at 127.0.0.1, behind a TLS front whose certificate is for that
/// name): https:// goes through a `CONNECT` tunnel with TLS inside, so the
/// proxy sees the tunnel request and its own credentials, never the token.
@Suite(.timeLimit(.minutes(1)))
struct ProxyTests {
    static let token = "secret-token-1"

    /// The server behind its TLS front, and a client that reaches it through `proxy` with `userInfo`.
    struct Setup {
        let server: HTTPTestServer
        let front: TLSFront
        let client: HTTPClient

        init(_ proxy: TestProxy, userInfo: String = "alice:hunter2@", variable: String = "HTTPS_PROXY",
             handler: @escaping HTTPTestServer.Handler) throws {
            server = try HTTPTestServer(handler: handler)
            front = try TLSFront(upstreamPort: server.port, certificate: .elsewhere)
            let settings = try ConnectionSettings(serverAddress: "https://veet.example.org:\(front.port)", token: ProxyTests.token)
            client = HTTPClient(settings: settings, trustedCertificates: TLSFront.authority,
                                proxy: ProxyRule(environment: [variable: proxy.address(userInfo: userInfo)]))
        }

        func stop() {
            front.stop()
            server.stop()
        }
    }

    static func answering(_ request: HTTPTestServer.Request, _ index: Int, _ connection: HTTPTestServer.Connection) {
        connection.respond(status: 200, headers: ["Content-Type": "application/json"],
                           body: #"{"bytes":\#(request.body.count)}"#)
    }

    @Test func aRequestGoesThroughATunnelTheProxyCannotReadInto() async throws {
        let proxy = try TestProxy(credentials: "alice:hunter2")
        defer { proxy.stop() }
        let setup = try Setup(proxy, handler: Self.answering)
        defer { setup.stop() }
        #expect(setup.client.proxy.description
                == "through http://127.0.0.1:\(proxy.port) (from HTTPS_PROXY, with a user name and password)")
        let response = try await setup.client.send(.get("/v1/sessions"))
        #expect(response.status == 200)
        #expect(setup.server.requests.first?.headers["authorization"] == "Bearer \(Self.token)")
        #expect(setup.server.requests.first?.headers["proxy-authorization"] == nil)
        let head = try #require(proxy.heads.first)
        #expect(head.hasPrefix("CONNECT veet.example.org:\(setup.front.port) HTTP/1.1\r\n"), "\(head)")
        #expect(head.contains("Proxy-Authorization: Basic \(Data("alice:hunter2".utf8).base64EncodedString())"))
        #expect(!proxy.saw(Self.token) && !proxy.saw("Bearer") && !proxy.saw("/v1/sessions"))
    }

    @Test func aStreamCutBehindTheProxyEndsWithConnectionLost() async throws {
        let proxy = try TestProxy(credentials: "alice:hunter2")
        defer { proxy.stop() }
        let setup = try Setup(proxy) { _, _, connection in
            connection.startChunked(status: 200, headers: ["Content-Type": "text/event-stream"])
            _ = connection.writeChunk("data: partial\n\n")
            connection.close()  // no terminating chunk
        }
        defer { setup.stop() }
        let stream = try await setup.client.openStream(.get("/v1/runs/r/events"))
        var received: [String] = []
        let error = await #expect(throws: TransportError.self) {
            for try await chunk in stream.chunks { received.append(String(decoding: chunk, as: UTF8.self)) }
        }
        #expect(error?.kind == .connectionLost)
        #expect(received == ["data: partial\n\n"])
        #expect(setup.server.requests.first?.headers["authorization"] == "Bearer \(Self.token)")
        #expect(!proxy.saw(Self.token))
    }

    @Test func anUploadGoesThroughWholeWithItsProgress() async throws {
        let proxy = try TestProxy(credentials: "alice:hunter2")
        defer { proxy.stop() }
        let setup = try Setup(proxy, handler: Self.answering)
        defer { setup.stop() }
        let body = Data((0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        let reported = Mutex(0)
        var request = HTTPRequest.post("/v1/uploads")
        request.body = body
        let response = try await HTTPUploadProgress.$current.withValue(HTTPUploadProgress { sent in
            reported.withLock { $0 = sent }
        }) {
            try await setup.client.send(request)
        }
        #expect(response.status == 200)
        #expect(setup.server.requests.first?.body == body)
        #expect(reported.withLock { $0 } == body.count)
        #expect(!proxy.saw(Self.token))
    }

    @Test func wrongProxyCredentialsAreAProxyErrorThatNamesTheProxyNotThePassword() async throws {
        let proxy = try TestProxy(credentials: "alice:hunter2")
        defer { proxy.stop() }
        let setup = try Setup(proxy, userInfo: "alice:wrong@", handler: Self.answering)
        defer { setup.stop() }
        let error = try await #require(throws: TransportError.self) { try await setup.client.send(.get("/v1/sessions")) }
        #expect(error.kind == .proxy)
        #expect(error.description == "The proxy failed: the proxy http://127.0.0.1:\(proxy.port) (from HTTPS_PROXY, with a "
                + "user name and password) did not accept the user name and password in HTTPS_PROXY (407)")
        #expect(!error.description.contains("wrong") && !error.description.contains("alice"))
        #expect(setup.server.requests.isEmpty)
        #expect(!proxy.saw(Self.token))
    }

    @Test func aProxyAskingForCredentialsSaysWhereToPutThem() async throws {
        let proxy = try TestProxy(credentials: "alice:hunter2")
        defer { proxy.stop() }
        let setup = try Setup(proxy, userInfo: "", variable: "https_proxy", handler: Self.answering)
        defer { setup.stop() }
        let error = try await #require(throws: TransportError.self) { try await setup.client.send(.get("/v1/sessions")) }
        #expect(error.kind == .proxy)
        #expect(error.detail.hasSuffix("asks for a user name and password (407): put them in https_proxy as "
                                       + "http://user:password@host:port"), "\(error)")
    }

    @Test func aRefusedTunnelNamesTheProxyAndTheTarget() async throws {
        let proxy = try TestProxy(refusingTunnels: true)
        defer { proxy.stop() }
        let setup = try Setup(proxy, userInfo: "", handler: Self.answering)
        defer { setup.stop() }
        let stream = try await #require(throws: TransportError.self) {
            _ = try await setup.client.openStream(.get("/v1/runs/r/events"))
        }
        #expect(stream.kind == .proxy)
        #expect(stream.detail == "the proxy http://127.0.0.1:\(proxy.port) (from HTTPS_PROXY) refused the tunnel to "
                + "veet.example.org:\(setup.front.port) (403)")
        #expect(setup.server.requests.isEmpty)
    }

    @Test func anUnreachableProxyIsAProxyError() async throws {
        let (listener, port) = try TLSFront.listenOnLoopback()
        close(listener)  // nothing listens there now
        let settings = try ConnectionSettings(serverAddress: "https://veet.example.org", token: Self.token)
        let client = HTTPClient(settings: settings, trustedCertificates: TLSFront.authority,
                                proxy: ProxyRule(environment: ["all_proxy": "127.0.0.1:\(port)"]))
        let error = try await #require(throws: TransportError.self) { try await client.send(.get("/v1/sessions")) }
        #expect(error.kind == .proxy)
        #expect(error.detail.hasPrefix("cannot reach the proxy http://127.0.0.1:\(port) (from all_proxy): "), "\(error)")
    }

    @Test func anUnusableProxyVariableStopsTheRequestInsteadOfGoingDirect() async throws {
        let server = try HTTPTestServer { request, index, connection in Self.answering(request, index, connection) }
        defer { server.stop() }
        let front = try TLSFront(upstreamPort: server.port, certificate: .elsewhere)
        defer { front.stop() }
        let settings = try ConnectionSettings(serverAddress: "https://veet.example.org:\(front.port)", token: Self.token)
        let client = HTTPClient(settings: settings, trustedCertificates: TLSFront.authority,
                                proxy: ProxyRule(environment: ["https_proxy": "socks5://127.0.0.1:1080"]))
        let error = try await #require(throws: TransportError.self) { try await client.send(.get("/v1/sessions")) }
        #expect(error.kind == .proxy)
        #expect(error.detail == "https_proxy cannot be used: socks5:// proxies are not supported (only http://); "
                + "the request was not sent")
    }

    @Test func loopbackServersAreReachedDirectlyWhateverTheEnvironment() async throws {
        let proxy = try TestProxy()
        defer { proxy.stop() }
        let server = try HTTPTestServer(handler: Self.answering)
        defer { server.stop() }
        let client = HTTPClient(settings: try ConnectionSettings(serverAddress: server.baseURL, token: Self.token),
                                trustedCertificates: nil,
                                proxy: ProxyRule(environment: ["http_proxy": proxy.address(), "ALL_PROXY": proxy.address()]))
        #expect(client.proxy == .direct(.loopback))
        #expect(try await client.send(.get("/v1/sessions")).status == 200)
        #expect(proxy.heads.isEmpty)
    }

    /// Plain http:// to a server that is not loopback (only an exchange can
    /// ask it: `ServerURL` refuses such an address) is forwarded in absolute form.
    @Test func plainHTTPIsForwardedWithTheProxysCredentials() async throws {
        let proxy = try TestProxy(credentials: "bob:pw")
        defer { proxy.stop() }
        let server = try HTTPTestServer(handler: Self.answering)
        defer { server.stop() }
        let rule = ProxyRule(environment: ["http_proxy": proxy.address(userInfo: "bob:pw@")])
        let url = URL(string: "http://veet.example.org:\(server.port)/v1/sessions?limit=1")!
        let request = OutgoingRequest(url: url, method: "GET", headers: [:], body: nil, requestID: "r1",
                                      trustedCertificates: nil, proxy: rule.choice(for: url))
        let response = try await HTTPExchange.send(request, timeout: 10)
        #expect(response.status == 200)
        #expect(proxy.heads.first?.hasPrefix("GET http://veet.example.org:\(server.port)/v1/sessions?limit=1 HTTP/1.1\r\n") == true)
        #expect(server.requests.first?.target == "/v1/sessions?limit=1")
        #expect(server.requests.first?.headers["proxy-authorization"] == nil)
        #expect(server.requests.first?.headers["host"] == "veet.example.org:\(server.port)")
    }
}
