import Foundation
import VeetCurses
import VeetPeople
import VeetTokens
import VeetTransport

/// History imports as a sheet over the People screen (docs/wire/people.md §10): the
/// past imports, a new one previewed from its date range, record limit and
/// spending cap (typed as a decimal, sent as a decimal string), applied, its
/// progress followed, resumed with a new cap after `budget_paused`, or cancelled.
public struct ImportsSheet: Equatable, Sendable {
    public enum Stage: Equatable, Sendable {
        case list
        case form(ImportForm)
        /// A preview waiting to be applied.
        case preview(ImportJob)
        /// The new spending cap for resuming a paused, failed or cancelled job.
        case resume(ImportJob, TextInput)
    }

    /// nil while the list is read.
    public var jobs: [ImportJob]?
    public var cursor = 0
    public var stage: Stage = .list
    public var notice = ""

    public init(jobs: [ImportJob]? = nil) {
        self.jobs = jobs
    }

    public var selectedJob: ImportJob? {
        guard let jobs, jobs.indices.contains(cursor) else { return nil }
        return jobs[cursor]
    }

    /// A job read again (a poll, an apply): its row follows; a new one comes first and is chosen.
    public mutating func show(_ job: ImportJob) {
        var jobs = self.jobs ?? []
        if let index = jobs.firstIndex(where: { $0.id == job.id }) {
            jobs[index] = job
        } else {
            jobs.insert(job, at: 0)
            cursor = 0
        }
        self.jobs = jobs
        notice = Self.sentence(for: job)
    }

    /// What the owner is told about a job's state, and what to do next.
    public static func sentence(for job: ImportJob) -> String {
        switch job.state {
        case .queued, .running: "Importing: \(job.progressText)."
        case .completed: "The import completed: \(job.progressText)."
        case .budgetPaused: "The spending cap was reached ($\(ImportScope.money(job.spentUSD)) spent); "
            + "r resumes it with a higher cap."
        case .failed: "The import failed (\(job.errorCode ?? "no reason given")); r resumes it."
        case .cancelled: "The import was cancelled; r resumes it."
        case .preview: "Previewed; nothing is read until it is applied."
        case .unknown(let raw): "The import is \(raw)."
        }
    }

    static func describe(_ scope: ImportScope?) -> String {
        guard let scope else { return "" }
        var what: [String] = []
        if !scope.sessionIDs.isEmpty { what.append("\(scope.sessionIDs.count) chat\(scope.sessionIDs.count == 1 ? "" : "s")") }
        if !scope.accountIDs.isEmpty {
            what.append((scope.emailSource == "mailbox" ? "mailbox " : "mail ") + scope.accountIDs.joined(separator: ", "))
        }
        what.append("\(HistoryDate.text(scope.since, precision: .day, timeZone: nil)) to "
                    + "\(HistoryDate.text(scope.until, precision: .day, timeZone: nil))")
        what.append("at most \(scope.maxRecords) records and $\(ImportScope.money(scope.maxCostUSD))")
        return what.joined(separator: "; ")
    }

