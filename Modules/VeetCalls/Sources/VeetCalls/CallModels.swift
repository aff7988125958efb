import Foundation
import VeetTransport

/// Where a call stands (docs/wire/calls.md §3.4). Only `active` is unfinished;
/// a value this client does not know is kept raw and shown as the server wrote it.
public enum CallStatus: LenientEnum {
    case active, completed, voicemail, noAnswer, busy, failed
    case unknown(String)
    public static let wireNames: [(CallStatus, String)] = [
        (.active, "active"), (.completed, "completed"), (.voicemail, "voicemail"), (.noAnswer, "no_answer"),
        (.busy, "busy"), (.failed, "failed"),
    ]
    public var unknownValue: String? { if case .unknown(let raw) = self { raw } else { nil } }

    /// Still ringing or in progress: it can be stopped, and its content cannot be erased yet.
    public var isInProgress: Bool { self == .active }

    /// The status in words: underscores become spaces and each word starts with a capital (`No Answer`).
    public var words: String {
        rawValue.split(separator: "_").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
    }
}

/// Who dialled.
public enum CallDirection: LenientEnum {
    case inbound, outbound
    case unknown(String)
    public static let wireNames: [(CallDirection, String)] = [(.inbound, "inbound"), (.outbound, "outbound")]
    public var unknownValue: String? { if case .unknown(let raw) = self { raw } else { nil } }
}

/// What the provider said to a stop (docs/wire/calls.md §6).
public enum CallTermination: LenientEnum {
    /// The provider ended the call, or it was already over.
    case confirmed
    /// The provider did not confirm: the call may still be live; asking again is safe.
    case uncertain
    case unknown(String)
    public static let wireNames: [(CallTermination, String)] = [(.confirmed, "confirmed"), (.uncertain, "uncertain")]
    public var unknownValue: String? { if case .unknown(let raw) = self { raw } else { nil } }
}

/// How much of a provider text Veetbot holds (docs/wire/calls.md §3.5).
public enum TextCompleteness: String, Sendable, Hashable {
    /// The provider's whole text.
    case whole
    /// Cut at the server's limit: the provider's text was longer.
    case truncated
    /// The provider had no text yet; the server fills it in later.
    case notYet
    /// The provider's text was empty.
    case empty

    public init(text: String, complete: Bool) {
        switch (text.isEmpty, complete) {
        case (false, true): self = .whole
        case (false, false): self = .truncated
        case (true, false): self = .notYet
        case (true, true): self = .empty
        }
    }
}

/// One call record, live or erased (docs/wire/calls.md §3). The list item and the
/// detail decode into this one value; the list leaves `transcript` nil. An erased
/// call (or one past the 30-day window) keeps only its id. Unknown keys are ignored;
/// every field but the id is optional so a newer or thinner record still reads.
public struct Call: Codable, Sendable, Hashable, Identifiable {
    public var id: String
    public var providerCallID: String?
    /// The correlation id of the tool call that dialled (outbound only); no route resolves it.
    public var requestID: String?
    /// Veetbot's own line.
    public var number: String?
    /// The other party as the provider reported it: unverified, third-party text.
    public var counterparty: String?
    public var direction: CallDirection?
    public var status: CallStatus?
    public var createdAt: Timestamp?
    public var durationMinutes: Double?
    public var summary: String?
    public var summaryComplete: Bool?
    public var transcript: String?
    public var transcriptComplete: Bool?
    /// Always false on the servers the contract describes; never shown as verified unless true.
    public var callerIdentityVerified: Bool
    public var erased: Bool
    /// Whether the provider's own copy was deleted too (always false: Veetbot never deletes it).
    public var providerDeleted: Bool?

    public init(id: String, status: CallStatus? = nil, direction: CallDirection? = nil, counterparty: String? = nil,
                createdAt: Timestamp? = nil, summary: String? = nil, summaryComplete: Bool? = nil,
                transcript: String? = nil, transcriptComplete: Bool? = nil, erased: Bool = false) {
        self.id = id
        self.status = status
        self.direction = direction
        self.counterparty = counterparty
        self.createdAt = createdAt
        self.summary = summary
        self.summaryComplete = summaryComplete
        self.transcript = transcript
        self.transcriptComplete = transcriptComplete
        self.callerIdentityVerified = false
        self.erased = erased
    }

