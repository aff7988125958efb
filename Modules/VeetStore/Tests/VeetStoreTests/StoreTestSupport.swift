import Foundation
import Testing
import VeetStore
import VeetTransport
import VeetWire

/// A fresh store in a temporary directory.
func makeStore(connection: String = "main", options: DatabaseOptions = DatabaseOptions()) throws -> (LocalStore, VeetPaths) {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("veet-store-\(UUID().uuidString)")
    let paths = VeetPaths(configDirectory: root.appendingPathComponent("config/veet"),
                          dataDirectory: root.appendingPathComponent("data/veet"))
    return (try LocalStore.open(paths: paths, connection: connection, options: options), paths)
}

func view(_ id: String, title: String? = nil, updated: Int = 0, folder: String? = nil,
          metadata: JSONValue = .object([:])) -> SessionView {
    SessionView(id: id, agentID: "agent", agentVersion: "1", title: title, metadata: metadata,
                createdAt: "2026-01-01T00:00:00Z", updatedAt: Timestamp(String(format: "2026-01-01T00:%02d:00Z", updated % 60)),
                folderID: folder)
}

/// A server index in memory: pages by offset, with hooks to change it while a client walks it.
actor FakeIndex: SessionIndexSource {
    var sessions: [SessionView]
    /// Called before the `n`th page (0-based) from now is answered.
    var beforePage: [Int: @Sendable (inout [SessionView]) -> Void] = [:]
    var repeatCursor = false
    private(set) var pointReadIDs: [String] = []
    private(set) var maxConcurrentPointReads = 0
    private var pointReadsInFlight = 0
    private var pagesServed = 0
    var pointReadDelay: Duration = .zero

    init(_ sessions: [SessionView]) { self.sessions = sessions }

    func set(_ sessions: [SessionView]) { self.sessions = sessions }
    func retitle(_ id: String, _ title: String) {
        if let i = sessions.firstIndex(where: { $0.id == id }) { sessions[i].title = title }
    }
    func onPage(_ n: Int, _ change: @escaping @Sendable (inout [SessionView]) -> Void) { beforePage[pagesServed + n] = change }
    func setRepeatCursor() { repeatCursor = true }
    func setPointReadDelay(_ delay: Duration) { pointReadDelay = delay }

    nonisolated func page(cursor: String?, limit: Int) async throws -> Page<SessionView> {
        await servePage(cursor: cursor, limit: limit)
    }

    private func servePage(cursor: String?, limit: Int) -> Page<SessionView> {
        if let change = beforePage[pagesServed] { change(&sessions) }
        pagesServed += 1
        let offset = cursor.flatMap { Int($0.dropFirst()) } ?? 0
        let items = Array(sessions.dropFirst(offset).prefix(limit))
        let end = offset + items.count
        if repeatCursor { return Page(items: items, nextCursor: "c\(limit)") }
        return Page(items: items, nextCursor: end < sessions.count ? "c\(end)" : nil)
    }

    nonisolated func session(id: String) async throws -> SessionView? {
        let delay = await beginPointRead(id)
        if delay > .zero { try await Task.sleep(for: delay) }
        return await endPointRead(id)
    }

    private func beginPointRead(_ id: String) -> Duration {
        pointReadIDs.append(id)
        pointReadsInFlight += 1
        maxConcurrentPointReads = max(maxConcurrentPointReads, pointReadsInFlight)
        return pointReadDelay
    }

    private func endPointRead(_ id: String) -> SessionView? {
        pointReadsInFlight -= 1
        return sessions.first { $0.id == id }
    }
}

extension OutboxDelivery {
    /// A delivery for tests whose messages all go to existing conversations:
    /// a create would be a bug, so it fails the test.
    init(store: LocalStore, transcripts: (any TranscriptSource)?, whenBusy: WhenBusy = .waits,
         submit: @escaping Submit) {
        self.init(store: store, transcripts: transcripts, whenBusy: whenBusy, createConversation: { request in
            Issue.record("unexpected create of a conversation (key \(request.key.rawValue))")
            throw TransportError(.connectionLost, "no conversations are created in this test")
        }, submit: submit)
    }
}
