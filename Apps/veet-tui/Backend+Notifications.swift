import Foundation
import VeetAccount

extension Backend {
    /// Tells the server the owner has seen a finished run's result here
    /// (`POST /v1/notifications/sync` with `seen_run_ids`;
    /// docs/wire/sessions-runs.md §8.2), so every device can clear its alert. Best effort: a server
    /// without the route, or a token without `notification.write`, changes nothing.
    func acknowledgeSeen(runID: String) {
        let sync = NotificationSync(api: AccountAPI(sender: api.sender))
        Task { _ = try? await sync.sync(delivered: [], seenRuns: [runID]) }
    }
}