    enum CodingKeys: String, CodingKey {
        case id = "call_id", providerCallID = "provider_call_id", requestID = "request_id", number, counterparty
        case direction, status, createdAt = "created_at", durationMinutes = "duration_minutes", summary
        case summaryComplete = "summary_complete", transcript, transcriptComplete = "transcript_complete"
        case callerIdentityVerified = "caller_identity_verified", erased, providerDeleted = "provider_deleted"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        providerCallID = try? c.decodeIfPresent(String.self, forKey: .providerCallID)
        requestID = try? c.decodeIfPresent(String.self, forKey: .requestID)
        number = try? c.decodeIfPresent(String.self, forKey: .number)
        counterparty = try? c.decodeIfPresent(String.self, forKey: .counterparty)
        direction = try? c.decodeIfPresent(CallDirection.self, forKey: .direction)
        status = try? c.decodeIfPresent(CallStatus.self, forKey: .status)
        createdAt = try? c.decodeIfPresent(Timestamp.self, forKey: .createdAt)
        durationMinutes = try? c.decodeIfPresent(Double.self, forKey: .durationMinutes)
        summary = try? c.decodeIfPresent(String.self, forKey: .summary)
        summaryComplete = try? c.decodeIfPresent(Bool.self, forKey: .summaryComplete)
        transcript = try? c.decodeIfPresent(String.self, forKey: .transcript)
        transcriptComplete = try? c.decodeIfPresent(Bool.self, forKey: .transcriptComplete)
        // Only an explicit `true` claims a verified caller.
        callerIdentityVerified = (try? c.decodeIfPresent(Bool.self, forKey: .callerIdentityVerified)) == true
        // A live record has no `erased` key: absent reads as false.
        erased = (try? c.decodeIfPresent(Bool.self, forKey: .erased)) == true
        providerDeleted = try? c.decodeIfPresent(Bool.self, forKey: .providerDeleted)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        if erased {
            try c.encode(true, forKey: .erased)
            try c.encode(providerDeleted ?? false, forKey: .providerDeleted)
            return
        }
        try c.encodeIfPresent(status, forKey: .status)
        try c.encodeIfPresent(direction, forKey: .direction)
        try c.encodeIfPresent(counterparty, forKey: .counterparty)
        try c.encodeIfPresent(number, forKey: .number)
        try c.encodeIfPresent(createdAt, forKey: .createdAt)
        try c.encodeIfPresent(durationMinutes, forKey: .durationMinutes)
        try c.encodeIfPresent(summary, forKey: .summary)
        try c.encodeIfPresent(summaryComplete, forKey: .summaryComplete)
        try c.encodeIfPresent(transcript, forKey: .transcript)
        try c.encodeIfPresent(transcriptComplete, forKey: .transcriptComplete)
        try c.encode(callerIdentityVerified, forKey: .callerIdentityVerified)
        try c.encodeIfPresent(requestID, forKey: .requestID)
    }

    /// Still in progress: stop is offered, erasure is not.
    public var isInProgress: Bool { !erased && status?.isInProgress == true }

    /// Whether erasing its content is worth offering (an erased call has nothing left; an active one must end first).
    public var canBeErased: Bool { !erased && !isInProgress }

    /// The summary's state; nil when the record carries no summary at all (erased, or a thin newer record).
    public var summaryState: TextCompleteness? {
        summary.map { TextCompleteness(text: $0, complete: summaryComplete ?? true) }
    }

    /// The transcript's state; nil when the record carries none (the list, an erased call).
    public var transcriptState: TextCompleteness? {
        transcript.map { TextCompleteness(text: $0, complete: transcriptComplete ?? true) }
    }
}

/// The answer to a stop.
public struct CallStop: Codable, Sendable, Hashable {
    public var callID: String
    public var termination: CallTermination

    public init(callID: String, termination: CallTermination) {
        self.callID = callID
        self.termination = termination
    }

    enum CodingKeys: String, CodingKey { case callID = "call_id", termination }
}

/// One page of the call list: its array key is `calls`, not `items` (docs/wire/calls.md §4).
public struct CallPage: Decodable, Sendable {
    public var calls: [Call]
    public var nextCursor: String?

    enum CodingKeys: String, CodingKey { case calls, nextCursor = "next_cursor" }

    public init(calls: [Call], nextCursor: String?) {
        self.calls = calls
        self.nextCursor = nextCursor
    }

    /// A record that does not read (no `call_id`) is skipped, never the whole page.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        calls = try c.decode([Skippable<Call>].self, forKey: .calls).compactMap(\.value)
        nextCursor = try c.decodeIfPresent(String.self, forKey: .nextCursor)
    }
}
