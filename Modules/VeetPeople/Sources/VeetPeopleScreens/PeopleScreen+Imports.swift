import Foundation
import VeetCurses
import VeetPeople
import VeetTransport

/// The history imports sheet's keys and what its calls report.
extension PeopleScreen {
    mutating func openImports() -> [PeopleScreenEffect] {
        sheet = .imports(ImportsSheet())
        return [.imports(.list)]
    }

    /// Keys while the imports sheet is up; nil when it is not.
    mutating func handleImports(_ key: KeyPress) -> [PeopleScreenEffect]? {
        guard case .imports(var imports)? = sheet else { return nil }
        var effects: [PeopleScreenEffect] = []
        switch imports.stage {
        case .list:
            let count = imports.jobs?.count ?? 0
            switch key {
            case KeyPress(.escape):
                sheet = nil
                return []
            case KeyPress(.up): imports.cursor = max(imports.cursor - 1, 0)
            case KeyPress(.down): imports.cursor = min(imports.cursor + 1, max(count - 1, 0))
            case .char("g"): effects.append(.imports(.list))
            case .char("n") where writeAccess.showsWrites:
                imports.notice = ""
                imports.stage = .form(ImportForm(now: now()))
            case .char("r") where writeAccess.showsWrites:
                guard let job = imports.selectedJob, job.state.isResumable else {
                    imports.notice = "Only a paused, failed or cancelled import can be resumed."
                    break
                }
                imports.notice = ""
                imports.stage = .resume(job, TextInput(text: ImportScope.money(job.scope?.maxCostUSD ?? 0)))
            case .char("c") where writeAccess.showsWrites:
                guard let job = imports.selectedJob, job.state.isActive || job.state == .budgetPaused else {
                    imports.notice = "Only a running or paused import can be cancelled."
                    break
                }
                imports.notice = "Cancelling..."
                effects.append(.imports(.cancel(job)))
            default: break
            }
        case .form(var form):
            switch key {
            case KeyPress(.escape): imports.stage = .list
            case KeyPress(.tab), KeyPress(.down): form.focus = (form.focus + 1) % form.fields.count
            case KeyPress(.tab, .shift), KeyPress(.up): form.focus = (form.focus + form.fields.count - 1) % form.fields.count
            case KeyPress(.enter):
                let (scope, problems) = form.scope()
                if let scope {
                    imports.notice = "Previewing..."
                    effects.append(.imports(.preview(scope)))
                } else {
                    imports.notice = "Not previewed: " + problems.joined(separator: " ")
                }
            default:
                _ = form.fields[form.focus].handle(.key(key), policy: .chat)
            }
            if case .form = imports.stage { imports.stage = .form(form) }
        case .preview(let job):
            switch key {
            case KeyPress(.escape):
                imports.stage = .list
                imports.notice = "Not started; nothing was read."
            case KeyPress(.enter):
                imports.stage = .list
                imports.notice = "Starting..."
                effects.append(.imports(.apply(job)))
            default: break
            }
        case .resume(let job, var cap):
            switch key {
            case KeyPress(.escape):
                imports.stage = .list
                imports.notice = "Not resumed."
            case KeyPress(.enter):
                guard let amount = decimal(fromWire: cap.text.trimmingCharacters(in: .whitespaces)
                                                .replacingOccurrences(of: "$", with: "")) else {
                    imports.notice = "Not resumed: the spending cap must be an amount such as 5.00."
                    break
                }
                imports.stage = .list
                imports.notice = "Resuming..."
                effects.append(.imports(.resume(job, maxCostUSD: amount)))
            default:
                _ = cap.handle(.key(key), policy: .chat)
                imports.stage = .resume(job, cap)
            }
        }
        sheet = .imports(imports)
        return effects
    }

    mutating func applyImports(_ result: PeopleScreenResult) {
        guard case .imports(var imports)? = sheet else { return }
        switch result {
        case .imports(let jobs):
            imports.jobs = jobs
            imports.cursor = min(imports.cursor, max(jobs.count - 1, 0))
        case .importPreview(let job):
            imports.notice = ""
            imports.stage = .preview(job)
        case .importJob(let job): imports.show(job)
        case .importRefused(let text): imports.notice = text
        default: break
        }
        sheet = .imports(imports)
    }
}

extension ImportsSheet {
    /// A paste into the field being typed (the form's, or the new cap); false when none is.
    mutating func paste(_ text: String) -> Bool {
        switch stage {
        case .form(var form):
            _ = form.fields[form.focus].handle(.paste(text), policy: .chat)
            stage = .form(form)
        case .resume(let job, var cap):
            _ = cap.handle(.paste(text), policy: .chat)
            stage = .resume(job, cap)
        case .list, .preview:
            return false
        }
        return true
    }
}
