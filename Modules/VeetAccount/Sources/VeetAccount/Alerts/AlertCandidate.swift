import Foundation
import VeetTransport
import VeetWire

/// Something that may deserve a desktop alert: what happened and the
/// identifiers it concerns. It never holds conversation text, arguments,
/// question text or anything of a call; the only free text is the tool name
/// and a schedule's title.
public struct AlertCandidate: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case approval, question, runFailed = "run_failed"
        case scheduleRunFinished = "schedule_run_finished", scheduleOccurrenceSkipped = "schedule_occurrence_skipped"
        /// A phone call's result is stored (`call_finished`, docs/wire/calls.md §9).
        case callFinished = "call_finished"

        /// Approvals, questions and scheduled outcomes wait before alerting, so one
        /// handled on another device raises nothing; a failure and a call's result
        /// are told at once (nothing on another device makes them moot).
        public var isHeld: Bool { self != .runFailed && self != .callFinished }
    }

    public var kind: Kind
    public var targets: NotificationTargets
    /// Approvals only: the tool's name (never its arguments).
    public var toolName: String?
    /// Scheduled outcomes only: the schedule's title and the occurrence's time.
    public var schedule: ScheduleFacts?
    /// Approvals: when the server asked the owner (the approval's `created_at`,
    /// or its inbox item's). The hold counts from it; nil: from when it was offered.
    public var askedAt: Date?

    public init(kind: Kind, targets: NotificationTargets, toolName: String? = nil, schedule: ScheduleFacts? = nil,
                askedAt: Date? = nil) {
        self.kind = kind
        self.targets = targets
        self.toolName = toolName
        self.schedule = schedule
        self.askedAt = askedAt
    }

    /// The same event seen twice (the inbox and a live stream) has the same key.
    public var key: String {
        switch kind {
        case .approval: "approval:\(targets.approvalID ?? targets.runID ?? "")"
        case .question: "question:\(targets.questionID ?? targets.runID ?? "")"
        case .runFailed: "run_failed:\(targets.runID ?? "")"
        case .scheduleRunFinished, .scheduleOccurrenceSkipped:
            "\(kind.rawValue):\(targets.occurrenceID ?? targets.runID ?? "")"
        case .callFinished: "call_finished:\(targets.callID ?? "")"
        }
    }

    /// The inbox item's candidate; nil for kinds that raise no desktop alert (ops, test, unknown).
    public init?(_ item: NotificationItem) {
        let kind: Kind
        switch item.kind {
        case .approvalRequested: kind = .approval
        case .questionAsked: kind = .question
        case .runFailed: kind = .runFailed
        case .scheduleRunFinished: kind = .scheduleRunFinished
        case .scheduleOccurrenceSkipped: kind = .scheduleOccurrenceSkipped
        // Only with the call it names: an alert that cannot open its call says nothing useful.
        case .callFinished where item.targets.callID != nil: kind = .callFinished
        default: return nil
        }
        self.init(kind: kind, targets: item.targets, toolName: item.toolName, schedule: item.scheduleContext,
                  askedAt: kind == .approval ? item.createdAt?.date : nil)
    }
}

/// What a scheduled alert names: the title of the revision that ran and when it was due.
/// Either may be unknown (then the alert says "A schedule" or leaves the time out).
public struct ScheduleFacts: Sendable, Hashable {
    public var title: String?
    public var occurrenceTime: Date?

    public init(title: String?, occurrenceTime: Date?) {
        self.title = title
        self.occurrenceTime = occurrenceTime
    }
}

/// What a run's live event means for alerts. veetd gets it from VeetChat's
/// transcript (the one reducer of run events), the inbox from `InboxWatermark`.
public enum AlertSignal: Sendable, Hashable {
    case raise(AlertCandidate)
    /// The thing was handled (here or on another device): drop its pending alert.
    case resolve(key: String)
    /// The run moved on (resumed or ended): its pending approvals and questions are moot.
    case runMovedOn(runID: String)
}
