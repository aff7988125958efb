import Foundation
import Testing
import VeetChat
import VeetFixture
import VeetTransport
@testable import veetd

/// veetd's run watcher over a day: a run whose stream ended keeps no task handle,
/// so what the daemon holds does not grow with the runs it has watched.
@Suite struct RunHubTests {
    @Test func aWatchedRunLeavesNothingBehindOnceItsStreamEnded() async throws {
        let server = FixtureServer(token: "hub-token", options: .testing)
        let url = try server.start()
        defer { server.stop() }
        let client = HTTPClient(settings: try ConnectionSettings(serverAddress: url.absoluteString, token: "hub-token"))
        let chat = ChatAPI(sender: .live(client: client))
        let hub = RunHub(log: DaemonLog(file: nil), onFrame: { _, _ in })
        let session = try await chat.createSession()
        for turn in 0..<6 {
            let run = try await chat.submit(sessionID: session.id, content: [.text("hello \(turn)")], key: IdempotencyKey())
            let channel = hub.watch(runID: run.runID, sessionID: session.id, connection: "fixture", client: client)
            let deadline = Date().addingTimeInterval(20)
            while !channel.isEnded, Date() < deadline { try await Task.sleep(for: .milliseconds(20)) }
            #expect(channel.isEnded, "run \(turn) still streaming")
        }
        // Each watch forgets the handles of ended streams: only the last run's is left.
        #expect(hub.watchedTaskCount == 1)
    }
}
