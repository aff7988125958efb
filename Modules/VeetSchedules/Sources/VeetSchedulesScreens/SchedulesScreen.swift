import Foundation
import VeetCurses
import VeetSchedules
import VeetTransport

/// The Schedules screen (F4): the schedules (title, state, next run) beside a
/// reading page of the selected one — its full instruction, the cadence in
/// words (`CadenceText`), the next fire times (the server's next run, then
/// `FireTimes`) and its recent occurrences — with a create and edit form over
/// it (`ScheduleForm`). Everything shown is computed by VeetSchedules; this
/// value holds what was read, takes keys and answers (`update`) and draws it
/// (`SchedulesScreen+Paint.swift`).
///
/// A new schedule's form left with Esc after something was typed is kept: the
/// screen hands it to the shell as a `SchedulesScreenRoute.keep` value (nothing
/// typed is lost, even when the screen is closed meanwhile, say to start the
/// conversation its agent comes from), and the shell mounts the next screen
/// with it (`init(kept:)`), where `n` brings it back.
public struct SchedulesScreen: FeatureScreen {
    /// Which states the list shows (`f` cycles); sent to the feature's list, which applies it too.
    public enum Filter: CaseIterable, Sendable {
        case all, active, paused, ended

        public var states: Set<ScheduleState> {
            switch self {
            case .all: []
            case .active: [.active]
            case .paused: [.paused]
            case .ended: [.completed, .cancelled]
            }
        }

        public var label: String {
            switch self {
            case .all: "all"
            case .active: "active"
            case .paused: "paused"
            case .ended: "ended"
            }
        }

        public var next: Filter {
            let all = Filter.allCases
            return all[(all.firstIndex(of: self)! + 1) % all.count]
        }
    }

    public var items: [ScheduleListItem]?
    public var filter = Filter.all
    /// The server does not offer schedules (404/405/400 on the list): a plain page, never an error.
    public var unavailable = false
    public var selected = 0
    /// The selected schedule as last read, with its recent occurrences.
    public var record: ScheduleRecord?
    public var occurrences: [ScheduleOccurrence] = []
    /// `x` pressed once: waiting for `y` to cancel the selected schedule.
    public var confirmingCancel = false
    /// `n` (new) or `e` (edit): the form over the screen, which takes every key while open.
    public var form: ScheduleForm?
    /// A new schedule's form left with Esc after something was typed: `n` brings it back.
    public var kept: ScheduleForm?
    public var message = "Loading..."
    /// The time zone a new schedule starts in (this machine's).
    public var timezone: String
    /// A schedule just created: selected when the list read after it brings it.
    public var pendingSelection: String?

    public init(kept: ScheduleForm? = nil, timezone: String = TimeZone.current.identifier) {
        self.kept = kept
        self.timezone = timezone
    }

    public var selectedItem: ScheduleListItem? {
        guard let items, items.indices.contains(selected) else { return nil }
        return items[selected]
    }

    /// The selected schedule's record, when the one read is still the one selected.
    public var selectedRecord: ScheduleRecord? {
        guard let record, record.id == selectedItem?.id else { return nil }
        return record
    }

    public var openingEffects: [SchedulesScreenEffect] { [.list(filter.states)] }

    // MARK: Keys and answers

    public mutating func update(_ event: ScreenEvent<SchedulesScreenResult>) -> ScreenStep<SchedulesScreenEffect, SchedulesScreenRoute> {
        switch event {
        case .key(let key):
            if form != nil { return handleForm(.key(key)) }
            return handle(key)
        case .paste(let text):
            return form != nil ? handleForm(.paste(text)) : .ignored
        case .result(let result):
            return ScreenStep(effects: apply(result))
        }
    }

    private mutating func handle(_ key: KeyPress) -> ScreenStep<SchedulesScreenEffect, SchedulesScreenRoute> {
        if confirmingCancel {
            confirmingCancel = false
            guard key == .char("y"), let item = selectedItem else { return .none }
            message = "Cancelling..."
            return .run(.act(.cancel, id: item.id, expectedRevision: revision(of: item)))
        }
        let before = selectedItem?.id
        var effects: [SchedulesScreenEffect] = []
        var route: SchedulesScreenRoute?
        switch key {
        case KeyPress(.escape):
            return .close
        case _ where ListNavigation.moves(key):
            selected = ListNavigation.index(after: key, from: selected, count: items?.count ?? 0)
        case .char("f"):
            filter = filter.next
            message = ""
            effects.append(.list(filter.states))
        case .char("g"):
            message = ""
            effects.append(.list(filter.states))
            if let item = selectedItem { effects.append(.read(id: item.id)) }
        case .char("p"), .char("u"):
            guard let item = selectedItem else { return .none }
            let pause = key == .char("p")
            message = pause ? "Pausing..." : "Resuming..."
            effects.append(.act(pause ? .pause : .resume, id: item.id, expectedRevision: revision(of: item)))
        case .char("n"):
            if var kept {
                kept.notice = "What you typed before is back (Esc keeps it again)."
                form = kept
                self.kept = nil
                route = .keep(nil)
            } else {
                form = ScheduleForm(creatingIn: timezone)
            }
        case .char("e"):
            guard let item = selectedItem else { return .none }
            if item.state.isFinal {
                message = "“\(item.title)” has ended (\(SchedulePage.stateWord(item.state))): it cannot be "
                    + "changed; n creates a new one."
            } else if let record = selectedRecord {
                form = ScheduleForm(editing: record, fallbackTimezone: timezone)
            } else {
                message = "Still reading “\(item.title)”; e again in a moment."
            }
        case .char("x"), KeyPress(.delete):
            guard let item = selectedItem else { return .none }
            if item.state.isFinal {
                message = "“\(item.title)” has ended (\(SchedulePage.stateWord(item.state))): nothing to cancel."
            } else {
                confirmingCancel = true
            }
        default: return .ignored
        }
        if let item = selectedItem, item.id != before { effects.append(.read(id: item.id)) }
        return ScreenStep(effects: effects, route: route)
    }

