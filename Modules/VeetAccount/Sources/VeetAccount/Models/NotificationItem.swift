import Foundation
import VeetTransport

/// One inbox entry (`{"notification": ..., "deliveries": [...]}`), reduced to
/// what a client may rely on. No field holds conversation text: the title is
/// fixed by kind and the rest are identifiers, states and times.
public struct NotificationItem: Decodable, Sendable, Hashable, Identifiable {
    public var id: String
    public var kind: NotificationKind
    /// Only the identifiers the kind carries (see `NotificationKind.carriedIdentifiers`).
    public var targets: NotificationTargets
    /// The tool an approval or a device action is for (`approval_requested`,
    /// `device_invocation`); a name, not arguments.
    public var toolName: String?
    public var status: NotificationStatus
    /// The two schedule kinds only: the title of the revision that ran and the
    /// occurrence's time (`payload.schedule_context`, docs/wire/sessions-runs.md §8.1);
    /// nil when the server sends none (older servers, other kinds).
    public var scheduleContext: ScheduleFacts?
    public var createdAt: Timestamp?
    public var deliveries: [NotificationDelivery]

    public var title: String { kind.title }

    enum ItemKeys: String, CodingKey { case notification, deliveries }

    enum RecordKeys: String, CodingKey {
        case id, kind, payload, status
        case createdAt = "created_at"
        case sessionID = "session_id", runID = "run_id", approvalID = "approval_id", questionID = "question_id"
        case scheduleID = "schedule_id", occurrenceID = "occurrence_id", callID = "call_id", toolName = "tool_name"
        case scheduleContext = "schedule_context"
    }

    /// `{"title": string, "scheduled_for": timestamp}`; `scheduled_for` keeps its own offset.
    struct ScheduleContext: Decodable {
        var title: String?
        var scheduledFor: Timestamp?
        enum CodingKeys: String, CodingKey { case title, scheduledFor = "scheduled_for" }
    }

    public init(from decoder: Decoder) throws {
        let item = try decoder.container(keyedBy: ItemKeys.self)
        let record = try item.nestedContainer(keyedBy: RecordKeys.self, forKey: .notification)
        let payload = try? record.nestedContainer(keyedBy: RecordKeys.self, forKey: .payload)
        id = try record.decode(String.self, forKey: .id)
        kind = try record.decodeIfPresent(NotificationKind.self, forKey: .kind) ?? .unknown("")
        /// The record's own column, else the payload's copy.
        func identifier(_ key: RecordKeys) -> String? {
            (try? record.decodeIfPresent(String.self, forKey: key)) ?? (try? payload?.decodeIfPresent(String.self, forKey: key)) ?? nil
        }
        targets = NotificationTargets(
            sessionID: identifier(.sessionID), runID: identifier(.runID), approvalID: identifier(.approvalID),
            questionID: identifier(.questionID), scheduleID: identifier(.scheduleID),
            occurrenceID: identifier(.occurrenceID), callID: identifier(.callID)
        ).restricted(to: kind)
        toolName = kind.mayNameTool ? (try? payload?.decodeIfPresent(String.self, forKey: .toolName)) ?? nil : nil
        status = try record.decodeIfPresent(NotificationStatus.self, forKey: .status) ?? .unknown("")
        let isSchedule = kind == .scheduleRunFinished || kind == .scheduleOccurrenceSkipped
        if isSchedule, let context = (try? payload?.decodeIfPresent(ScheduleContext.self, forKey: .scheduleContext)) ?? nil {
            scheduleContext = ScheduleFacts(title: context.title, occurrenceTime: context.scheduledFor?.date)
        } else {
            scheduleContext = nil
        }
        createdAt = try record.decodeIfPresent(Timestamp.self, forKey: .createdAt)
        deliveries = try item.decodeIfPresent([NotificationDelivery].self, forKey: .deliveries) ?? []
    }
}

/// One attempt to push a notification to one device.
public struct NotificationDelivery: Decodable, Sendable, Hashable {
    public var deviceID: String?
    public var attempt: Int
    public var outcome: DeliveryOutcome
    public var attemptedAt: Timestamp?

    enum CodingKeys: String, CodingKey {
        case attempt, outcome
        case deviceID = "device_id"
        case attemptedAt = "attempted_at"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        deviceID = try c.decodeIfPresent(String.self, forKey: .deviceID)
        attempt = try c.decodeIfPresent(Int.self, forKey: .attempt) ?? 1
        outcome = try c.decodeIfPresent(DeliveryOutcome.self, forKey: .outcome) ?? .unknown("")
        attemptedAt = try c.decodeIfPresent(Timestamp.self, forKey: .attemptedAt)
    }
}