    func draw(in grid: inout ScreenGrid) {
        var lines: [(String, TextStyle)] = []
        let title: String
        switch stage {
        case .list:
            title = "History imports"
            if let jobs {
                if jobs.isEmpty { lines.append(("No history imports yet; n previews one.", PeopleSheetCard.soft)) }
                for (index, job) in jobs.enumerated() {
                    let style = index == cursor ? PeopleSheetCard.chosen : PeopleSheetCard.surface
                    lines.append(("\(job.state.rawValue.replacingOccurrences(of: "_", with: " "))  "
                                  + Self.describe(job.scope), style))
                    lines.append(("    " + job.progressText, index == cursor ? style : PeopleSheetCard.soft))
                }
            } else {
                lines.append(("Reading the imports...", PeopleSheetCard.soft))
            }
        case .form(let form):
            title = "New history import"
            lines.append(("Chats and mail in a date range, under a record limit and a spending cap.", PeopleSheetCard.soft))
            lines.append(("", PeopleSheetCard.surface))
            for (index, label) in ImportForm.labels.enumerated() {
                let text = "\(label.padding(toLength: ImportForm.labelWidth, withPad: " ", startingAt: 0)) "
                    + form.fields[index].text + (index == form.focus ? "▏" : "")
                lines.append((text, index == form.focus ? PeopleSheetCard.chosen : PeopleSheetCard.surface))
            }
        case .preview(let job):
            title = "Import preview"
            lines.append(("Reads " + Self.describe(job.scope) + ".", PeopleSheetCard.surface))
            if let known = job.knownRecords { lines.append(("\(known) records are known in this range.", PeopleSheetCard.surface)) }
            if let coverage = job.coverage { lines.append((coverage, PeopleSheetCard.soft)) }
        case .resume(let job, let cap):
            title = "Resume the import"
            lines.append(("Reads " + Self.describe(job.scope) + ".", PeopleSheetCard.surface))
            lines.append((job.progressText + ".", PeopleSheetCard.soft))
            lines.append(("", PeopleSheetCard.surface))
            lines.append(("New spending cap (USD, at most 100): \(cap.text)▏", PeopleSheetCard.chosen))
        }
        if !notice.isEmpty {
            lines.append(("", PeopleSheetCard.surface))
            let attention = notice.contains("cap was reached") || notice.contains("failed") || notice.hasPrefix("Not ")
            lines.append((notice, attention ? PeopleSheetCard.attention : PeopleSheetCard.done))
        }
        PeopleSheetCard.draw(title: title, lines: lines, keys: keyHints, in: &grid)
    }

    /// The card's key line for the stage it is at; Ctrl-P lists the same.
    public var keyHints: String {
        switch stage {
        case .list: "↑↓ choose   n new import   r resume   c cancel   g refresh   Esc close"
        case .form: "Tab next field   Enter preview (nothing is read yet)   Esc back"
        case .preview: "Enter start the import   Esc back (nothing is read)"
        case .resume: "Enter resume   Esc back"
        }
    }
}

/// The fields of a new import, as typed.
public struct ImportForm: Equatable, Sendable {
    static let labels = ["Chats (session ids)", "Mail accounts", "Since (YYYY-MM-DD)", "Until (YYYY-MM-DD)",
                         "Record limit", "Spending cap (USD)"]
    static let labelWidth = 20

    public var fields: [TextInput]
    public var focus = 0

    /// Mail of the default account over the last 90 days, 2000 records, $5.00.
    public init(now: Date) {
        let day = DateFormatter()
        day.locale = Locale(identifier: "en_US_POSIX")
        day.timeZone = TimeZone(identifier: "UTC")
        day.dateFormat = "yyyy-MM-dd"
        fields = ["", "default", day.string(from: now.addingTimeInterval(-90 * 86_400)),
                  day.string(from: now.addingTimeInterval(86_400)), "2000", "5.00"].map { TextInput(text: $0) }
    }

    /// The scope typed, or what is wrong with it in words (nothing is sent then).
    public func scope() -> (scope: ImportScope?, problems: [String]) {
        func list(_ index: Int) -> [String] {
            fields[index].text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
        var problems: [String] = []
        let since = Self.time(fields[2].text), until = Self.time(fields[3].text)
        if since == nil { problems.append("Since must be a date such as 2026-01-31.") }
        if until == nil { problems.append("Until must be a date such as 2026-01-31.") }
        let records = Int(fields[4].text.trimmingCharacters(in: .whitespaces))
        if records == nil { problems.append("The record limit must be a whole number.") }
        let cap = decimal(fromWire: fields[5].text.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "$", with: ""))
        if cap == nil { problems.append("The spending cap must be an amount such as 5.00.") }
        guard problems.isEmpty, let since, let until, let records, let cap else { return (nil, problems) }
        let scope = ImportScope(sessionIDs: list(0), accountIDs: list(1), since: since, until: until, maxRecords: records,
                                maxCostUSD: cap)
        let broken = ImportScopeRules.problems(scope)
        return broken.isEmpty ? (scope, []) : (nil, broken)
    }

    /// "2026-01-31" as the start of that day in UTC; a full ISO 8601 time as typed.
    static func time(_ text: String) -> Timestamp? {
        let text = text.trimmingCharacters(in: .whitespaces)
        if text.count == 10, text.split(separator: "-").count == 3, Timestamp(text + "T00:00:00.000Z").date != nil {
            return Timestamp(text + "T00:00:00.000Z")
        }
        let stamp = Timestamp(text)
        return stamp.date == nil ? nil : stamp
    }
}
