import Foundation
import VeetTransport

/// The one confirmation before an unsubscribe: every sender named with its
/// mechanism, the warning that it cannot be undone, and "Also archive existing
/// mail from these senders", off by default. Confirming builds exactly one
/// command, whose targets carry id, evidence digest and revision and nothing else.
public struct UnsubscribeConfirmation: Sendable, Hashable {
    public let rows: [Subscription]
    public var archiveExisting = false

    public static let warning = "An unsubscribe cannot be undone."
    public static let archiveOption = "Also archive existing mail from these senders"

    /// Throws the refusal of the first row that may not be unsubscribed now,
    /// or `.full` past 25; `rows` must not be empty (checked by the caller).
    public init(rows: [Subscription], flags: AccountFlags) throws(SubscriptionSelection.Refusal) {
        var selection = SubscriptionSelection()
        for row in rows { try selection.select(row, flags) }
        self.rows = selection.rows(in: rows)
    }

    public var title: String {
        rows.count == 1 ? "Unsubscribe from \(rows[0].senderName)?" : "Unsubscribe from \(rows.count) senders?"
    }

    /// One line per sender: "Example News — One-click request to example.com".
    public var senderLines: [String] { rows.map { "\($0.senderName) — \($0.offerText)" } }

    /// The whole text, as a terminal prints it.
    public var text: String {
        ([title] + senderLines.map { "  " + $0 } + [Self.warning,
            "[\(archiveExisting ? "x" : " ")] \(Self.archiveOption)"]).joined(separator: "\n")
    }

    /// The single command this confirmation consents to.
    public func command(key: IdempotencyKey = IdempotencyKey()) -> UnsubscribeCommand {
        UnsubscribeCommand(targets: rows.map {
            UnsubscribeCommand.Target(subscriptionID: $0.id, evidenceDigest: $0.evidenceDigest ?? "",
                                      expectedRevision: $0.revision)
        }, archiveExisting: archiveExisting, idempotencyKey: key.rawValue)
    }
}

/// `POST /v1/email/subscriptions/unsubscribe`'s body (docs/wire/subscriptions.md §4.1).
public struct UnsubscribeCommand: Codable, Sendable, Hashable {
    public struct Target: Codable, Sendable, Hashable {
        public var subscriptionID: String
        public var evidenceDigest: String
        public var expectedRevision: Int

        enum CodingKeys: String, CodingKey {
            case subscriptionID = "subscription_id", evidenceDigest = "evidence_digest", expectedRevision = "expected_revision"
        }
    }

    public var targets: [Target]
    public var archiveExisting: Bool
    public var idempotencyKey: String

    enum CodingKeys: String, CodingKey {
        case targets, archiveExisting = "archive_existing", idempotencyKey = "idempotency_key"
    }
}
