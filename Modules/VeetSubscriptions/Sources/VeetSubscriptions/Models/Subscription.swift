import Foundation
import VeetTransport
import VeetWire

/// One bulk sender as one account sees it over the last 90 days (docs/wire/subscriptions.md §3.1).
/// `destination` is a host or a recipient to show, never a link to open: the
/// client never builds a URL or an address from a row.
public struct Subscription: Codable, Sendable, Hashable, Identifiable {
    public var id: String
    public var accountID: String
    public var displayName: String
    public var address: String
    public var listID: String
    public var threadCount: Int
    /// True: "more than `threadCount`" conversations.
    public var threadCountOverflow: Bool
    public var firstSeenAt: Timestamp?
    public var lastReceivedAt: Timestamp?
    public var mechanism: Mechanism
    public var verified: Bool
    public var linkOnly: Bool
    public var destination: String
    public var mailto: MailtoMessage?
    public var evidenceDigest: String?
    public var state: SubscriptionState
    public var isProtected: Bool
    public var protectedReason: ProtectedReason?
    public var requestedAt: Timestamp?
    public var operation: RowOperation?
    public var revision: Int

    public init(id: String, accountID: String = "default", displayName: String, address: String = "", listID: String = "",
                threadCount: Int = 1, threadCountOverflow: Bool = false, firstSeenAt: Timestamp? = nil,
                lastReceivedAt: Timestamp? = nil, mechanism: Mechanism = .oneClick, verified: Bool = true,
                linkOnly: Bool = false, destination: String = "", mailto: MailtoMessage? = nil,
                evidenceDigest: String? = nil, state: SubscriptionState = .active, isProtected: Bool = false,
                protectedReason: ProtectedReason? = nil, requestedAt: Timestamp? = nil, operation: RowOperation? = nil,
                revision: Int = 1) {
        self.id = id
        self.accountID = accountID
        self.displayName = displayName
        self.address = address
        self.listID = listID
        self.threadCount = threadCount
        self.threadCountOverflow = threadCountOverflow
        self.firstSeenAt = firstSeenAt
        self.lastReceivedAt = lastReceivedAt
        self.mechanism = mechanism
        self.verified = verified
        self.linkOnly = linkOnly
        self.destination = destination
        self.mailto = mailto
        self.evidenceDigest = evidenceDigest
        self.state = state
        self.isProtected = isProtected
        self.protectedReason = protectedReason
        self.requestedAt = requestedAt
        self.operation = operation
        self.revision = revision
    }

    enum CodingKeys: String, CodingKey {
        case id, address, mechanism, verified, destination, mailto, state, operation, revision
        case accountID = "account_id", displayName = "display_name", listID = "list_id"
        case threadCount = "thread_count", threadCountOverflow = "thread_count_overflow"
        case firstSeenAt = "first_seen_at", lastReceivedAt = "last_received_at", linkOnly = "link_only"
        case evidenceDigest = "evidence_digest", isProtected = "protected", protectedReason = "protected_reason"
        case requestedAt = "requested_at"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        accountID = try c.decodeIfPresent(String.self, forKey: .accountID) ?? ""
        displayName = try c.decodeIfPresent(String.self, forKey: .displayName) ?? ""
        address = try c.decodeIfPresent(String.self, forKey: .address) ?? ""
        listID = try c.decodeIfPresent(String.self, forKey: .listID) ?? ""
        threadCount = try c.decodeIfPresent(Int.self, forKey: .threadCount) ?? 0
        threadCountOverflow = try c.decodeIfPresent(Bool.self, forKey: .threadCountOverflow) ?? false
        firstSeenAt = try c.decodeIfPresent(Timestamp.self, forKey: .firstSeenAt)
        lastReceivedAt = try c.decodeIfPresent(Timestamp.self, forKey: .lastReceivedAt)
        mechanism = try c.decodeIfPresent(Mechanism.self, forKey: .mechanism) ?? .none
        verified = try c.decodeIfPresent(Bool.self, forKey: .verified) ?? false
        linkOnly = try c.decodeIfPresent(Bool.self, forKey: .linkOnly) ?? false
        destination = try c.decodeIfPresent(String.self, forKey: .destination) ?? ""
        mailto = try c.decodeIfPresent(MailtoMessage.self, forKey: .mailto)
        evidenceDigest = try c.decodeIfPresent(String.self, forKey: .evidenceDigest)
        state = try c.decodeIfPresent(SubscriptionState.self, forKey: .state) ?? .unknown("")
        isProtected = try c.decodeIfPresent(Bool.self, forKey: .isProtected) ?? false
        protectedReason = try c.decodeIfPresent(ProtectedReason.self, forKey: .protectedReason)
        requestedAt = try c.decodeIfPresent(Timestamp.self, forKey: .requestedAt)
        operation = try c.decodeIfPresent(RowOperation.self, forKey: .operation)
        revision = try c.decodeIfPresent(Int.self, forKey: .revision) ?? 1
    }

