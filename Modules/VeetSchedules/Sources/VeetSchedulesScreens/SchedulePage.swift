import Foundation
import VeetCurses
import VeetSchedules
import VeetTokens
import VeetTransport

/// The reading page of one schedule on the Schedules screen: title, state,
/// cadence in words, next runs, the full instruction, recent occurrences.
public enum SchedulePage {
    public static func draw(_ record: ScheduleRecord, occurrences: [ScheduleOccurrence], in grid: inout ScreenGrid,
                     area: GridRect, now: Date) {
        let page = TextStyle(foreground: .ink, background: .paper)
        let title = TextStyle(attributes: .bold, foreground: .ink, background: .paper)
        let soft = TextStyle(foreground: .inkSoft, background: .paper)
        var lines: [(String, TextStyle)] = []
        func add(_ text: String, _ style: TextStyle) {
            for line in TextFitting.wrap(text, width: max(area.width, 1)) { lines.append((line, style)) }
        }
        let schedule = record.schedule, definition = record.revision.definition
        add(definition.title, title)
        var state = stateWord(schedule.state)
        if let reason = schedule.pauseReason { state += " (\(pauseReasonWords[reason] ?? reason))" }
        add("\(state) · revision \(schedule.currentRevision)", soft)
        lines.append(("", page))
        add(CadenceText.describe(definition.cadence), page)
        let zone = definition.cadence.timezone.flatMap(TimeZone.init(identifier:))
        let runs = FireTimes.upcoming(record, now: now)
        add(runs.isEmpty ? "No run planned." : "Next runs: " + runs.map { shortTime($0, zone: zone) }.joined(separator: ", "),
            page)
        lines.append(("", page))
        add("Instruction", title)
        for paragraph in definition.instruction.split(separator: "\n", omittingEmptySubsequences: false) {
            add(String(paragraph), page)
        }
        lines.append(("", page))
        add("Recent runs", title)
        if occurrences.isEmpty { add("None yet.", soft) }
        for occurrence in occurrences.prefix(8) {
            let when = occurrence.nominalFireAt.date.map { shortTime($0, zone: zone) } ?? occurrence.nominalFireAt.text
            let outcome = occurrence.sessionID != nil ? "conversation kept"
                : occurrence.linksErasedAt != nil ? "conversation deleted" : (occurrence.reasonCode ?? "")
            add("\(when)  \(occurrence.disposition.rawValue.lowercased())  \(outcome)", soft)
        }
        for (index, line) in lines.prefix(area.height).enumerated() {
            _ = grid.put(line.0, row: area.row + index, column: area.column, style: line.1, limit: area.column + area.width)
        }
    }

    /// The contract's pause reasons in words; another reason shows as the server sent it.
    public static let pauseReasonWords = ["user": "by you", "failure_limit": "too many failures"]

    public static func stateWord(_ state: ScheduleState) -> String {
        state.rawValue.lowercased()
    }

    /// "Mon 7 Dec 08:30" in the cadence's time zone (else this machine's).
    public static func shortTime(_ date: Date, zone: TimeZone?) -> String {
        var style = Date.FormatStyle(date: .omitted, time: .omitted, locale: Locale(identifier: "en_GB"),
                                     timeZone: zone ?? .current)
        style = style.weekday(.abbreviated).day(.defaultDigits).month(.abbreviated).hour(.twoDigits(amPM: .omitted))
            .minute(.twoDigits)
        return date.formatted(style)
    }
}
