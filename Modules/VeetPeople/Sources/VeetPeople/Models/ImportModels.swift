import Foundation
import VeetTransport

public enum ImportState: LenientEnum {
    case preview, queued, running, budgetPaused, completed, cancelled, failed
    case unknown(String)
    public static let wireNames: [(ImportState, String)] = [
        (.preview, "preview"), (.queued, "queued"), (.running, "running"), (.budgetPaused, "budget_paused"),
        (.completed, "completed"), (.cancelled, "cancelled"), (.failed, "failed"),
    ]
    public var unknownValue: String? { if case .unknown(let raw) = self { raw } else { nil } }

    /// Still working: poll it.
    public var isActive: Bool { self == .queued || self == .running }
    /// Can be resumed (docs/wire/people.md §10: when nothing is reserved).
    public var isResumable: Bool { self == .budgetPaused || self == .failed || self == .cancelled }
}

/// What a history import reads (docs/wire/people.md §10): chats and/or mail accounts in a
/// date range, under a record limit and a spending cap.
public struct ImportScope: Codable, Sendable, Hashable {
    public var sessionIDs: [String]
    public var accountIDs: [String]
    /// `retained` (mail already stored) or `mailbox` (read the mailbox; needs accounts).
    public var emailSource: String
    public var since: Timestamp
    public var until: Timestamp
    public var personIDs: [String]
    public var excludedSourceIDs: [String]
    public var maxRecords: Int
    /// The spending cap in US dollars, sent as a decimal string.
    public var maxCostUSD: Decimal

    public init(sessionIDs: [String] = [], accountIDs: [String] = [], emailSource: String = "retained",
                since: Timestamp, until: Timestamp, personIDs: [String] = [], excludedSourceIDs: [String] = [],
                maxRecords: Int = 2000, maxCostUSD: Decimal) {
        self.sessionIDs = sessionIDs
        self.accountIDs = accountIDs
        self.emailSource = emailSource
        self.since = since
        self.until = until
        self.personIDs = personIDs
        self.excludedSourceIDs = excludedSourceIDs
        self.maxRecords = maxRecords
        self.maxCostUSD = maxCostUSD
    }

    enum CodingKeys: String, CodingKey {
        case since, until
        case sessionIDs = "session_ids", accountIDs = "account_ids", emailSource = "email_source"
        case personIDs = "person_ids", excludedSourceIDs = "excluded_source_ids", maxRecords = "max_records"
        case maxCostUSD = "max_cost_usd"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        sessionIDs = try c.decodeIfPresent([String].self, forKey: .sessionIDs) ?? []
        accountIDs = try c.decodeIfPresent([String].self, forKey: .accountIDs) ?? []
        emailSource = try c.decodeIfPresent(String.self, forKey: .emailSource) ?? "retained"
        since = try c.decodeIfPresent(Timestamp.self, forKey: .since) ?? ""
        until = try c.decodeIfPresent(Timestamp.self, forKey: .until) ?? ""
        personIDs = try c.decodeIfPresent([String].self, forKey: .personIDs) ?? []
        excludedSourceIDs = try c.decodeIfPresent([String].self, forKey: .excludedSourceIDs) ?? []
        maxRecords = try c.decodeIfPresent(Int.self, forKey: .maxRecords) ?? 0
        maxCostUSD = decimal(fromWire: try c.decodeIfPresent(String.self, forKey: .maxCostUSD)) ?? 0
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(sessionIDs, forKey: .sessionIDs)
        try c.encode(accountIDs, forKey: .accountIDs)
        try c.encode(emailSource, forKey: .emailSource)
        try c.encode(since, forKey: .since)
        try c.encode(until, forKey: .until)
        try c.encode(personIDs, forKey: .personIDs)
        try c.encode(excludedSourceIDs, forKey: .excludedSourceIDs)
        try c.encode(maxRecords, forKey: .maxRecords)
        try c.encode(Self.money(maxCostUSD), forKey: .maxCostUSD)
    }

