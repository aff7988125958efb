import Foundation
import VeetCurses
import VeetSchedules
import VeetTokens
import VeetTransport

/// The Schedules screen's create and edit form: title, instruction, cadence
/// in words, time zone. The rules are VeetSchedules' `ScheduleDraft`; this
/// value holds what is typed, draws it and says each refusal under its field.
/// Nothing typed is ever dropped: a refusal, a server error or a 409 leaves
/// every field as it was.
public struct ScheduleForm: Sendable {
    public enum Action: Sendable, Equatable {
        case none, cancel
        /// Every local rule passed: send it.
        case save(ScheduleDraft)
    }

    public typealias Field = ScheduleDraft.Field

    /// The schedule being edited as last read (nil: a new schedule). A 409
    /// replaces it with the record read back, so the next save sends that revision.
    public var base: ScheduleRecord?
    /// The draft the form opened on (it remembers the original cadence for an edit).
    public let opened: ScheduleDraft
    public var title: TextInput
    public var instruction: TextInput
    public var cadence: TextInput
    public var timezone: TextInput
    public var field = Field.title
    public var refusals: [Field: String] = [:]
    /// About the whole schedule: a server refusal, a conflict, "Saving...".
    public var notice = ""
    public var isSaving = false
    /// The key of the last create sent and what it was sent for: the same draft
    /// sent again replays (a lost answer), a changed one is a new request.
    public var lastCreate: (draft: ScheduleDraft, key: IdempotencyKey)?

    public init(creatingIn timezone: String) {
        let draft = ScheduleDraft(timezone: timezone)
        opened = draft
        title = TextInput()
        instruction = TextInput()
        cadence = TextInput()
        self.timezone = TextInput(text: timezone)
    }

    public init(editing record: ScheduleRecord, fallbackTimezone: String) {
        let draft = ScheduleDraft(record.revision.definition, fallbackTimezone: fallbackTimezone)
        base = record
        opened = draft
        title = TextInput(text: draft.title)
        instruction = TextInput(text: draft.instruction)
        cadence = TextInput(text: draft.cadence)
        timezone = TextInput(text: draft.timezone)
    }

    public var isEditing: Bool { base != nil }

    /// Whether anything was typed since the form opened.
    public var isChanged: Bool { draft != opened }

    public var draft: ScheduleDraft {
        var draft = opened
        draft.title = title.text
        draft.instruction = instruction.text
        draft.cadence = cadence.text
        draft.timezone = timezone.text
        return draft
    }

    /// The key for sending `draft` as a new schedule.
    public mutating func createKey(for draft: ScheduleDraft) -> IdempotencyKey {
        if let lastCreate, lastCreate.draft == draft { return lastCreate.key }
        let key = IdempotencyKey()
        lastCreate = (draft, key)
        return key
    }

    public mutating func handle(_ event: InputEvent, now: Date) -> Action {
        guard !isSaving else { return .none }
        if case .key(let key) = event {
            switch key {
            case KeyPress(.escape): return .cancel
            case .char("s", .control): return submit(now: now)
            case KeyPress(.tab): move(by: 1); return .none
            case KeyPress(.tab, .shift): move(by: -1); return .none
            case KeyPress(.up) where field != .instruction: move(by: -1); return .none
            case KeyPress(.down) where field != .instruction: move(by: 1); return .none
            default: break
            }
        }
        // Only the instruction holds more than one line.
        let flattened: InputEvent = if field != .instruction, case .paste(let text) = event {
            .paste(text.replacingOccurrences(of: "\r", with: "").replacingOccurrences(of: "\n", with: " "))
        } else { event }
        var input = self[field]
        let outcome = input.handle(flattened, policy: .chat)
        self[field] = input
        switch outcome {
        case .edited: refusals[field] = nil
        case .submit:
            if field == Field.allCases.last { return submit(now: now) }
            move(by: 1)
        case .moved, .ignored: break
        }
        return .none
    }

    private mutating func move(by step: Int) {
        let fields = Field.allCases
        let index = fields.firstIndex(of: field) ?? 0
        field = fields[(index + step + fields.count) % fields.count]
    }

    /// Checks every rule; a refusal moves to its field and sends nothing.
    private mutating func submit(now: Date) -> Action {
        let draft = self.draft
        refusals = draft.refusals(now: now)
        if let first = Field.allCases.first(where: { refusals[$0] != nil }) {
            field = first
            notice = ""
            return .none
        }
        return .save(draft)
    }

    /// The server refused it: the reasons beside their fields (or for the whole form); the text stays.
    public mutating func refused(fields: [Field: String], notice: String) {
        isSaving = false
        refusals.merge(fields) { _, new in new }
        self.notice = notice
        if let first = Field.allCases.first(where: { fields[$0] != nil }) { field = first }
    }

    /// A 409 on an edit: the text stays, the base moves to what is there now.
    public mutating func conflicted(current: ScheduleRecord?, description: String) {
        isSaving = false
        guard let before = base, let current else {
            notice = description
            return
        }
        base = current
        notice = current.schedule.state.isFinal ? description
            : ScheduleChanges.sentence(before, current)
                + " Your text is kept: Ctrl-S saves it over revision \(current.schedule.currentRevision), Esc drops it."
    }

