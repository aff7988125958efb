import Foundation
import VeetTransport

public enum DreamingOutcome: LenientEnum {
    case running, proposed, noChange, blocked, failed, interrupted
    case unknown(String)
    public static let wireNames: [(DreamingOutcome, String)] = [
        (.running, "running"), (.proposed, "proposed"), (.noChange, "no_change"), (.blocked, "blocked"),
        (.failed, "failed"), (.interrupted, "interrupted"),
    ]
    public var unknownValue: String? { if case .unknown(let raw) = self { raw } else { nil } }
}

public enum DreamingDecision: String, Sendable, Hashable, Codable {
    case approved, rejected
}

/// When dreaming runs next, or that it is paused (docs/wire/memory.md §7).
public struct DreamingSchedule: Codable, Sendable, Hashable {
    public var paused: Bool
    public var nextRunAt: Timestamp?
    public var revision: Int

    public init(paused: Bool, nextRunAt: Timestamp? = nil, revision: Int = 1) {
        self.paused = paused
        self.nextRunAt = nextRunAt
        self.revision = revision
    }

    enum CodingKeys: String, CodingKey {
        case paused, revision
        case nextRunAt = "next_run_at"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        paused = try c.decodeIfPresent(Bool.self, forKey: .paused) ?? false
        nextRunAt = try c.decodeIfPresent(Timestamp.self, forKey: .nextRunAt)
        revision = try c.decodeIfPresent(Int.self, forKey: .revision) ?? 1
    }
}

/// One journal entry: a dreaming run, its outcome, why, and what it cost.
public struct DreamingRun: Codable, Sendable, Hashable, Identifiable {
    public var id: String
    public var startedAt: Timestamp?
    public var finishedAt: Timestamp?
    public var outcome: DreamingOutcome
    /// `reviewed`, `deferred`, `timeout`, ...: kept raw.
    public var reason: String?
    public var proposals: Int
    public var providerCalls: Int
    /// A decimal string (money is never a number on the wire).
    public var chargedUSD: String?

    enum CodingKeys: String, CodingKey {
        case id, outcome, reason, proposals
        case startedAt = "started_at", finishedAt = "finished_at", providerCalls = "provider_calls"
        case chargedUSD = "charged_usd"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        startedAt = try c.decodeIfPresent(Timestamp.self, forKey: .startedAt)
        finishedAt = try c.decodeIfPresent(Timestamp.self, forKey: .finishedAt)
        outcome = try c.decodeIfPresent(DreamingOutcome.self, forKey: .outcome) ?? .unknown("")
        reason = try c.decodeIfPresent(String.self, forKey: .reason)
        proposals = try c.decodeIfPresent(Int.self, forKey: .proposals) ?? 0
        providerCalls = try c.decodeIfPresent(Int.self, forKey: .providerCalls) ?? 0
        chargedUSD = try c.decodeIfPresent(String.self, forKey: .chargedUSD)
    }
}

/// `GET /v1/dreaming`: the schedule and the journal of runs.
public struct DreamingJournal: Codable, Sendable, Hashable {
    public var schedule: DreamingSchedule
    public var runs: [DreamingRun]

    public init(schedule: DreamingSchedule, runs: [DreamingRun] = []) {
        self.schedule = schedule
        self.runs = runs
    }

    enum CodingKeys: String, CodingKey { case schedule, runs }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        schedule = try c.decodeIfPresent(DreamingSchedule.self, forKey: .schedule) ?? DreamingSchedule(paused: false)
        runs = (try c.decodeIfPresent([Skippable<DreamingRun>].self, forKey: .runs) ?? []).compactMap(\.value)
    }
}
