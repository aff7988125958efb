import Foundation
import VeetTransport

/// `POST /v1/notifications/sync` (docs/wire/sessions-runs.md §8.2): acknowledges finished
/// runs whose result was seen here and asks which alerts this device still
/// shows are now obsolete, so an alert dealt with elsewhere can be cleared.
public struct NotificationSync: Sendable {
    /// The server's limits per request.
    public static let deliveredBatch = 200
    public static let seenBatch = 100

    public let api: AccountAPI

    public init(api: AccountAPI) {
        self.api = api
    }

    /// One request body; the body is closed, so only these two keys are sent.
    public struct Body: Encodable, Sendable, Hashable {
        public var deliveredNotificationIDs: [String]
        public var seenRunIDs: [String]

        public init(deliveredNotificationIDs: [String], seenRunIDs: [String]) {
            self.deliveredNotificationIDs = deliveredNotificationIDs
            self.seenRunIDs = seenRunIDs
        }

        enum CodingKeys: String, CodingKey {
            case deliveredNotificationIDs = "delivered_notification_ids", seenRunIDs = "seen_run_ids"
        }
    }

    /// The requests for one sync: delivered ids in batches of 200 with the seen
    /// runs only on the first (the contract's client rule); seen runs past the
    /// first 100 go in requests of their own, never over a limit.
    public static func batches(delivered: [String], seenRuns: [String]) -> [Body] {
        let deliveredChunks = chunks(delivered, of: deliveredBatch)
        let seenChunks = chunks(seenRuns, of: seenBatch)
        var bodies = [Body(deliveredNotificationIDs: deliveredChunks.first ?? [], seenRunIDs: seenChunks.first ?? [])]
        bodies += deliveredChunks.dropFirst().map { Body(deliveredNotificationIDs: $0, seenRunIDs: []) }
        bodies += seenChunks.dropFirst().map { Body(deliveredNotificationIDs: [], seenRunIDs: $0) }
        return bodies
    }

    /// The delivered ids the server calls obsolete. Throws on the first refused
    /// request (`APIError`: 400, 403 without `notification.write`, 404, 409);
    /// what earlier batches returned is then lost, and repeating is harmless.
    public func sync(delivered: [String], seenRuns: [String]) async throws -> Set<String> {
        var obsolete = Set<String>()
        for body in Self.batches(delivered: delivered, seenRuns: seenRuns) {
            let answer: Answer = try await api.send(try .post("/v1/notifications/sync", json: body)).decoded()
            obsolete.formUnion(answer.obsoleteNotificationIDs)
        }
        // Only ids this device asked about count ("remove only the alerts it still holds").
        return obsolete.intersection(delivered)
    }

    struct Answer: Decodable {
        var obsoleteNotificationIDs: [String]
        enum CodingKeys: String, CodingKey { case obsoleteNotificationIDs = "obsolete_notification_ids" }
        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            obsoleteNotificationIDs = try c.decodeIfPresent([String].self, forKey: .obsoleteNotificationIDs) ?? []
        }
    }

    private static func chunks(_ ids: [String], of size: Int) -> [[String]] {
        stride(from: 0, to: ids.count, by: size).map { Array(ids[$0..<min($0 + size, ids.count)]) }
    }
}
