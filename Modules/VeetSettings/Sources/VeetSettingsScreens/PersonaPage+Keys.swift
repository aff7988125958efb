import Foundation
import VeetCurses
import VeetSettings

/// What the Persona page's work reports.
public enum PersonaUpdate: Sendable {
    /// The document, the open nominations and which parts the server offers; nil: the server has no persona.
    case loaded(PersonaOverview?)
    case saved(PersonaDocument)
    /// Changed on another device meanwhile: the owner's entries and the server's document, both kept.
    case conflict(PersonaConflict)
    case history([PersonaDocument])
    /// The server does not offer this part (its controls hide, its notice stands in their place).
    case notOffered(PersonaPart)
    /// An affirm or decline went through; the nominations as read after it.
    case resolved(PersonaDocument?, [PersonaNomination], String)
    case message(String)
}

/// The Persona page's keys and answers (it sits over the Settings screen, which hands it both).
extension PersonaPage {
    /// What a key asks of the screen around the page.
    enum Outcome {
        case stay([SettingsScreenEffect])
        /// Esc: back to the Settings screen.
        case leave
    }

    mutating func handle(_ event: ScreenEvent<SettingsScreenResult>) -> Outcome {
        if editing != nil {
            handleField(event)
            return .stay([])
        }
        guard case .key(let key) = event else { return .stay([]) }
        message = ""
        switch key {
        case KeyPress(.escape):
            if history != nil { history = nil; break }
            return .leave
        case KeyPress(.up): move(by: -1)
        case KeyPress(.down): move(by: 1)
        case .char("a") where conflict == nil: startAdding()
        case KeyPress(.enter):
            if conflict != nil {
                resolve(.keepBoth)
            } else if let nomination = selectedNomination {
                return .stay(resolveNomination(nomination, affirm: true))
            } else {
                startEditing()
            }
        case .char("d"):
            if let nomination = selectedNomination { return .stay(resolveNomination(nomination, affirm: false)) }
            removeSelected()
        case .char("["): moveSelected(by: -1)
        case .char("]"): moveSelected(by: 1)
        case .char("z"): discardChanges()
        case .char("t") where conflict != nil: resolve(.takeTheirs)
        case .char("m") where conflict != nil: resolve(.keepMine)
        case .char("s"): return .stay(save())
        case .char("g"): return .stay([.loadPersona])
        case .char("h"):
            if history != nil { history = nil; break }
            if let notice = access.notice(.history) { message = notice; break }
            return .stay([.loadPersonaHistory])
        default: break
        }
        return .stay([])
    }

    private mutating func handleField(_ event: ScreenEvent<SettingsScreenResult>) {
        let input: InputEvent
        switch event {
        case .key(KeyPress(.escape)): editing = nil; message = ""; return
        case .key(KeyPress(.enter)): commitEdit(); return
        case .key(let key): input = .key(key)
        // One entry is one line: a pasted newline becomes a space.
        case .paste(let text):
            input = .paste(text.replacingOccurrences(of: "\r\n", with: " ").replacingOccurrences(of: "\n", with: " "))
        case .result: return
        }
        guard var field = editing else { return }
        _ = field.input.handle(input, policy: .chat)
        editing = field
        message = ""
    }

    /// The limits first (nothing is sent when they refuse), then one write with the expected version.
    mutating func save() -> [SettingsScreenEffect] {
        guard !busy, document != nil else { return [] }
        guard conflict == nil else {
            message = "Choose first: Enter keeps both, t takes the server's, m keeps yours."
            return []
        }
        guard dirty else { message = "Nothing to save: this is the saved persona."; return [] }
        let problems = PersonaRules.problems(draft)
        guard problems.isEmpty else {
            message = problems.map(\.description).joined(separator: " ") + " Nothing was saved."
            return []
        }
        busy = true
        return [.savePersona(draft, expectedVersion: baseVersion)]
    }

    /// Affirming or declining changes the persona on the server: an unsaved draft would then be stale.
    private mutating func resolveNomination(_ nomination: PersonaNomination, affirm: Bool) -> [SettingsScreenEffect] {
        guard !busy else { return [] }
        guard !dirty else {
            message = "Save (s) or discard (z) your edit first: \(affirm ? "affirming" : "declining") changes the persona."
            return []
        }
        busy = true
        return [.resolveNomination(id: nomination.id, affirm: affirm)]
    }

    public mutating func apply(_ update: PersonaUpdate) {
        switch update {
        case .loaded(let overview?):
            unavailable = false
            access.persona = overview.access.persona
            // A part read as offered or missing this time; one not asked keeps what was known.
            if overview.access.nominations != .unknown { access.nominations = overview.access.nominations }
            show(overview.document, nominations: overview.openNominations)
        case .loaded(nil):
            unavailable = true
            access.persona = .notOffered
        case .saved(let saved):
            busy = false
            document = nil
            show(saved, nominations: nominations)
            message = "Saved (version \(saved.version))."
        case .conflict(let conflict):
            show(conflict)
        case .history(let versions):
            access.history = .offered
            history = versions
        case .notOffered(let part):
            busy = false
            access[part] = .notOffered
            message = access.notice(part) ?? ""
        case .resolved(let read, let open, let notice):
            busy = false
            if let read { document = nil; show(read, nominations: open) } else {
                nominations = PersonaRules.openNominations(open)
            }
            selection = min(selection, max(rowCount - 1, 0))
            message = notice
        case .message(let text):
            busy = false
            message = text
        }
    }
}
