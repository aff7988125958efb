import Foundation

/// A desktop alert ready to show: fixed wording per kind, identifiers for
/// the actions, no conversation text.
public struct DesktopAlert: Sendable, Hashable {
    public struct Action: Sendable, Hashable {
        /// What the notifier reports back when chosen (`approve_once`, `deny`).
        public var id: String
        public var label: String

        public init(id: String, label: String) {
            self.id = id
            self.label = label
        }
    }

    public var key: String
    public var kind: AlertCandidate.Kind
    public var title: String
    public var body: String
    public var actions: [Action]
    public var targets: NotificationTargets
    /// `critical` for approvals and questions (they block a run), else `normal`.
    public var urgency: String
}

public enum AlertWording {
    /// The words for a candidate. `timeZone` decides how an occurrence time reads.
    public static func alert(for candidate: AlertCandidate, timeZone: TimeZone = .current) -> DesktopAlert {
        let (title, body): (String, String)
        var actions: [DesktopAlert.Action] = []
        switch candidate.kind {
        case .approval:
            title = "Approval needed"
            body = candidate.toolName.map(clean).map { "The agent wants to use \($0). Approve or deny it." }
                ?? "The agent wants to use a tool. Approve or deny it."
            actions = [DesktopAlert.Action(id: "approve_once", label: "Approve once"),
                       DesktopAlert.Action(id: "deny", label: "Deny")]
        case .question:
            title = "The agent has a question"
            body = "Open the conversation to answer it."
        case .runFailed:
            title = "Run failed"
            body = "A run stopped with an error. Open the conversation for details."
        case .scheduleRunFinished:
            title = "Scheduled run finished"
            body = "\(scheduleName(candidate)) ran\(when(candidate, timeZone)). Open it to see the result."
        case .scheduleOccurrenceSkipped:
            title = "Scheduled run skipped"
            body = "\(scheduleName(candidate)) did not run\(when(candidate, timeZone))."
        case .callFinished:
            // The server's fixed title; the notification carries no call content, and neither does the alert.
            title = "New call result"
            body = "A phone call has ended. Open it to read its result."
        }
        let urgent = candidate.kind == .approval || candidate.kind == .question
        return DesktopAlert(key: candidate.key, kind: candidate.kind, title: title, body: body, actions: actions,
                            targets: candidate.targets, urgency: urgent ? "critical" : "normal")
    }

    private static func scheduleName(_ candidate: AlertCandidate) -> String {
        candidate.schedule?.title.map { "“\(clean($0))”" } ?? "A schedule"
    }

    private static func when(_ candidate: AlertCandidate, _ timeZone: TimeZone) -> String {
        guard let time = candidate.schedule?.occurrenceTime else { return "" }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return " for \(formatter.string(from: time))"
    }

    /// One line, no control characters, at most 80 characters: a name, not a message.
    static func clean(_ text: String) -> String {
        let flat = String(text.unicodeScalars.map { CharacterSet.controlCharacters.contains($0) ? " " : Character($0) })
            .trimmingCharacters(in: .whitespaces)
        return flat.count > 80 ? String(flat.prefix(79)) + "…" : flat
    }
}
