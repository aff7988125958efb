import Foundation
import Testing
import VeetAccount
import VeetFixture
import VeetTestSupport
import VeetTransport
import VeetWire

/// `POST /v1/notifications/sync` (docs/wire/sessions-runs.md §8.2), client and reference server.
@Suite(.timeLimit(.minutes(3))) struct NotificationSyncTests {
    struct Created: Decodable { var id: String }

    @Test func deliveredIDsGoInBatchesOf200WithTheSeenRunsOnlyOnTheFirst() {
        let delivered = (0..<450).map { "n\($0)" }, seen = (0..<150).map { "r\($0)" }
        let bodies = NotificationSync.batches(delivered: delivered, seenRuns: seen)
        #expect(bodies.map(\.deliveredNotificationIDs.count) == [200, 200, 50, 0])
        #expect(bodies.map(\.seenRunIDs.count) == [100, 0, 0, 50])
        #expect(NotificationSync.batches(delivered: [], seenRuns: []) == [.init(deliveredNotificationIDs: [], seenRunIDs: [])])
    }

    @Test func theBodyIsTheContractsClosedShape() async throws {
        let server = ScriptedServer()
        server.on("POST", "/v1/notifications/sync", .json(["obsolete_notification_ids": ["n1", "not-asked"]]))
        let obsolete = try await NotificationSync(api: AccountAPI(sender: server.sender)).sync(delivered: ["n1", "n2"],
                                                                                              seenRuns: ["r1"])
        #expect(obsolete == ["n1"], "only alerts this device still holds")
        let body = try #require(server.requests.first?.body)
        let sent = try #require(try JSONSerialization.jsonObject(with: body) as? [String: [String]])
        #expect(sent == ["delivered_notification_ids": ["n1", "n2"], "seen_run_ids": ["r1"]])
    }

    private func finishedRun(_ server: FixtureServer, _ client: HTTPClient, text: String = "hello") async throws
        -> (session: String, run: String) {
        let session: Created = try await client.send(.post("/v1/sessions", json: CreateSessionRequest())).decoded()
        _ = try await client.send(try .post("/v1/sessions/\(session.id)/messages", json: SubmitMessageRequest(text: text),
                                            headers: ["Idempotency-Key": IdempotencyKey().rawValue]))
        let run = try #require(server.runIDs(inSession: session.id).last)
        let deadline = Date().addingTimeInterval(20)
        while server.runStatus(run) != "COMPLETED", Date() < deadline { try await Task.sleep(for: .milliseconds(20)) }
        return (session.id, run)
    }

    @Test func aSeenRunMakesItsAlertObsoleteOnceAndSettlesIt() async throws {
        let (server, client) = try AccountFixture.start()
        defer { server.stop() }
        let (session, run) = try await finishedRun(server, client)
        let finished = server.raiseNotification(kind: "schedule_run_finished", sessionID: session, runID: run,
                                                scheduleID: UUID().uuidString, occurrenceID: UUID().uuidString)
        let sync = NotificationSync(api: AccountAPI(sender: .live(client: client)))
        let unknown = UUID().uuidString.lowercased()
        #expect(try await sync.sync(delivered: [finished, unknown], seenRuns: []).isEmpty, "not seen yet")
        #expect(try await sync.sync(delivered: [finished, unknown], seenRuns: [run]) == [finished])
        let items = try #require(try await NotificationInbox(api: AccountAPI(sender: .live(client: client))).latest(50).value)
        #expect(items.first { $0.id == finished }?.status == .superseded)
        // Repeating the same sync is harmless.
        #expect(try await sync.sync(delivered: [finished], seenRuns: [run]) == [finished])
    }

    @Test func aPendingApprovalStaysAndADecidedOneIsObsolete() async throws {
        let (server, client) = try AccountFixture.start()
        defer { server.stop() }
        let session: Created = try await client.send(.post("/v1/sessions", json: CreateSessionRequest())).decoded()
        _ = try await client.send(try .post("/v1/sessions/\(session.id)/messages",
                                            json: SubmitMessageRequest(text: "please approve"),
                                            headers: ["Idempotency-Key": IdempotencyKey().rawValue]))
        let run = try #require(server.runIDs(inSession: session.id).last)
        var approval: String?
        let deadline = Date().addingTimeInterval(20)
        while approval == nil, Date() < deadline {
            approval = server.pendingApprovalIDs(ofRun: run).first
            if approval == nil { try await Task.sleep(for: .milliseconds(20)) }
        }
        let approvalID = try #require(approval)
        let asked = server.raiseNotification(kind: "approval_requested", sessionID: session.id, runID: run,
                                             approvalID: approvalID, toolName: "demo.external_write")
        let sync = NotificationSync(api: AccountAPI(sender: .live(client: client)))
        #expect(try await sync.sync(delivered: [asked], seenRuns: []).isEmpty)
        _ = try await client.send(try .post("/v1/approvals/\(approvalID)/resolve", json: ["decision": "deny"]))
        #expect(try await sync.sync(delivered: [asked], seenRuns: []) == [asked])
    }

    @Test func refusalsAreAllOrNothing() async throws {
        let (server, client) = try AccountFixture.start()
        defer { server.stop() }
        let (session, run) = try await finishedRun(server, client)
        let failed = server.raiseNotification(kind: "run_failed", sessionID: session, runID: run)
        let api = AccountAPI(sender: .live(client: client))
        let sync = NotificationSync(api: api)
        func status(_ body: String) async throws -> Int {
            let request = HTTPRequest(method: "POST", path: "/v1/notifications/sync", body: Data(body.utf8))
            return try await client.send(request).status
        }
        #expect(try await status(#"{"surprise": []}"#) == 400)
        #expect(try await status(#"{"seen_run_ids": ["not-a-uuid"]}"#) == 400)
        #expect(try await status("{}") == 200)
        let tooMany = (0..<201).map { _ in "\"\(UUID().uuidString)\"" }.joined(separator: ",")
        #expect(try await status(#"{"delivered_notification_ids": [\#(tooMany)]}"#) == 400)
        await #expect(throws: APIError.self) {
            _ = try await sync.sync(delivered: [failed], seenRuns: [run, UUID().uuidString])
        }
        // The 404 recorded nothing: the run is still unseen, its alert still needed.
        #expect(try await sync.sync(delivered: [failed], seenRuns: []).isEmpty)
        // A run that has not finished is a conflict.
        server.holdRuns(true)
        let held: Created = try await client.send(.post("/v1/sessions", json: CreateSessionRequest())).decoded()
        _ = try await client.send(try .post("/v1/sessions/\(held.id)/messages", json: SubmitMessageRequest(text: "hello"),
                                            headers: ["Idempotency-Key": IdempotencyKey().rawValue]))
        let running = try #require(server.runIDs(inSession: held.id).last)
        let conflict = await #expect(throws: APIError.self) { _ = try await sync.sync(delivered: [], seenRuns: [running]) }
        #expect(conflict?.status == 409)
        server.holdRuns(false)
    }
}