    public subscript(field: Field) -> TextInput {
        get {
            switch field {
            case .title: title
            case .instruction: instruction
            case .cadence: cadence
            case .timezone: timezone
            }
        }
        set {
            switch field {
            case .title: title = newValue
            case .instruction: instruction = newValue
            case .cadence: cadence = newValue
            case .timezone: timezone = newValue
            }
        }
    }

    // MARK: Drawing

    static let fill = TextStyle(foreground: .ink, background: .paperDeep)
    static let label = TextStyle(attributes: .bold, foreground: .ink, background: .paperDeep)
    static let quiet = TextStyle(foreground: .inkSoft, background: .paperDeep)
    static let refusal = TextStyle(attributes: .bold, foreground: .red, background: .paperDeep)
    static let cadenceHint = "daily 08:00 · weekly mon,fri 08:30 · monthly 1,15,last 09:00 · yearly 02-14 07:00 · "
        + "once 2026-12-24T18:00:00Z"

    /// The form's keys, at the foot of its box (Ctrl-P lists them).
    public static let keyLine = "Tab next field  Enter next (on the last: save)  Ctrl-S save  Esc cancel"

    public var heading: String {
        guard let base else { return " New schedule " }
        return " Edit “\(TextFitting.truncate(base.revision.definition.title, width: 40))” · revision "
            + "\(base.schedule.currentRevision) "
    }

    /// A box over the Schedules screen; the instruction takes the rows left.
    public func draw(in grid: inout ScreenGrid, styles: WidgetStyles) {
        let width = min(grid.width - 4, 110), height = min(grid.height - 2, 30)
        let rect = GridRect(row: max((grid.height - height) / 2, 0), column: max((grid.width - width) / 2, 0),
                            width: width, height: height)
        let inside = Box.draw(in: &grid, rect: rect, title: heading, fill: Self.fill,
                              border: TextStyle(foreground: .hairline, background: .paperDeep), titleStyle: Self.label)
        guard inside.height >= 14, inside.width >= 20 else { return }
        // Fixed rows: 3 per one-line field, 2 around the instruction, the agent line, 2 of notice, the keys.
        let instructionRows = max(inside.height - 15, 1)
        var row = inside.row
        let underInstruction = refusals[.instruction]
            ?? "\(draft.instruction.unicodeScalars.count) characters · Alt-Enter or Ctrl-J: new line"
        row = drawField(.title, "Title", rows: 1, under: refusals[.title], row: row, inside: inside, grid: &grid,
                        placeholder: "such as: Morning briefing", styles: styles)
        row = drawField(.instruction, "Instruction", rows: instructionRows, under: underInstruction, row: row,
                        inside: inside, grid: &grid, placeholder: "what the agent is asked each time", styles: styles,
                        underIsRefusal: refusals[.instruction] != nil)
        let words = draft.cadenceInWords
        row = drawField(.cadence, "Cadence", rows: 1, under: refusals[.cadence] ?? words.map { "→ " + $0 } ?? Self.cadenceHint,
                        row: row, inside: inside, grid: &grid, placeholder: "such as: daily 08:00", styles: styles,
                        underIsRefusal: refusals[.cadence] != nil)
        row = drawField(.timezone, "Time zone", rows: 1, under: refusals[.timezone], row: row, inside: inside,
                        grid: &grid, placeholder: "Europe/Paris (ignored for once)", styles: styles)
        let agent = isEditing ? "The agent, scopes and limits stay as they are."
            : "Runs your latest conversation's agent, with the default limits."
        _ = grid.put(agent, row: row, column: inside.column, style: Self.quiet, limit: inside.right)
        row += 1
        let status = isSaving ? (isEditing ? "Saving..." : "Creating...") : notice
        for (index, line) in TextFitting.wrap(status, width: inside.width).prefix(2).enumerated() {
            _ = grid.put(line, row: row + index, column: inside.column, style: isSaving ? Self.quiet : Self.refusal,
                         limit: inside.right)
        }
        _ = grid.put(Self.keyLine, row: inside.row + inside.height - 1, column: inside.column, style: Self.quiet,
                     limit: inside.right)
    }

    /// The label, the input, and the line under it (a refusal, else a hint); returns the next row.
    private func drawField(_ which: Field, _ name: String, rows: Int, under: String?, row: Int, inside: GridRect,
                           grid: inout ScreenGrid, placeholder: String, styles: WidgetStyles,
                           underIsRefusal: Bool? = nil) -> Int {
        let marker = field == which ? "▸ " : "  "
        _ = grid.put(marker + name, row: row, column: inside.column, style: Self.label, limit: inside.right)
        var input = self[which]
        input.draw(in: &grid, rect: GridRect(row: row + 1, column: inside.column + 2, width: inside.width - 2, height: rows),
                   placeholder: placeholder, focused: field == which && !isSaving, styles: styles)
        let isRefusal = underIsRefusal ?? (under != nil)
        if let under {
            _ = grid.put(TextFitting.truncate(under, width: inside.width - 2), row: row + 1 + rows,
                         column: inside.column + 2, style: isRefusal ? Self.refusal : Self.quiet, limit: inside.right)
        }
        return row + 2 + rows
    }
}
