import Foundation
import VeetTransport

/// Fills in what a due candidate needs before it is shown, and checks it
/// still matters: an approval or question already handled on another device
/// is dropped (the server is asked, not just the live stream).
public struct AlertEnricher: Sendable {
    /// The approval's tool name and whether it still waits; nil when it cannot be read.
    public typealias ApprovalLookup = @Sendable (_ approvalID: String) async -> (toolName: String?, pending: Bool)?
    /// Whether a run still waits for the user (question kinds); nil when unknown.
    public typealias RunWaitLookup = @Sendable (_ runID: String) async -> Bool?

    public var approval: ApprovalLookup
    public var runWaiting: RunWaitLookup
    public var schedule: ScheduleFactsLookup?

    public init(approval: @escaping ApprovalLookup, runWaiting: @escaping RunWaitLookup,
                schedule: ScheduleFactsLookup?) {
        self.approval = approval
        self.runWaiting = runWaiting
        self.schedule = schedule
    }

    /// The candidate to show, or nil when it no longer needs anyone.
    public func enrich(_ candidate: AlertCandidate) async -> AlertCandidate? {
        var result = candidate
        switch candidate.kind {
        case .approval:
            if let id = candidate.targets.approvalID, let found = await approval(id) {
                guard found.pending else { return nil }
                result.toolName = candidate.toolName ?? found.toolName
            }
        case .question:
            if let run = candidate.targets.runID, await runWaiting(run) == false { return nil }
        case .scheduleRunFinished, .scheduleOccurrenceSkipped:
            if result.schedule == nil, let id = candidate.targets.scheduleID, let schedule {
                result.schedule = await schedule.facts(scheduleID: id, occurrenceID: candidate.targets.occurrenceID)
            }
        case .runFailed, .callFinished:
            break
        }
        return result
    }
}

/// Reads what a scheduled alert names when its inbox item has no
/// `schedule_context` (older servers, live streams): the occurrence's nominal
/// time and the title of the revision that ran, through the schedule routes
/// (docs/wire/schedules.md §4, §6), with its own minimal decoding so this feature does
/// not import the schedules feature. The record holds only the current
/// revision, so its title is used only when the occurrence ran on it (or
/// when there never was another): a renamed schedule's old run is "A
/// schedule", never the new name.
public struct ScheduleFactsLookup: Sendable {
    public let send: HTTPRequestSender

    public init(sender: HTTPRequestSender) {
        send = sender
    }

    public func facts(scheduleID: String, occurrenceID: String?) async -> ScheduleFacts? {
        let path = "/v1/schedules/\(segment: scheduleID)"
        guard let record: ScheduleRecord = try? await send.decode(.get(path)) else { return nil }
        var found: OccurrenceRecord?
        if let occurrenceID {
            // Not `Page.all`: this walk stops at the occurrence it looks for,
            // after at most 5 pages (occurrences are newest first, so a fresh
            // one is on the first), and a page that fails only leaves the time out.
            var cursor: String?
            for _ in 0..<5 {
                guard let page: Page<OccurrenceRecord> =
                    try? await send.decode(.page(path + "/occurrences", limit: 50, cursor: cursor)) else { break }
                if let match = page.items.first(where: { $0.id == occurrenceID }) {
                    found = match
                    break
                }
                guard !page.isLast, let next = page.nextCursor else { break }
                cursor = next
            }
        }
        let ranRevision = found?.scheduleRevision ?? (record.revision == 1 ? 1 : nil)
        let title = ranRevision != nil && ranRevision == record.revision ? record.title : nil
        return ScheduleFacts(title: title, occurrenceTime: found?.nominalFireAt?.date)
    }

    /// `{"schedule": {...}, "revision": {"revision": N, "title": ...}}`: the current revision only.
    struct ScheduleRecord: Decodable {
        var revision: Int?
        var title: String?
        enum Keys: String, CodingKey { case revision, title }
        init(from decoder: Decoder) throws {
            let current = try decoder.container(keyedBy: Keys.self).nestedContainer(keyedBy: Keys.self, forKey: .revision)
            revision = try? current.decodeIfPresent(Int.self, forKey: .revision)
            title = try? current.decodeIfPresent(String.self, forKey: .title)
        }
    }

    struct OccurrenceRecord: Decodable {
        var id: String
        var scheduleRevision: Int?
        var nominalFireAt: Timestamp?
        enum CodingKeys: String, CodingKey {
            case id, scheduleRevision = "schedule_revision", nominalFireAt = "nominal_fire_at"
        }
    }
}
