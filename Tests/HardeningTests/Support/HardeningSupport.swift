import Foundation
import VeetChat
import VeetFixture
import VeetStore
import VeetTransport
import VeetWire

/// A turn with no one at the keyboard: approvals and questions stay pending.
struct UnattendedInteraction: TurnInteraction {
    func show(_ change: RunChange, in run: RunProgressView) async {}
    func streamNotice(_ output: RunStreamOutput) async {}
    func decide(_ approval: ApprovalView) async -> ApprovalAnswer { .leavePending }
    func answer(_ question: PendingQuestion) async -> String? { nil }
}

enum Hardening {
    static let token = "hardening-token"

    static func client(_ url: URL, token: String = Hardening.token) throws -> HTTPClient {
        HTTPClient(settings: try ConnectionSettings(serverAddress: url.absoluteString, token: token),
                   idleTimeout: 10, writeTimeout: 5)
    }

    /// Retries at once (no sleeping) and often enough to outlast every injected fault.
    static func api(_ url: URL, token: String = Hardening.token) throws -> ChatAPI {
        ChatAPI(sender: .live(client: try client(url, token: token), sleeper: { _ in }),
                retry: RetryPolicy(maxAttempts: 8, baseDelay: .milliseconds(1), jitter: .none),
                reconnect: ReconnectPolicy(initialDelay: .milliseconds(1), maxDelay: .milliseconds(1),
                                           maxConsecutiveWithoutProgress: 12, maxTotalReconnects: 64))
    }

    /// One unattended turn through the outbox (as the apps send), with a
    /// store of its own that is removed afterwards.
    static func send(_ text: String, api: ChatAPI, sessionID: String? = nil) async throws -> TurnResult {
        let paths = try SecretHygieneTests.temporaryPaths()
        defer { try? FileManager.default.removeItem(at: paths.configDirectory.deletingLastPathComponent()) }
        let store = try LocalStore.open(paths: paths, connection: "main")
        return try await TurnRunner(api: api).send(content: [.text(text)], sessionID: sessionID, outbox: store,
                                                   interaction: UnattendedInteraction())
    }

    static func startFixture(token: String = Hardening.token) throws -> (FixtureServer, URL) {
        let server = FixtureServer(token: token, options: .testing)
        return (server, try server.start())
    }
}

/// Collects every persisted frame a run stream delivers, in order.
func persistedFrames(of stream: RunEventStream) async throws -> [RunEventFrame] {
    var frames: [RunEventFrame] = []
    for try await output in stream.events() {
        if case .frame(let frame) = output, frame.isPersisted { frames.append(frame) }
    }
    return frames
}
