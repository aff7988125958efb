import Foundation
import VeetTransport

/// Why a notification was raised (docs/wire/sessions-runs.md §8.1).
public enum NotificationKind: LenientEnum {
    case approvalRequested, questionAsked, runFailed, scheduleRunFinished, scheduleOccurrenceSkipped
    case opsAlert, opsRecovered, test, deviceInvocation, callFinished
    case unknown(String)

    public static let wireNames: [(NotificationKind, String)] = [
        (.approvalRequested, "approval_requested"), (.questionAsked, "question_asked"), (.runFailed, "run_failed"),
        (.scheduleRunFinished, "schedule_run_finished"),
        (.scheduleOccurrenceSkipped, "schedule_occurrence_skipped"), (.opsAlert, "ops_alert"),
        (.opsRecovered, "ops_recovered"), (.test, "test"), (.deviceInvocation, "device_invocation"),
        (.callFinished, "call_finished"),
    ]

    public var unknownValue: String? { if case .unknown(let raw) = self { raw } else { nil } }

    /// The fixed title for the kind; the client shows this, never text from the server.
    public var title: String {
        switch self {
        case .approvalRequested: "Approval needed"
        case .questionAsked: "The agent has a question"
        case .runFailed: "Run failed"
        case .scheduleRunFinished: "Scheduled run finished"
        case .scheduleOccurrenceSkipped: "Scheduled run skipped"
        case .opsAlert: "Production alert"
        case .opsRecovered: "Production recovered"
        case .test: "Test notification"
        case .deviceInvocation: "Your device has a pending action"
        case .callFinished: "New call result"
        case .unknown: "Notification"
        }
    }

    /// Kinds whose payload may name a tool (docs/wire/sessions-runs.md §8.1).
    public var mayNameTool: Bool { self == .approvalRequested || self == .deviceInvocation }

    /// The identifiers a payload of this kind carries; the others are always null.
    /// (`device_invocation` carries invocation and device ids, which this client
    /// does not act on; `call_finished` carries the call's id, which opens the call.)
    public var carriedIdentifiers: Set<NotificationIdentifier> {
        switch self {
        case .approvalRequested: [.session, .run, .approval]
        case .questionAsked: [.session, .run, .question]
        case .runFailed: [.session, .run]
        case .scheduleRunFinished: [.session, .run, .schedule, .occurrence]
        case .scheduleOccurrenceSkipped: [.schedule, .occurrence]
        case .callFinished: [.call]
        default: []
        }
    }
}

public enum NotificationIdentifier: String, Sendable, Hashable, CaseIterable {
    case session, run, approval, question, schedule, occurrence, call
}

/// The ids a notification points at. Only those `kind.carriedIdentifiers`
/// names are kept, so a stray id from a newer server is never acted on.
public struct NotificationTargets: Sendable, Hashable {
    public var sessionID: String?
    public var runID: String?
    public var approvalID: String?
    public var questionID: String?
    public var scheduleID: String?
    public var occurrenceID: String?
    /// `call_finished`: the phone call whose result is ready (docs/wire/calls.md §9).
    public var callID: String?

    public init(sessionID: String? = nil, runID: String? = nil, approvalID: String? = nil, questionID: String? = nil,
                scheduleID: String? = nil, occurrenceID: String? = nil, callID: String? = nil) {
        self.sessionID = sessionID
        self.runID = runID
        self.approvalID = approvalID
        self.questionID = questionID
        self.scheduleID = scheduleID
        self.occurrenceID = occurrenceID
        self.callID = callID
    }

    public subscript(identifier: NotificationIdentifier) -> String? {
        switch identifier {
        case .session: sessionID
        case .run: runID
        case .approval: approvalID
        case .question: questionID
        case .schedule: scheduleID
        case .occurrence: occurrenceID
        case .call: callID
        }
    }

    /// Keeps only the identifiers `kind` carries.
    public func restricted(to kind: NotificationKind) -> NotificationTargets {
        let keep = kind.carriedIdentifiers
        func pick(_ id: NotificationIdentifier) -> String? { keep.contains(id) ? self[id] : nil }
        return NotificationTargets(sessionID: pick(.session), runID: pick(.run), approvalID: pick(.approval),
                                   questionID: pick(.question), scheduleID: pick(.schedule),
                                   occurrenceID: pick(.occurrence), callID: pick(.call))
    }
}

public enum NotificationStatus: LenientEnum {
    case pending, dispatched, superseded, expired, failed
    case unknown(String)

    public static let wireNames: [(NotificationStatus, String)] = [
        (.pending, "pending"), (.dispatched, "dispatched"), (.superseded, "superseded"), (.expired, "expired"),
        (.failed, "failed"),
    ]

    public var unknownValue: String? { if case .unknown(let raw) = self { raw } else { nil } }
}

public enum DeliveryOutcome: LenientEnum {
    case delivered, retry, unregistered, rejected, skipped
    case unknown(String)

    public static let wireNames: [(DeliveryOutcome, String)] = [
        (.delivered, "delivered"), (.retry, "retry"), (.unregistered, "unregistered"), (.rejected, "rejected"),
        (.skipped, "skipped"),
    ]

    public var unknownValue: String? { if case .unknown(let raw) = self { raw } else { nil } }
}
