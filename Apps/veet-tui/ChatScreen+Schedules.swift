import Foundation
import VeetCurses
import VeetSchedules

/// The Schedules screen's keys and what its calls report.
extension ChatScreen {
    func openSchedulesScreen() {
        state.schedulesScreen = SchedulesScreen()
        _ = backend.loadSchedules(states: [])
    }

    func handleSchedulesScreen(_ key: KeyPress) {
        guard var screen = state.schedulesScreen else { return }
        if screen.confirmingCancel {
            screen.confirmingCancel = false
            if key == .char("y"), let item = screen.selectedItem {
                screen.message = "Cancelling..."
                _ = backend.scheduleAction(.cancel, id: item.id, expectedRevision: revision(on: screen, of: item))
            }
            state.schedulesScreen = screen
            return
        }
        let count = screen.items?.count ?? 0
        let before = screen.selectedItem?.id
        switch key {
        case KeyPress(.escape):
            state.schedulesScreen = nil
            return
        case _ where ListNavigation.moves(key):
            screen.selected = ListNavigation.index(after: key, from: screen.selected, count: count)
        case .char("f"):
            screen.filter = screen.filter.next
            screen.message = ""
            _ = backend.loadSchedules(states: screen.filter.states)
        case .char("g"):
            screen.message = ""
            _ = backend.loadSchedules(states: screen.filter.states)
            if let item = screen.selectedItem { _ = backend.loadSchedule(id: item.id) }
        case .char("p"), .char("u"):
            guard let item = screen.selectedItem else { return }
            let pause = key == .char("p")
            screen.message = pause ? "Pausing..." : "Resuming..."
            _ = backend.scheduleAction(pause ? .pause : .resume, id: item.id,
                                       expectedRevision: revision(on: screen, of: item))
        case .char("n"):
            if var kept = state.keptScheduleForm {
                kept.notice = "What you typed before is back (Esc keeps it again)."
                screen.form = kept
                state.keptScheduleForm = nil
            } else {
                screen.form = ScheduleForm(creatingIn: TimeZone.current.identifier)
            }
        case .char("e"):
            guard let item = screen.selectedItem else { return }
            if item.state.isFinal {
                screen.message = "“\(item.title)” has ended (\(SchedulePage.stateWord(item.state))): it cannot be "
                    + "changed; n creates a new one."
            } else if let record = screen.selectedRecord {
                screen.form = ScheduleForm(editing: record, fallbackTimezone: TimeZone.current.identifier)
            } else {
                screen.message = "Still reading “\(item.title)”; e again in a moment."
            }
        case .char("x"), KeyPress(.delete):
            guard let item = screen.selectedItem else { return }
            if item.state.isFinal {
                screen.message = "“\(item.title)” has ended (\(SchedulePage.stateWord(item.state))): nothing to cancel."
            } else {
                screen.confirmingCancel = true
            }
        default: return
        }
        if let item = screen.selectedItem, item.id != before { _ = backend.loadSchedule(id: item.id) }
        state.schedulesScreen = screen
    }

    /// The revision the owner is looking at: the reading page's, else the list row's.
    private func revision(on screen: SchedulesScreen, of item: ScheduleListItem) -> Int {
        screen.selectedRecord?.schedule.currentRevision ?? item.currentRevision
    }

    func apply(_ update: SchedulesUpdate) {
        guard var screen = state.schedulesScreen else { return }
        switch update {
        case .listed(let items):
            let before = screen.selectedItem?.id
            screen.show(items)
            if let item = screen.selectedItem, item.id != before || screen.selectedRecord == nil {
                _ = backend.loadSchedule(id: item.id)
            }
        case .unavailable:
            screen.unavailable = true
        case .record(let record, let occurrences):
            screen.show(record, occurrences: occurrences)
        case .message(let text):
            screen.message = text
        case .saved(let record, let notice):
            screen.form = nil
            screen.message = notice
            screen.show(record, occurrences: screen.selectedRecord?.id == record.id ? nil : [])
            screen.pendingSelection = record.id
            _ = backend.loadSchedules(states: screen.filter.states)
        case .formRefused(let fields, let notice):
            screen.form?.refused(fields: fields, notice: notice)
        case .formConflict(let current, let description):
            screen.form?.conflicted(current: current, description: description)
            if let current { screen.show(current, occurrences: nil) }
        }
        state.schedulesScreen = screen
    }

    /// The create or edit form takes every key (and paste) while it is open.
    func handleScheduleForm(_ event: InputEvent) {
        guard var screen = state.schedulesScreen, var form = screen.form else { return }
        let now = Date()
        switch form.handle(event, now: now) {
        case .none:
            screen.form = form
        case .cancel:
            screen.form = nil
            if !form.isEditing, form.isChanged {
                form.isSaving = false
                state.keptScheduleForm = form
                screen.message = "No schedule was created; n brings back what you typed."
            } else {
                screen.message = form.isEditing ? "Nothing was changed." : "No schedule was created."
            }
        case .save(let draft):
            form.isSaving = true
            form.notice = ""
            if let base = form.base {
                _ = backend.editSchedule(draft, base: base, now: now)
            } else {
                let key = form.createKey(for: draft)
                _ = backend.createSchedule(draft, key: key, now: now)
            }
            screen.form = form
        }
        state.schedulesScreen = screen
    }
}
