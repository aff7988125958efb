import Foundation
import VeetTransport

/// One connected mailbox with its freshness and capability flags (docs/wire/email.md §3).
/// Only accounts whose read scope the token holds are listed; the flags are
/// computed per token, so read accounts again after the connection changes.
public struct EmailAccount: Codable, Sendable, Hashable, Identifiable {
    /// A short string such as `"default"` or `"work"`.
    public var id: String
    public var label: String
    public var emailAddress: String
    public var verifiedAddresses: [String]
    public var status: AccountStatus
    /// Last completed synchronization.
    public var lastSyncedAt: Timestamp?
    /// The last refresh's failure, only when the server recorded one.
    public var error: String?
    public var coverage: HistoricalCoverage
    public var readServerID: String?
    public var sendServerID: String?
    public var writeServerID: String?
    /// Archive in Gmail / move back to Inbox. Absent on the wire ⇒ false.
    public var archiveSupported: Bool
    /// Unsubscribe assistance (the Subscriptions feature). Absent ⇒ false.
    public var unsubscribeSupported: Bool
    /// Report spam / Not spam on a thread. Absent ⇒ false.
    public var spamSupported: Bool

    public init(id: String, label: String = "", emailAddress: String = "", verifiedAddresses: [String] = [],
                status: AccountStatus = .unavailable, lastSyncedAt: Timestamp? = nil, error: String? = nil,
                coverage: HistoricalCoverage = HistoricalCoverage(), readServerID: String? = nil,
                sendServerID: String? = nil, writeServerID: String? = nil, archiveSupported: Bool = false,
                unsubscribeSupported: Bool = false, spamSupported: Bool = false) {
        self.id = id
        self.label = label
        self.emailAddress = emailAddress
        self.verifiedAddresses = verifiedAddresses
        self.status = status
        self.lastSyncedAt = lastSyncedAt
        self.error = error
        self.coverage = coverage
        self.readServerID = readServerID
        self.sendServerID = sendServerID
        self.writeServerID = writeServerID
        self.archiveSupported = archiveSupported
        self.unsubscribeSupported = unsubscribeSupported
        self.spamSupported = spamSupported
    }

    enum CodingKeys: String, CodingKey {
        case id, label, status, error
        case emailAddress = "email_address", verifiedAddresses = "verified_addresses", lastSyncedAt = "last_synced_at"
        case historyComplete = "history_complete", historyProcessed = "history_processed"
        case historyWindow = "history_window", inboxComplete = "inbox_complete"
        case readServerID = "read_server_id", sendServerID = "send_server_id", writeServerID = "write_server_id"
        case archiveSupported = "archive_supported", unsubscribeSupported = "unsubscribe_supported"
        case spamSupported = "spam_supported"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        label = try c.value(.label, or: "")
        emailAddress = try c.value(.emailAddress, or: "")
        verifiedAddresses = try c.value(.verifiedAddresses, or: [])
        status = try c.value(.status, or: .unavailable)
        lastSyncedAt = try c.optional(.lastSyncedAt)
        error = try c.optional(.error)
        coverage = HistoricalCoverage(
            inboxComplete: try c.value(.inboxComplete, or: false), historyComplete: try c.value(.historyComplete, or: false),
            historyProcessed: try c.value(.historyProcessed, or: 0), historyWindow: try c.optional(.historyWindow))
        readServerID = try c.optional(.readServerID)
        sendServerID = try c.optional(.sendServerID)
        writeServerID = try c.optional(.writeServerID)
        archiveSupported = try c.value(.archiveSupported, or: false)
        unsubscribeSupported = try c.value(.unsubscribeSupported, or: false)
        spamSupported = try c.value(.spamSupported, or: false)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(label, forKey: .label)
        try c.encode(emailAddress, forKey: .emailAddress)
        try c.encode(verifiedAddresses, forKey: .verifiedAddresses)
        try c.encode(status, forKey: .status)
        try c.encode(lastSyncedAt, forKey: .lastSyncedAt)
        try c.encode(error, forKey: .error)
        try c.encode(coverage.inboxComplete, forKey: .inboxComplete)
        try c.encode(coverage.historyComplete, forKey: .historyComplete)
        try c.encode(coverage.historyProcessed, forKey: .historyProcessed)
        try c.encode(coverage.historyWindow, forKey: .historyWindow)
        try c.encode(readServerID, forKey: .readServerID)
        try c.encode(sendServerID, forKey: .sendServerID)
        try c.encode(writeServerID, forKey: .writeServerID)
        try c.encode(archiveSupported, forKey: .archiveSupported)
        try c.encode(unsubscribeSupported, forKey: .unsubscribeSupported)
        try c.encode(spamSupported, forKey: .spamSupported)
    }

    /// What the mailbox-status disclosure says about this account.
    public var freshness: AccountFreshness {
        switch status {
        case .ready: .ready(lastSyncedAt: lastSyncedAt)
        case .syncing: .syncing(lastSyncedAt: lastSyncedAt)
        // "unavailable" with an error is a failed refresh; without one it is
        // only waiting for its first update (docs/wire/email.md §3): never show a failure
        // the server did not record.
        case .unavailable: error.map { .refreshFailed($0) } ?? .waitingForFirstUpdate
        case .unknown: error.map { .refreshFailed($0) } ?? .unknownState(status.rawValue)
        }
    }

    /// The approval tool a send from this account names (`mcp.<send_server_id>.send_message`).
    public var sendToolName: String? { sendServerID.map { "mcp.\($0).send_message" } }
}

/// The freshness of one account, as the status disclosure shows it.
public enum AccountFreshness: Sendable, Hashable {
    case ready(lastSyncedAt: Timestamp?)
    /// A refresh is running; results may be incomplete.
    case syncing(lastSyncedAt: Timestamp?)
    /// Never synchronized yet and no failure recorded: "waiting for its first update".
    case waitingForFirstUpdate
    /// The server recorded this refresh failure.
    case refreshFailed(String)
    /// A status this client does not know, kept as sent.
    case unknownState(String)

    /// True for the states a collapsed status label must keep visible (incomplete or failed).
    public var needsAttention: Bool {
        switch self {
        case .ready: false
        default: true
        }
    }
}

/// How much of an account's history has been retrieved. These are threads
/// *retrieved*, not analysed: say so wherever they are shown.
public struct HistoricalCoverage: Codable, Sendable, Hashable {
    /// The Inbox pass finished at least once.
    public var inboxComplete: Bool
    /// The historical backfill finished.
    public var historyComplete: Bool
    /// Items retrieved by the backfill so far.
    public var historyProcessed: Int
    /// Of unknown unit (docs/wire/email.md §3); display only if needed.
    public var historyWindow: Int?

    public init(inboxComplete: Bool = false, historyComplete: Bool = false, historyProcessed: Int = 0,
                historyWindow: Int? = nil) {
        self.inboxComplete = inboxComplete
        self.historyComplete = historyComplete
        self.historyProcessed = historyProcessed
        self.historyWindow = historyWindow
    }
}
