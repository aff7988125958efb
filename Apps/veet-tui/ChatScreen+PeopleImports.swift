import Foundation
import VeetCurses
import VeetPeople
import VeetTransport

/// The history imports sheet's keys and what its calls report.
extension ChatScreen {
    func openPeopleImports(_ screen: inout PeopleScreen) {
        screen.sheet = .imports(ImportsSheet())
        _ = backend.importAction(.list)
    }

    /// Keys while the imports sheet is up; false when it is not.
    func handlePeopleImports(_ key: KeyPress, _ screen: inout PeopleScreen) -> Bool {
        guard case .imports(var sheet)? = screen.sheet else { return false }
        switch sheet.stage {
        case .list:
            let count = sheet.jobs?.count ?? 0
            switch key {
            case KeyPress(.escape):
                screen.sheet = nil
                return true
            case KeyPress(.up): sheet.cursor = max(sheet.cursor - 1, 0)
            case KeyPress(.down): sheet.cursor = min(sheet.cursor + 1, max(count - 1, 0))
            case .char("g"): _ = backend.importAction(.list)
            case .char("n") where screen.writeAccess.showsWrites:
                sheet.notice = ""
                sheet.stage = .form(ImportForm(now: Date()))
            case .char("r") where screen.writeAccess.showsWrites:
                guard let job = sheet.selectedJob, job.state.isResumable else {
                    sheet.notice = "Only a paused, failed or cancelled import can be resumed."
                    break
                }
                sheet.notice = ""
                sheet.stage = .resume(job, TextInput(text: ImportScope.money(job.scope?.maxCostUSD ?? 0)))
            case .char("c") where screen.writeAccess.showsWrites:
                guard let job = sheet.selectedJob, job.state.isActive || job.state == .budgetPaused else {
                    sheet.notice = "Only a running or paused import can be cancelled."
                    break
                }
                sheet.notice = "Cancelling..."
                _ = backend.importAction(.cancel(job))
            default: break
            }
        case .form(var form):
            switch key {
            case KeyPress(.escape): sheet.stage = .list
            case KeyPress(.tab), KeyPress(.down): form.focus = (form.focus + 1) % form.fields.count
            case KeyPress(.tab, .shift), KeyPress(.up): form.focus = (form.focus + form.fields.count - 1) % form.fields.count
            case KeyPress(.enter):
                let (scope, problems) = form.scope()
                if let scope {
                    sheet.notice = "Previewing..."
                    _ = backend.importAction(.preview(scope))
                } else {
                    sheet.notice = "Not previewed: " + problems.joined(separator: " ")
                }
            default:
                _ = form.fields[form.focus].handle(.key(key), policy: .chat)
            }
            if case .form = sheet.stage { sheet.stage = .form(form) }
        case .preview(let job):
            switch key {
            case KeyPress(.escape):
                sheet.stage = .list
                sheet.notice = "Not started; nothing was read."
            case KeyPress(.enter):
                sheet.stage = .list
                sheet.notice = "Starting..."
                _ = backend.importAction(.apply(job))
            default: break
            }
        case .resume(let job, var cap):
            switch key {
            case KeyPress(.escape):
                sheet.stage = .list
                sheet.notice = "Not resumed."
            case KeyPress(.enter):
                guard let amount = decimal(fromWire: cap.text.trimmingCharacters(in: .whitespaces)
                                                .replacingOccurrences(of: "$", with: "")) else {
                    sheet.notice = "Not resumed: the spending cap must be an amount such as 5.00."
                    break
                }
                sheet.stage = .list
                sheet.notice = "Resuming..."
                _ = backend.importAction(.resume(job, maxCostUSD: amount))
            default:
                _ = cap.handle(.key(key), policy: .chat)
                sheet.stage = .resume(job, cap)
            }
        }
        screen.sheet = .imports(sheet)
        return true
    }

    func applyImports(_ update: PeopleUpdate, _ screen: inout PeopleScreen) {
        guard case .imports(var sheet)? = screen.sheet else { return }
        switch update {
        case .imports(let jobs):
            sheet.jobs = jobs
            sheet.cursor = min(sheet.cursor, max(jobs.count - 1, 0))
        case .importPreview(let job):
            sheet.notice = ""
            sheet.stage = .preview(job)
        case .importJob(let job): sheet.show(job)
        case .importRefused(let text): sheet.notice = text
        default: break
        }
        screen.sheet = .imports(sheet)
    }
}
