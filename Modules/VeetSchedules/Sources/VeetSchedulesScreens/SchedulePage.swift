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
        var reading = ReadingPage(width: area.width, paper: page)
        let schedule = record.schedule, definition = record.revision.definition
        reading.text(definition.title, title)
        var state = stateWord(schedule.state)
        if let reason = schedule.pauseReason { state += " (\(pauseReasonWords[reason] ?? reason))" }
        reading.text("\(state) · revision \(schedule.currentRevision)", soft)
        reading.blank()
        reading.text(CadenceText.describe(definition.cadence), page)
        let zone = definition.cadence.timezone.flatMap(TimeZone.init(identifier:))
        let runs = FireTimes.upcoming(record, now: now)
        reading.text(runs.isEmpty ? "No run planned." : "Next runs: " + runs.map { shortTime($0, zone: zone) }.joined(separator: ", "),
                     page)
        reading.heading("Instruction", title)
        for paragraph in definition.instruction.split(separator: "\n", omittingEmptySubsequences: false) {
            reading.text(String(paragraph), page)
        }
        reading.heading("Recent runs", title)
        if occurrences.isEmpty { reading.empty("None yet.", soft) }
        for occurrence in occurrences.prefix(8) {
            let when = occurrence.nominalFireAt.date.map { shortTime($0, zone: zone) } ?? occurrence.nominalFireAt.text
            let outcome = occurrence.sessionID != nil ? "conversation kept"
                : occurrence.linksErasedAt != nil ? "conversation deleted" : (occurrence.reasonCode ?? "")
            reading.text("\(when)  \(occurrence.disposition.rawValue.lowercased())  \(outcome)", soft)
        }
        reading.draw(in: &grid, area: area)
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
