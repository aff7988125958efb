import Foundation
import VeetCurses
import VeetSettings

/// The Persona page (PersonaPage.swift): its keys, and what its calls report.
extension ChatScreen {
    func openPersona() {
        // A draft left unsaved on the way out comes back as it was.
        state.personaPage = state.personaKept ?? PersonaPage()
        state.personaKept = nil
        _ = backend.loadPersona()
    }

    func handlePersonaPage(_ event: InputEvent) {
        guard var page = state.personaPage else { return }
        if page.editing != nil {
            handlePersonaField(event, &page)
            state.personaPage = page
            return
        }
        guard case .key(let key) = event else { return }
        page.message = ""
        switch key {
        case KeyPress(.escape):
            if page.history != nil { page.history = nil; break }
            // Nothing typed is lost: an unsaved draft is kept for the next visit.
            state.personaKept = page.dirty || page.conflict != nil ? page : nil
            state.personaPage = nil
            if state.personaKept != nil { state.settingsScreen?.message = "Your persona edit is not saved yet; it is kept until you return." }
            return
        case KeyPress(.up): page.move(by: -1)
        case KeyPress(.down): page.move(by: 1)
        case .char("a") where page.conflict == nil: page.startAdding()
        case KeyPress(.enter):
            if page.conflict != nil {
                page.resolve(.keepBoth)
            } else if let nomination = page.selectedNomination {
                resolveNomination(nomination, affirm: true, &page)
            } else {
                page.startEditing()
            }
        case .char("d"):
            if let nomination = page.selectedNomination { resolveNomination(nomination, affirm: false, &page) } else { page.removeSelected() }
        case .char("["): page.moveSelected(by: -1)
        case .char("]"): page.moveSelected(by: 1)
        case .char("z"): page.discardChanges()
        case .char("t") where page.conflict != nil: page.resolve(.takeTheirs)
        case .char("m") where page.conflict != nil: page.resolve(.keepMine)
        case .char("s"): savePersona(&page)
        case .char("g"): _ = backend.loadPersona()
        case .char("h"):
            if page.history == nil { _ = backend.loadPersonaHistory() } else { page.history = nil }
        default: break
        }
        state.personaPage = page
    }

    private func handlePersonaField(_ event: InputEvent, _ page: inout PersonaPage) {
        if case .key(let key) = event {
            if key == KeyPress(.escape) { page.editing = nil; page.message = ""; return }
            if key == KeyPress(.enter) { page.commitEdit(); return }
        }
        // One entry is one line: a pasted newline becomes a space.
        let flattened: InputEvent = if case .paste(let text) = event {
            .paste(text.replacingOccurrences(of: "\r\n", with: " ").replacingOccurrences(of: "\n", with: " "))
        } else { event }
        guard var editing = page.editing else { return }
        _ = editing.input.handle(flattened, policy: .chat)
        page.editing = editing
        page.message = ""
    }

    /// The limits first (nothing is sent when they refuse), then one write with the expected version.
    private func savePersona(_ page: inout PersonaPage) {
        guard !page.busy, page.document != nil else { return }
        guard page.conflict == nil else {
            page.message = "Choose first: Enter keeps both, t takes the server's, m keeps yours."
            return
        }
        guard page.dirty else { page.message = "Nothing to save: this is the saved persona."; return }
        let problems = PersonaRules.problems(page.draft)
        guard problems.isEmpty else {
            page.message = problems.map(\.description).joined(separator: " ") + " Nothing was saved."
            return
        }
        page.busy = true
        _ = backend.savePersona(page.draft, expectedVersion: page.baseVersion)
    }

    /// Affirming or declining changes the persona on the server: an unsaved draft would then be stale.
    private func resolveNomination(_ nomination: PersonaNomination, affirm: Bool, _ page: inout PersonaPage) {
        guard !page.busy else { return }
        guard !page.dirty else {
            page.message = "Save (s) or discard (z) your edit first: \(affirm ? "affirming" : "declining") changes the persona."
            return
        }
        page.busy = true
        _ = backend.resolveNomination(id: nomination.id, affirm: affirm)
    }

    func apply(_ update: PersonaUpdate) {
        guard var page = state.personaPage else { return }
        switch update {
        case .loaded(let document?, let nominations):
            page.unavailable = false
            page.show(document, nominations: nominations)
        case .loaded(nil, _):
            page.unavailable = true
        case .saved(let document):
            page.busy = false
            page.document = nil
            page.show(document, nominations: page.nominations)
            page.message = "Saved (version \(document.version))."
        case .conflict(let conflict):
            page.show(conflict)
        case .history(let versions):
            page.history = versions
        case .resolved(let document, let nominations, let notice):
            page.busy = false
            if let document { page.document = nil; page.show(document, nominations: nominations) } else {
                page.nominations = PersonaRules.openNominations(nominations)
            }
            page.selection = min(page.selection, max(page.rowCount - 1, 0))
            page.message = notice
        case .message(let text):
            page.busy = false
            page.message = text
        }
        state.personaPage = page
    }
}

extension Backend {
    func loadPersona() -> Task<Void, Never> {
        let api = settings
        return Task {
            do {
                guard let document = try await api.personaIfOffered() else {
                    inbox.post(.persona(.loaded(nil, [])))
                    return
                }
                inbox.post(.persona(.loaded(document, (try? await api.openNominations()) ?? [])))
            } catch {
                inbox.post(.persona(.message("Could not read the persona: \(Self.describe(error))")))
            }
        }
    }

    /// One write, never retried: a 409 comes back with both sides (`PersonaConflict`).
    func savePersona(_ entries: [PersonaEntry], expectedVersion: Int) -> Task<Void, Never> {
        let api = settings
        return Task {
            do {
                inbox.post(.persona(.saved(try await api.savePersona(entries, expectedVersion: expectedVersion))))
            } catch let conflict as PersonaConflict {
                inbox.post(.persona(.conflict(conflict)))
            } catch {
                inbox.post(.persona(.message("Not saved: \(Self.describe(error)). Your edit is kept.")))
            }
        }
    }

    func loadPersonaHistory() -> Task<Void, Never> {
        let api = settings
        return Task {
            do {
                inbox.post(.persona(.history(try await api.personaHistory())))
            } catch {
                inbox.post(.persona(.message("Could not read the history: \(Self.describe(error))")))
            }
        }
    }

    func resolveNomination(id: String, affirm: Bool) -> Task<Void, Never> {
        let api = settings
        return Task {
            do {
                if affirm {
                    let document = try await api.affirm(nominationID: id)
                    inbox.post(.persona(.resolved(document, (try? await api.openNominations()) ?? [], "Affirmed: added to your persona.")))
                } else {
                    _ = try await api.decline(nominationID: id)
                    inbox.post(.persona(.resolved(nil, (try? await api.openNominations()) ?? [], "Declined.")))
                }
            } catch {
                inbox.post(.persona(.message("Not \(affirm ? "affirmed" : "declined"): \(Self.describe(error))")))
            }
        }
    }
}
