import Foundation
import VeetTransport
@testable import VeetFolders

/// A scripted server: records every request and answers from a handler.
actor FakeServer {
    typealias Handler = @Sendable (HTTPRequest) async -> HTTPResponse
    private(set) var requests: [HTTPRequest] = []
    private var handler: Handler

    init(_ handler: @escaping Handler) {
        self.handler = handler
    }

    func setHandler(_ handler: @escaping Handler) {
        self.handler = handler
    }

    func answer(_ request: HTTPRequest) async -> HTTPResponse {
        requests.append(request)
        return await handler(request)
    }

    nonisolated var sender: HTTPRequestSender {
        HTTPRequestSender(send: { request in await self.answer(request) }, sleeper: { _ in })
    }

    func count(path: String) -> Int {
        requests.filter { $0.path == path }.count
    }
}

/// Suspends a request until released, so a test can interleave a mutation
/// with a read in flight without any timing.
actor Gate {
    private var arrived: CheckedContinuation<Void, Never>?
    private var hasArrived = false
    private var release: CheckedContinuation<Void, Never>?
    private var released = false

    func enterAndWait() async {
        hasArrived = true
        arrived?.resume()
        arrived = nil
        if released { return }
        await withCheckedContinuation { release = $0 }
    }

    func waitUntilArrived() async {
        if hasArrived { return }
        await withCheckedContinuation { arrived = $0 }
    }

    func open() {
        released = true
        release?.resume()
        release = nil
    }
}

enum Wire {
    static func json(_ status: Int, _ object: Any) -> HTTPResponse {
        let data = (try? JSONSerialization.data(withJSONObject: object)) ?? Data()
        return HTTPResponse(status: status, headers: ["content-type": "application/json"], body: data)
    }

    static func error(_ status: Int, _ code: String, reason: String? = nil) -> HTTPResponse {
        var details: [String: Any] = [:]
        if let reason { details["reason"] = reason }
        return json(status, ["error": ["code": code, "message": "refused", "details": details]])
    }

    static func session(_ id: String, folder: String?, updated: String = "2026-08-22T18:00:00Z",
                        withFolderKey: Bool = true, scheduleID: String? = nil) -> [String: Any] {
        var row: [String: Any] = [
            "id": id, "status": "ACTIVE", "agent_id": "a", "agent_version": "1", "title": "T \(id)",
            "metadata": scheduleID.map { ["schedule_id": $0] } ?? [String: Any](),
            "created_at": "2026-08-22T18:00:00Z", "updated_at": updated,
            "active_run_id": NSNull(), "last_run_id": NSNull(),
        ]
        if withFolderKey { row["folder_id"] = folder ?? NSNull() }
        return row
    }

    static func folder(_ id: String, _ name: String) -> [String: Any] {
        ["id": id, "name": name, "thread_count": 0, "created_at": "2026-08-22T18:00:00Z",
         "updated_at": "2026-08-22T18:00:00Z"]
    }

    static func page(_ items: [[String: Any]]) -> HTTPResponse {
        json(200, ["items": items, "next_cursor": NSNull()])
    }

    static func bodyObject(_ request: HTTPRequest) -> [String: Any]? {
        request.body.flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] }
    }
}
