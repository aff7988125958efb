import Foundation
import VeetTransport

/// Answer to a message submission or a delivered answer. A replayed
/// submission (same idempotency key) carries the original run's current status.
public struct SubmitResult: Codable, Sendable, Hashable {
    public var runID: String
    public var status: RunStatus

    public init(runID: String, status: RunStatus) {
        self.runID = runID
        self.status = status
    }

    enum CodingKeys: String, CodingKey {
        case runID = "run_id"
        case status
    }
}