    /// The sender as the census names it: the display name, else the address, else the list.
    public var senderName: String {
        [displayName, address, listID].map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.first { !$0.isEmpty }
            ?? "Unnamed sender"
    }

    /// The contract's client gate (docs/wire/subscriptions.md §3.1); the server checks again.
    public var isEligibleToUnsubscribe: Bool {
        verified && (mechanism == .oneClick || mechanism == .mailto) && evidenceDigest != nil && state.isActionable
    }

    /// An actionable row whose evidence has not been checked yet: it reads
    /// "Checking…" and cannot be unsubscribed, but Keep and Report spam stay.
    public var isChecking: Bool { !verified && state.isActionable }
}

/// The exact message a verified `mailto` sender would get (docs/wire/subscriptions.md §3.1).
public struct MailtoMessage: Codable, Sendable, Hashable {
    public var to: String
    public var subject: String
    public var body: String

    public init(to: String, subject: String = "", body: String = "") {
        self.to = to
        self.subject = subject
        self.body = body
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        to = try c.decodeIfPresent(String.self, forKey: .to) ?? ""
        subject = try c.decodeIfPresent(String.self, forKey: .subject) ?? ""
        body = try c.decodeIfPresent(String.self, forKey: .body) ?? ""
    }
}

/// A row's latest durable action (docs/wire/subscriptions.md §6).
public struct RowOperation: Codable, Sendable, Hashable {
    public var operationID: String
    public var runID: String?
    public var action: OperationAction
    public var status: OperationStatus
    public var code: OutcomeCode?
    public var requestedAt: Timestamp?
    /// The state before the action, which a failure restores.
    public var priorState: SubscriptionState?

    public init(operationID: String, runID: String? = nil, action: OperationAction, status: OperationStatus,
                code: OutcomeCode? = nil, requestedAt: Timestamp? = nil, priorState: SubscriptionState? = nil) {
        self.operationID = operationID
        self.runID = runID
        self.action = action
        self.status = status
        self.code = code
        self.requestedAt = requestedAt
        self.priorState = priorState
    }

    enum CodingKeys: String, CodingKey {
        case action, status, code
        case operationID = "operation_id", runID = "run_id", requestedAt = "requested_at", priorState = "prior_state"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        operationID = try c.decodeIfPresent(String.self, forKey: .operationID) ?? ""
        runID = try c.decodeIfPresent(String.self, forKey: .runID)
        action = try c.decodeIfPresent(OperationAction.self, forKey: .action) ?? .unknown("")
        status = try c.decodeIfPresent(OperationStatus.self, forKey: .status) ?? .unknown("")
        code = try c.decodeIfPresent(OutcomeCode.self, forKey: .code)
        requestedAt = try c.decodeIfPresent(Timestamp.self, forKey: .requestedAt)
        priorState = try c.decodeIfPresent(SubscriptionState.self, forKey: .priorState)
    }
}

/// What an asynchronous command answers (VeetWire's, shared with Email). The run status is not the
/// outcome: the row is.
public typealias EmailOperation = VeetWire.EmailOperation
