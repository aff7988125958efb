import Foundation
import VeetTestSupport
import VeetTransport

/// Suspends a scripted answer until released, so a test can interleave a mutation
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

/// Folder-route answers for the `ScriptedServer`.
enum Wire {
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
        .json(["items": items, "next_cursor": NSNull()])
    }
}
