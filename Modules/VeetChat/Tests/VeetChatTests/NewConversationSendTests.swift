import Foundation
import Synchronization
import Testing
import VeetChat
import VeetStore
import VeetTestSupport
import VeetTransport
import VeetWire

/// The first message of a new conversation goes through the outbox like any
/// other: saved before the first request, kept while the server is down, and
/// delivered later into exactly one conversation with one run.
@Suite struct NewConversationSendTests {
    static let retry = RetryPolicy(maxAttempts: 2, baseDelay: .milliseconds(1), jitter: .none)

    func makeStore() throws -> LocalStore {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("veet-chat-new-\(UUID().uuidString)")
        let paths = VeetPaths(configDirectory: root.appendingPathComponent("config"),
                              dataDirectory: root.appendingPathComponent("data"))
        return try LocalStore.open(paths: paths, connection: "main")
    }

    /// A conversation the scripted server made: its id and the metadata it was created with (as JSON).
    struct Made: Sendable {
        var id: String
        var metadata: Data

        init(id: String, request: HTTPRequest) {
            self.id = id
            let sent = request.jsonObject?["metadata"] ?? [String: Any]()
            metadata = (try? JSONSerialization.data(withJSONObject: sent)) ?? Data("{}".utf8)
        }

        var json: [String: Any] {
            ["id": id, "status": "ACTIVE", "metadata": (try? JSONSerialization.jsonObject(with: metadata)) ?? [:],
             "created_at": "2026-08-22T18:05:10Z", "updated_at": "2026-08-22T18:05:10Z"]
        }
    }

    @Test func aServerDownKeepsTheMessageAndALaterDeliveryMakesOneConversationAndOneRun() async throws {
        let server = ScriptedServer()
        let down = Mutex(true)
        let created = Mutex<[Made]>([])
        server.on("POST", "/v1/sessions") { request in
            if down.withLock({ $0 }) { throw TransportError(.connectionLost, "connection refused") }
            let made = Made(id: "conv-\(created.withLock { $0.count } + 1)", request: request)
            created.withLock { $0.append(made) }
            return .json(made.json, status: 201)
        }
        server.on("GET", "/v1/sessions") { _ in
            if down.withLock({ $0 }) { throw TransportError(.connectionLost, "connection refused") }
            return .json(["items": created.withLock { $0 }.map(\.json), "next_cursor": NSNull()])
        }
        server.on("POST", "/v1/sessions/*/messages", .json(["run_id": "r1", "status": "QUEUED"], status: 202))
        let api = ChatAPI(sender: server.sender, retry: Self.retry)
        let store = try makeStore()

        await #expect(throws: OutboxHeldError.self) {
            try await TurnRunner(api: api).send(content: [.text("hello")], sessionID: nil, outbox: store,
                                                interaction: RecordingInteraction())
        }
        let kept = try #require(try store.outbox().first)
        #expect(kept.text == "hello")
        #expect(kept.sessionID == nil)
        #expect(kept.state == .failed)

        down.withLock { $0 = false }
        let round = await api.outboxDelivery(store: store).deliverRound(policy: .unattended)
        guard case .confirmed(let entry, "r1", byEcho: false)? = round?.first?.results.first else {
            Issue.record("expected the message delivered, got \(String(describing: round))"); return
        }
        #expect(entry.sessionID == "conv-1")
        #expect(server.requests("POST", "/v1/sessions").count == 2) // one refused at the door, one created
        #expect(created.withLock { $0.map(\.id) } == ["conv-1"])
        let submits = server.requests("POST", "/v1/sessions/*/messages")
        #expect(submits.map(\.path) == ["/v1/sessions/conv-1/messages"])
        #expect(submits.first?.header("Idempotency-Key") == kept.key.rawValue)
        let sentKey = server.requests("POST", "/v1/sessions").last?.jsonObject?["metadata"] as? [String: Any]
        #expect(sentKey?[ChatAPI.conversationKeyMetadata] as? String == kept.conversationKey?.rawValue)
        #expect(try store.outbox().isEmpty)
    }

    @Test func aCreateWhoseAnswerWasLostIsAdoptedNotMadeTwice() async throws {
        let server = ScriptedServer()
        let sessions = Mutex<[Made]>([])
        let loseAnswer = Mutex(true)
        server.on("POST", "/v1/sessions") { request in
            let made = Made(id: "conv-\(sessions.withLock { $0.count } + 1)", request: request)
            sessions.withLock { $0.insert(made, at: 0) }
            if loseAnswer.withLock({ $0 }) { throw TransportError(.connectionLost, "connection reset") }
            return .json(made.json, status: 201)
        }
        server.on("GET", "/v1/sessions") { _ in .json(["items": sessions.withLock { $0 }.map(\.json), "next_cursor": NSNull()]) }
        server.on("POST", "/v1/sessions/*/messages", .json(["run_id": "r1", "status": "QUEUED"], status: 202))
        let api = ChatAPI(sender: server.sender, retry: Self.retry)
        let store = try makeStore()
        let delivery = api.outboxDelivery(store: store)
        guard case .failed(let failed, _) = try await delivery.send(sessionID: nil, content: [.text("hello")]) else {
            Issue.record("expected the create to fail"); return
        }
        loseAnswer.withLock { $0 = false }
        #expect(try store.retryOutboxEntry(id: failed.id))
        guard case .confirmed(let entry, _, _) = await delivery.deliver(entryID: failed.id) else {
            Issue.record("expected delivery"); return
        }
        #expect(entry.sessionID == "conv-1")
        #expect(server.requests("POST", "/v1/sessions").count == 1)
    }
}
