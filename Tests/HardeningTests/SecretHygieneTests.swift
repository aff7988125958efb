import FaultProxyCore
import Foundation
import Testing
import VeetChat
import VeetFixture
import VeetStore
import VeetTransport

/// A recognisable token must stay in the credentials file and the
/// Authorization header: never in errors, dumps, the store or other files,
/// and never sent to a host a redirect names.
@Suite struct SecretHygieneTests {
    static let canary = "CANARY-7f3e9d1c-do-not-leak"

    static func temporaryPaths() throws -> VeetPaths {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("hardening-\(UUID().uuidString)")
        let paths = VeetPaths(configDirectory: root.appendingPathComponent("config"),
                              dataDirectory: root.appendingPathComponent("data"))
        try FileManager.default.createDirectory(at: paths.configDirectory, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: paths.dataDirectory, withIntermediateDirectories: true)
        return paths
    }

    /// Every text form a value can take in a log or a crash report.
    static func renderings(_ value: Any) -> [String] {
        var dumped = ""
        dump(value, to: &dumped)
        return [String(describing: value), String(reflecting: value), dumped, "\(value)"]
    }

    static func expectNoCanary(_ value: Any, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for text in renderings(value) {
            #expect(!text.contains(canary), "\(what) leaks the token: \(text)", sourceLocation: sourceLocation)
        }
    }

    @Test func settingsNeverShowTheToken() throws {
        let settings = try ConnectionSettings(serverAddress: "http://127.0.0.1:9", token: Self.canary)
        Self.expectNoCanary(settings, "ConnectionSettings")
        Self.expectNoCanary([settings], "an array of settings")
        Self.expectNoCanary(Optional(settings) as Any, "optional settings")
        #expect(settings.token == Self.canary)
    }

    @Test func errorsNeverShowTheToken() async throws {
        // 401: the server refuses the canary.
        let (server, serverURL) = try Hardening.startFixture(token: "the-real-token")
        defer { server.stop() }
        let refused = try Hardening.api(serverURL, token: Self.canary)
        do {
            _ = try await refused.createSession()
            Issue.record("a wrong token was accepted")
        } catch let error as APIError {
            #expect(error.status == 401)
            Self.expectNoCanary(error, "APIError")
        }
        // No server at all.
        let nowhere = try CountingListener()
        let port = nowhere.port
        nowhere.stop()
        do {
            _ = try await Hardening.client(URL(string: "http://127.0.0.1:\(port)")!, token: Self.canary)
                .send(.get("/v1/sessions"))
            Issue.record("a closed port answered")
        } catch let error as TransportError {
            Self.expectNoCanary(error, "TransportError")
        }
    }

    /// A real session through the store (outbox, transcript cache, session mirror):
    /// the token is in the credentials file only.
    @Test func theStoreAndConfigurationFilesNeverHoldTheToken() async throws {
        let (server, serverURL) = try Hardening.startFixture(token: Self.canary)
        defer { server.stop() }
        let paths = try Self.temporaryPaths()
        defer { try? FileManager.default.removeItem(at: paths.configDirectory.deletingLastPathComponent()) }
        let registry = ConnectionRegistry(paths: paths)
        try registry.add(name: "main", url: ServerURL(validating: serverURL.absoluteString), token: Self.canary)
        let resolved = try registry.resolve(environment: [:])
        #expect(resolved.settings.token == Self.canary)

        let store = try LocalStore.open(paths: paths, connection: "main", url: serverURL.absoluteString)
        let api = try Hardening.api(serverURL, token: Self.canary)
        let turn = try await TurnRunner(api: api).send(content: [.text("hello, please remember this")], sessionID: nil,
                                                      outbox: store, interaction: UnattendedInteraction())
        #expect(turn.status == .completed)
        _ = try store.upsert(sessions: try await api.allSessions())
        _ = try await store.refreshTranscript(sessionID: turn.sessionID, from: HTTPStoreSource(sender: api.sender))
        #expect(try !store.transcript(sessionID: turn.sessionID).isEmpty)

        var checked = 0
        let root = paths.configDirectory.deletingLastPathComponent()
        let credentials = paths.credentialsDirectory.standardizedFileURL.path
        for case let file as URL in FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)! {
            guard (try? file.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
            let bytes = try Data(contentsOf: file)
            if file.standardizedFileURL.path.hasPrefix(credentials) {
                #expect(bytes.range(of: Data(Self.canary.utf8)) != nil, "the credentials file holds the token")
                continue
            }
            checked += 1
            #expect(bytes.range(of: Data(Self.canary.utf8)) == nil, "\(file.lastPathComponent) holds the token")
        }
        #expect(checked >= 2, "the database and connections.json were checked")
    }

    /// A 307 to another loopback port is refused: nothing connects there, on
    /// a read, a write or a stream, and the error names no token.
    @Test func aRedirectIsRefusedWithoutReachingItsTarget() async throws {
        let (server, serverURL) = try Hardening.startFixture(token: Self.canary)
        defer { server.stop() }
        let elsewhere = try CountingListener()
        defer { elsewhere.stop() }
        let marker = "redirect-target-\(UUID().uuidString)"
        let proxy = try FaultProxy(upstream: serverURL) { line in
            .redirect(location: "http://127.0.0.1:\(elsewhere.port)/\(marker)\(line.split(separator: " ").dropFirst().first ?? "/")")
        }
        defer { proxy.stop() }
        let client = try Hardening.client(proxy.url, token: Self.canary)
        let attempts: [@Sendable () async throws -> Void] = [
            { _ = try await client.send(.get("/v1/sessions")) },
            { _ = try await client.send(.post("/v1/sessions", json: ["metadata": [String: String]()])) },
            { _ = try await client.openStream(.get("/v1/runs/r/events")) },
            { _ = try await client.sendRetrying(.post("/v1/sessions/s/messages"), idempotencyKey: IdempotencyKey(),
                                                policy: .standard, sleeper: { _ in }) },
        ]
        for attempt in attempts {
            do {
                try await attempt()
                Issue.record("a redirect was followed or accepted")
            } catch let error as TransportError {
                #expect(error.kind == .redirectRefused)
                Self.expectNoCanary(error, "the redirect error")
            }
        }
        #expect(proxy.requestLines.count == attempts.count, "each attempt was sent once, never retried")
        // Only a request for the marked path is ours: under a sanitizer's slowdown a stray
        // client of another test once reached the reused port number (8 connections).
        #expect(elsewhere.requestLines.filter { $0.contains(marker) }.isEmpty, "the redirect target was contacted")
        #expect(server.recordedRequests.isEmpty, "the proxy answered every request itself")
    }
}
