import Foundation
import Testing
import VeetChat
import VeetFixture
import VeetStore
import VeetTransport
import VeetWire

/// Sending through the outbox to something the server does not have: a
/// definite refusal, worded for the user, kept but never sent again.
@Suite struct OutboxSubmitTests {
    let missing = "00000000-0000-4000-8000-000000000000"

    func makeStore() throws -> LocalStore {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("veet-chat-outbox-\(UUID().uuidString)")
        let paths = VeetPaths(configDirectory: root.appendingPathComponent("config"),
                              dataDirectory: root.appendingPathComponent("data"))
        return try LocalStore.open(paths: paths, connection: "main")
    }

    @Test func aMessageToAnUnknownConversationIsRefusedNotHeldForRetry() async throws {
        let fixture = try LiveFixture()
        defer { fixture.stop() }
        let store = try makeStore()
        let error = await #expect(throws: OutboxRefusedError.self) {
            try await fixture.runner.send(content: [.text("hello?")], sessionID: missing, outbox: store,
                                          interaction: RecordingInteraction())
        }
        #expect(error?.status == 404)
        #expect(error?.reason.hasPrefix("no conversation with id \(missing)") == true)
        #expect(error?.description.contains("will not be sent again") == true)
        let entry = try #require(try store.outbox().first)
        #expect(entry.state == .refused)
        #expect(entry.lastError == error?.reason)
        #expect(try store.retryOutboxEntry(id: entry.id) == false)
    }

    @Test func aMissingUploadIsNamedAsSuchNotAsAMissingConversation() async throws {
        var options = FixtureOptions.testing
        options.strictAttachments = true
        let fixture = try LiveFixture(options: options)
        defer { fixture.stop() }
        let session = try await fixture.api.createSession().id
        let content: [ContentBlock] = [.text("see this"), .file(artifactID: missing, mediaType: "text/plain", filename: "a.txt")]
        do {
            _ = try await fixture.api.outboxSubmit(session, content, IdempotencyKey())
            Issue.record("a block naming no upload was accepted")
        } catch let refusal as OutboxRefusal {
            #expect(refusal.answer.status == 404)
            #expect(refusal.description.hasPrefix("a file this message names"))
        }
    }
}