    /// The revision the owner is looking at: the reading page's, else the list row's.
    private func revision(of item: ScheduleListItem) -> Int {
        selectedRecord?.schedule.currentRevision ?? item.currentRevision
    }

    /// The create or edit form takes every key (and paste) while it is open.
    private mutating func handleForm(_ event: InputEvent) -> ScreenStep<SchedulesScreenEffect, SchedulesScreenRoute> {
        guard var form else { return .none }
        switch form.handle(event, now: Date()) {
        case .none:
            self.form = form
        case .cancel:
            self.form = nil
            if !form.isEditing, form.isChanged {
                form.isSaving = false
                kept = form
                message = "No schedule was created; n brings back what you typed."
                return ScreenStep(route: .keep(form))
            }
            message = form.isEditing ? "Nothing was changed." : "No schedule was created."
        case .save(let draft):
            form.isSaving = true
            form.notice = ""
            defer { self.form = form }
            if let base = form.base { return .run(.edit(draft, base: base)) }
            return .run(.create(draft, key: form.createKey(for: draft)))
        }
        return .none
    }

    /// An answer of the screen's work; returns the reads it calls for.
    public mutating func apply(_ result: SchedulesScreenResult) -> [SchedulesScreenEffect] {
        switch result {
        case .listed(let items):
            let before = selectedItem?.id
            show(items)
            if let item = selectedItem, item.id != before || selectedRecord == nil { return [.read(id: item.id)] }
        case .unavailable:
            unavailable = true
        case .record(let record, let occurrences):
            show(record, occurrences: occurrences)
        case .message(let text):
            message = text
        case .saved(let record, let notice):
            form = nil
            message = notice
            show(record, occurrences: selectedRecord?.id == record.id ? nil : [])
            pendingSelection = record.id
            return [.list(filter.states)]
        case .formRefused(let fields, let notice):
            form?.refused(fields: fields, notice: notice)
        case .formConflict(let current, let description):
            form?.conflicted(current: current, description: description)
            if let current { show(current, occurrences: nil) }
        }
        return []
    }

    public mutating func show(_ items: [ScheduleListItem]) {
        let previous = pendingSelection.flatMap { id in items.contains { $0.id == id } ? id : nil } ?? selectedItem?.id
        if previous == pendingSelection { pendingSelection = nil }
        self.items = items
        selected = items.firstIndex { $0.id == previous } ?? min(selected, max(items.count - 1, 0))
        if message == "Loading..." { message = "" }
    }

    /// A record read (after a selection, an action, or a conflict) also updates its list row.
    public mutating func show(_ record: ScheduleRecord, occurrences: [ScheduleOccurrence]?) {
        self.record = record
        if let occurrences { self.occurrences = occurrences }
        guard let index = items?.firstIndex(where: { $0.id == record.id }) else { return }
        items?[index].state = record.schedule.state
        items?[index].pauseReason = record.schedule.pauseReason
        items?[index].currentRevision = record.schedule.currentRevision
        items?[index].nextFireAt = record.schedule.nextFireAt
        items?[index].title = record.revision.definition.title
    }

    // MARK: Keys shown

    /// The screen's keys, one table: the footer is written from it and Ctrl-P lists it.
    public static let keys: [(key: String, title: String)] = [
        ("n", "new"), ("e", "edit"), ("p", "pause"), ("u", "resume"), ("x", "cancel"), ("f", "filter"), ("g", "refresh"),
    ]

    /// " ↑↓ choose  n new  ...  Esc close"; where it would not fit `width`, without " ↑↓ choose".
    public static func footer(width: Int = .max) -> String {
        let actions = keys.map { "\($0.key) \($0.title)" }.joined(separator: "  ") + "  Esc close"
        let full = " ↑↓ choose  " + actions
        return full.count <= width ? full : " " + actions
    }

    /// The footer's keys, or the form's own key line while the form is open (Ctrl-P offers those).
    public func keyHints(width: Int, now: Date) -> String {
        if form != nil { return ScheduleForm.keyLine }
        return unavailable ? " Esc close" : Self.footer(width: width)
    }
}