    /// `5` ⇒ `"5.00"`, `0.125` ⇒ `"0.125"`: at least two decimals, never through `Double`.
    public static func money(_ amount: Decimal) -> String {
        var text = NSDecimalNumber(decimal: amount).stringValue
        if !text.contains(".") { text += ".00" } else if text.split(separator: ".").last?.count == 1 { text += "0" }
        return text
    }
}

/// One history import job and its progress (docs/wire/people.md §10).
public struct ImportJob: Codable, Sendable, Hashable, Identifiable {
    public var id: String
    public var revision: Int
    public var state: ImportState
    public var scope: ImportScope?
    public var recordsRead: Int
    public var recordsProcessed: Int
    public var recordsExcluded: Int
    public var failures: Int
    public var spentUSD: Decimal
    public var reservedUSD: Decimal
    public var knownRecords: Int?
    public var remainingRecords: Int?
    public var coverage: String?
    public var errorCode: String?

    enum CodingKeys: String, CodingKey {
        case id, revision, state, scope, failures, coverage
        case recordsRead = "records_read", recordsProcessed = "records_processed", recordsExcluded = "records_excluded"
        case spentUSD = "spent_usd", reservedUSD = "reserved_usd", knownRecords = "known_records"
        case remainingRecords = "remaining_records", errorCode = "error_code"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        revision = try c.decodeIfPresent(Int.self, forKey: .revision) ?? 1
        state = try c.decodeIfPresent(ImportState.self, forKey: .state) ?? .unknown("")
        scope = try? c.decodeIfPresent(ImportScope.self, forKey: .scope)
        recordsRead = try c.decodeIfPresent(Int.self, forKey: .recordsRead) ?? 0
        recordsProcessed = try c.decodeIfPresent(Int.self, forKey: .recordsProcessed) ?? 0
        recordsExcluded = try c.decodeIfPresent(Int.self, forKey: .recordsExcluded) ?? 0
        failures = try c.decodeIfPresent(Int.self, forKey: .failures) ?? 0
        spentUSD = decimal(fromWire: try c.decodeIfPresent(String.self, forKey: .spentUSD)) ?? 0
        reservedUSD = decimal(fromWire: try c.decodeIfPresent(String.self, forKey: .reservedUSD)) ?? 0
        knownRecords = try c.decodeIfPresent(Int.self, forKey: .knownRecords)
        remainingRecords = try c.decodeIfPresent(Int.self, forKey: .remainingRecords)
        coverage = try c.decodeIfPresent(String.self, forKey: .coverage)
        errorCode = try c.decodeIfPresent(String.self, forKey: .errorCode)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(revision, forKey: .revision)
        try c.encode(state, forKey: .state)
        try c.encodeIfPresent(scope, forKey: .scope)
        try c.encode(recordsRead, forKey: .recordsRead)
        try c.encode(recordsProcessed, forKey: .recordsProcessed)
        try c.encode(recordsExcluded, forKey: .recordsExcluded)
        try c.encode(failures, forKey: .failures)
        try c.encode(ImportScope.money(spentUSD), forKey: .spentUSD)
        try c.encode(ImportScope.money(reservedUSD), forKey: .reservedUSD)
        try c.encodeIfPresent(knownRecords, forKey: .knownRecords)
        try c.encodeIfPresent(remainingRecords, forKey: .remainingRecords)
        try c.encodeIfPresent(coverage, forKey: .coverage)
        try c.encodeIfPresent(errorCode, forKey: .errorCode)
    }

    /// "80 of 410 records, $0.31 spent" style progress.
    public var progressText: String {
        let total = knownRecords.map { " of \($0)" } ?? ""
        return "\(recordsProcessed)\(total) records analysed, $\(ImportScope.money(spentUSD)) spent"
            + (reservedUSD > 0 ? " ($\(ImportScope.money(reservedUSD)) reserved)" : "")
    }
}
