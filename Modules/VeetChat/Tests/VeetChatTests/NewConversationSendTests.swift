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
        var updatedAt = "2026-08-22T18:05:10Z"

        init(id: String, request: HTTPRequest) {
            self.id = id
            let sent = request.jsonObject?["metadata"] ?? [String: Any]()
            metadata = (try? JSONSerialization.data(withJSONObject: sent)) ?? Data("{}".utf8)
        }

        var json: [String: Any] {
            ["id": id, "status": "ACTIVE", "metadata": (try? JSONSerialization.jsonObject(with: metadata)) ?? [:],
             "created_at": updatedAt, "updated_at": updatedAt]
        }
    }

    /// A scripted server that refuses connections while `down` holds, then
    /// creates conversations (kept in `created`, listed back) and takes messages.
    final class ServerThatIsDown: Sendable {
        let server = ScriptedServer()
        let down = Mutex(true)
        let created = Mutex<[Made]>([])

        init() {
            server.on("POST", "/v1/sessions") { [self] request in
                if down.withLock({ $0 }) { throw TransportError(.connectionLost, "connection refused") }
                let made = Made(id: "conv-\(created.withLock { $0.count } + 1)", request: request)
                created.withLock { $0.append(made) }
                return .json(made.json, status: 201)
            }
            server.on("GET", "/v1/sessions") { [self] _ in
                if down.withLock({ $0 }) { throw TransportError(.connectionLost, "connection refused") }
                return .json(["items": created.withLock { $0 }.map(\.json), "next_cursor": NSNull()])
            }
            server.on("POST", "/v1/sessions/*/messages", .json(["run_id": "r1", "status": "QUEUED"], status: 202))
        }
    }

    @Test func aServerDownKeepsTheMessageAndALaterDeliveryMakesOneConversationAndOneRun() async throws {
        let fake = ServerThatIsDown()
        let server = fake.server
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

        fake.down.withLock { $0 = false }
        let round = try await api.outboxDelivery(store: store).deliverRound(policy: .unattended)
        guard case .confirmed(let entry, "r1", byEcho: false)? = round?.first?.results.first else {
            Issue.record("expected the message delivered, got \(String(describing: round))"); return
        }
        #expect(entry.sessionID == "conv-1")
        #expect(server.requests("POST", "/v1/sessions").count == 2) // one refused at the door, one created
        #expect(fake.created.withLock { $0.map(\.id) } == ["conv-1"])
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

    /// A conversation of the scripted server's list, with no outbox key, active at `updatedAt`.
    static func listed(_ id: String, updatedAt: Date, key: String? = nil) -> [String: Any] {
        let stamp = ISO8601DateFormatter().string(from: updatedAt)
        return ["id": id, "status": "ACTIVE", "metadata": key.map { [ChatAPI.conversationKeyMetadata: $0] } ?? [:],
                "created_at": stamp, "updated_at": stamp]
    }

    @Test func twoMessagesTypedWhileTheServerIsDownOpenOneConversationWithBothInOrder() async throws {
        let fake = ServerThatIsDown()
        let server = fake.server
        let api = ChatAPI(sender: server.sender, retry: Self.retry)
        let store = try makeStore()
        // The app's slot for the conversation on screen names it before it exists.
        let conversation = IdempotencyKey()
        for text in ["one", "two"] {
            await #expect(throws: OutboxHeldError.self) {
                try await TurnRunner(api: api).send(content: [.text(text)], sessionID: nil, conversationKey: conversation,
                                                    outbox: store, interaction: RecordingInteraction())
            }
        }
        let kept = try store.outbox()
        #expect(kept.map(\.text) == ["one", "two"])
        #expect(kept.map(\.conversationKey) == [conversation, conversation])

        fake.down.withLock { $0 = false }
        _ = try await api.outboxDelivery(store: store).deliverRound(policy: .unattended)
        #expect(fake.created.withLock { $0.map(\.id) } == ["conv-1"])
        let submits = server.requests("POST", "/v1/sessions/*/messages")
        #expect(submits.map(\.path) == ["/v1/sessions/conv-1/messages", "/v1/sessions/conv-1/messages"])
        #expect(submits.map { $0.header("Idempotency-Key") } == kept.map(\.key.rawValue))
        #expect(try store.outbox().isEmpty)
    }

    @Test func theLostCreateIsLookedForPastTheFirstPageDownToTheEntrysTime() async throws {
        let server = ScriptedServer()
        let keyOfCreate = Mutex<String?>(nil)
        let loseAnswer = Mutex(true)
        server.on("POST", "/v1/sessions") { request in
            let metadata = request.jsonObject?["metadata"] as? [String: Any]
            keyOfCreate.withLock { $0 = metadata?[ChatAPI.conversationKeyMetadata] as? String }
            if loseAnswer.withLock({ $0 }) { throw TransportError(.connectionLost, "connection reset") }
            return .json(Self.listed("second-made", updatedAt: Date()), status: 201)
        }
        // Busy conversations push the lost one to the second page; the third page is older than the entry.
        server.on("GET", "/v1/sessions") { request in
            let now = Date()
            switch request.queryValue("cursor") {
            case nil:
                return .json(["items": (1...3).map { Self.listed("busy-\($0)", updatedAt: now) }, "next_cursor": "p2"])
            case "p2":
                return .json(["items": [Self.listed("lost", updatedAt: now, key: keyOfCreate.withLock { $0 }),
                                        Self.listed("older", updatedAt: now.addingTimeInterval(-86_400))],
                              "next_cursor": "p3"])
            default:
                Issue.record("read past the entry's time")
                return .json(["items": [[String: Any]](), "next_cursor": NSNull()])
            }
        }
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
        #expect(entry.sessionID == "lost")
        #expect(server.requests("POST", "/v1/sessions").count == 1)
        #expect(server.requests("GET", "/v1/sessions").count == 2)
    }

    @Test func aFailedLookupLeavesTheMessageFailedNeverRefused() async throws {
        let server = ScriptedServer()
        server.on("POST", "/v1/sessions") { _ in throw TransportError(.connectionLost, "connection reset") }
        server.on("GET", "/v1/sessions", .apiError(400, "malformed_request", message: "Bad cursor."))
        let api = ChatAPI(sender: server.sender, retry: Self.retry)
        let store = try makeStore()
        let delivery = api.outboxDelivery(store: store)
        guard case .failed(let failed, _) = try await delivery.send(sessionID: nil, content: [.text("hello")]) else {
            Issue.record("expected the create to fail"); return
        }
        #expect(try store.retryOutboxEntry(id: failed.id))
        guard case .failed(let after, let reason) = await delivery.deliver(entryID: failed.id) else {
            Issue.record("expected a retryable failure"); return
        }
        #expect(after.state == .failed)
        #expect(reason.hasPrefix("the conversation could not be created: could not look for the conversation"))
        #expect(server.requests("POST", "/v1/sessions").count == 1)
    }

    @Test func theProfileKeptWithTheMessageIsCheckedWhenTheConversationIsCreated() async throws {
        let server = ScriptedServer()
        server.on("POST", "/v1/sessions", .json(Self.listed("conv-1", updatedAt: Date()), status: 201))
        server.on("POST", "/v1/sessions/*/messages", .json(["run_id": "r1", "status": "QUEUED"], status: 202))
        var api = ChatAPI(sender: server.sender, retry: Self.retry)
        let checked = Mutex<[String]>([])
        api.checkBrowserProfile = { id in
            checked.withLock { $0.append(id) }
            return id == "ready" ? id : nil
        }
        let store = try makeStore()
        _ = try await api.outboxDelivery(store: store).send(sessionID: nil, browserProfileID: "ready", content: [.text("a")])
        _ = try await api.outboxDelivery(store: store).send(sessionID: nil, browserProfileID: "gone", content: [.text("b")])
        #expect(checked.withLock { $0 } == ["ready", "gone"])
        let bodies = server.requests("POST", "/v1/sessions").map { $0.jsonObject?["browser_profile_id"] as? String }
        #expect(bodies == ["ready", nil])
    }
}
