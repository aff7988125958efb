import Foundation
import VeetCurses
import VeetSettings
import VeetTokens

/// The persona page (Enter on the Settings screen's Persona card): the ordered
/// entries as a card of rows, the owner's draft edited in place (add, edit,
/// remove, reorder) and saved whole with the version it was based on; a
/// conflict in an amber-edged card keeping both sides; the history; and each
/// open nomination from memory in an amber-edged card, Affirm filled and
/// Decline quiet. The limits are VeetSettings' (`PersonaRules`); a part the server lacks
/// (`PersonaAccess`) hides its controls and says so in their place.
public struct PersonaPage: Sendable {
    /// The document as last read; nil until read.
    public var document: PersonaDocument?
    public var unavailable = false
    /// Which persona parts the server offers: a part it lacks hides its controls and
    /// `access.notice(_:)` stands where they would be (nominations on an older persona).
    public var access = PersonaAccess()
    /// The owner's entries, saved whole on `s`; `baseVersion` is the version it is based on.
    public var draft: [PersonaEntry] = []
    public var baseVersion = 0
    public var nominations: [PersonaNomination] = []
    /// Rows: the entries, then the nominations.
    public var selection = 0
    /// The entry being typed: its index (`draft.count` for a new one) and text.
    public var editing: (index: Int, input: TextInput)?
    public var conflict: PersonaConflict?
    /// Earlier versions, shown instead of the entries while set.
    public var history: [PersonaDocument]?
    public var message = ""
    public var busy = false

    public init() {}

    public var dirty: Bool { document.map { draft != $0.entries } ?? !draft.isEmpty }
    public var rowCount: Int { draft.count + nominations.count }
    public var selectedEntry: Int? { selection < draft.count ? selection : nil }
    public var selectedNomination: PersonaNomination? {
        let index = selection - draft.count
        return nominations.indices.contains(index) ? nominations[index] : nil
    }

    /// A fresh read: the draft follows it unless the owner has unsaved changes.
    public mutating func show(_ read: PersonaDocument, nominations open: [PersonaNomination]) {
        let keepDraft = dirty && document != nil
        document = read
        nominations = PersonaRules.openNominations(open)
        if !keepDraft {
            draft = read.entries
            baseVersion = read.version
        }
        selection = min(selection, max(rowCount - 1, 0))
    }

    public mutating func move(by step: Int) {
        guard rowCount > 0 else { return }
        selection = max(0, min(rowCount - 1, selection + step))
    }

    // MARK: Editing the draft

    public mutating func startAdding() {
        guard draft.count < PersonaRules.maxEntries else {
            message = "At most \(PersonaRules.maxEntries) entries: remove one first."
            return
        }
        editing = (draft.count, TextInput())
    }

    public mutating func startEditing() {
        guard let index = selectedEntry else { return }
        editing = (index, TextInput(text: draft[index].text))
    }

    /// Enter in the field: the text checked against the limits, then into the draft.
    public mutating func commitEdit() {
        guard let (index, input) = editing else { return }
        let text = input.text.trimmingCharacters(in: .whitespacesAndNewlines)
        let length = PersonaRules.length(text)
        guard length >= 1 else {
            message = "An entry needs some text (1-\(PersonaRules.maxEntryLength) characters); Esc leaves it."
            return
        }
        guard length <= PersonaRules.maxEntryLength else {
            message = "\(length) characters: an entry holds at most \(PersonaRules.maxEntryLength). Shorten it; nothing is lost."
            return
        }
        if index < draft.count {
            // A changed text is the owner's own; an unchanged one keeps its provenance.
            if draft[index].text != text { draft[index] = PersonaEntry(text: text, source: .userEdit) }
        } else {
            draft.append(PersonaEntry(text: text, source: .userEdit))
        }
        selection = index
        editing = nil
        message = "Changed, not saved yet: s saves."
    }

    public mutating func removeSelected() {
        guard let index = selectedEntry else { return }
        draft.remove(at: index)
        selection = min(selection, max(rowCount - 1, 0))
        message = "Removed, not saved yet: s saves, z brings the saved list back."
    }

    public mutating func moveSelected(by step: Int) {
        guard let index = selectedEntry, draft.indices.contains(index + step) else { return }
        draft.swapAt(index, index + step)
        selection = index + step
    }

    public mutating func discardChanges() {
        guard let document else { return }
        draft = document.entries
        baseVersion = document.version
        conflict = nil
        selection = min(selection, max(rowCount - 1, 0))
        message = "Back to the saved persona (version \(document.version))."
    }

    // MARK: A conflict

    public mutating func show(_ conflict: PersonaConflict) {
        self.conflict = conflict
        document = conflict.theirs
        draft = conflict.mine
        busy = false
        message = conflict.description
    }

    public enum Resolution: Sendable { case keepBoth, takeTheirs, keepMine }

    /// The owner's choice, as a new draft based on the server's version (saved with `s`).
    public mutating func resolve(_ resolution: Resolution) {
        guard let conflict else { return }
        switch resolution {
        case .keepBoth: draft = Array(conflict.combined.prefix(PersonaRules.maxEntries))
        case .takeTheirs: draft = conflict.theirs.entries
        case .keepMine: draft = conflict.mine
        }
        baseVersion = conflict.theirs.version
        self.conflict = nil
        selection = 0
        message = resolution == .takeTheirs ? "Showing the server's persona." : "Not saved yet: s saves it over version \(baseVersion)."
        if resolution == .keepBoth && conflict.combined.count > PersonaRules.maxEntries {
            message = "Both together are more than \(PersonaRules.maxEntries) entries; the last were left out of the draft."
        }
    }

    // MARK: Drawing

    static let page = SettingsScreen.page
    static let surface = SettingsScreen.surface
    static let title = SettingsScreen.title
    static let quietStyle = SettingsScreen.quiet
    static let label = SettingsScreen.label
    static let chosen = TextStyle(attributes: .bold, foreground: .ink, background: .tealWash, substitute: .reverse)
    static let attention = SettingsScreen.attention
    static let amberEdge = TextStyle(foreground: .amberLine, background: .paper)
    static let pageHeading = TextStyle(attributes: .bold, foreground: .inkSoft, background: .paper)

    /// One drawn row: the line, the card edge it sits behind, and whether it is the selected row.
    public struct Row: Sendable {
        public var line: StyledLine
        public var edge: TextStyle?
        public var selected = false
        /// The entry field goes here (its text drawn by TextInput).
        public var field = false
    }

    public func rows(width: Int) -> [Row] {
        func wrapped(_ text: String, style: TextStyle = Self.quietStyle, edge: TextStyle? = SettingsScreen.edge) -> [Row] {
            TextFitting.wrapWords(text, width: max(width - 4, 20)).map { Row(line: [StyledRun($0, style: style)], edge: edge) }
        }
        func capsule(_ text: String, filled: Bool) -> StyledRun {
            StyledRun(" \(text) ", style: filled ? SettingsScreen.primary : Self.label)
        }
        var rows: [Row] = []
        if unavailable {
            return wrapped("This server has no persona.", style: Self.surface)
        }
        guard let document else { return [Row(line: [StyledRun("Loading...", style: Self.quietStyle)], edge: SettingsScreen.edge)] }
        if let conflict {
            let edge = Self.amberEdge
            rows.append(Row(line: [StyledRun("Changed on another device", style: Self.attention)], edge: edge))
            rows += wrapped(conflict.description, edge: edge)
            rows.append(Row(line: [StyledRun("Only in your edit:", style: Self.label)], edge: edge))
            rows += conflict.onlyMine.flatMap { wrapped("+ " + $0.text, style: Self.surface, edge: edge) }
            rows.append(Row(line: [StyledRun("Only on the server:", style: Self.label)], edge: edge))
            rows += conflict.onlyTheirs.flatMap { wrapped("· " + $0.text, style: Self.surface, edge: edge) }
            rows.append(Row(line: [capsule("Keep both", filled: true),
                                   StyledRun("  t take the server's  m keep mine", style: Self.quietStyle)], edge: edge))
            rows.append(Row(line: [], edge: nil))
        }
        if let history {
            rows.append(Row(line: [StyledRun("History", style: Self.title), StyledRun("  newest first · h back", style: Self.quietStyle)],
                            edge: SettingsScreen.edge))
            if history.isEmpty { rows += wrapped("No earlier versions.") }
            for version in history {
                let when = version.createdAt?.text ?? "unknown time"
                rows.append(Row(line: [StyledRun("Version \(version.version)", style: Self.label),
                                       StyledRun("  \(when) · \(version.source?.label ?? "") · \(version.entries.count) entries",
                                                 style: Self.quietStyle)], edge: SettingsScreen.edge))
                for entry in version.entries { rows += wrapped("  " + entry.text, style: Self.surface) }
            }
            return rows
        }
        var heading: StyledLine = [StyledRun("Persona", style: Self.title),
                                   StyledRun("  version \(document.version) · \(draft.count) of \(PersonaRules.maxEntries) entries",
                                             style: Self.quietStyle)]
        if dirty { heading.append(StyledRun(" · changed, not saved yet", style: Self.attention)) }
        rows.append(Row(line: heading, edge: SettingsScreen.edge))
        rows += wrapped("Your standing instructions to Veetbot, in order. Each entry is 1-\(PersonaRules.maxEntryLength) characters.")
        if draft.isEmpty && editing == nil { rows += wrapped("No entries yet: a adds one.", style: Self.surface) }
        for (index, entry) in draft.enumerated() {
            if let editing, editing.index == index {
                rows.append(Row(line: [StyledRun(String(format: "%2d ", index + 1), style: Self.label)], edge: SettingsScreen.edge,
                                selected: true, field: true))
                continue
            }
            let origin = entry.source == .affirmation ? "  from memory" : ""
            let number = StyledRun(String(format: "%2d ", index + 1), style: Self.label)
            let selected = selection == index && editing == nil
            let text = TextFitting.truncate(entry.text, width: max(width - 6 - origin.count, 10))
            rows.append(Row(line: [number, StyledRun(text, style: selected ? Self.chosen : Self.surface),
                                   StyledRun(origin, style: Self.quietStyle)], edge: SettingsScreen.edge, selected: selected))
        }
        if let editing, editing.index == draft.count {
            rows.append(Row(line: [StyledRun(String(format: "%2d ", editing.index + 1), style: Self.label)], edge: SettingsScreen.edge,
                            selected: true, field: true))
        }
        if let editing {
            let count = PersonaRules.length(editing.input.text)
            rows.append(Row(line: [StyledRun("   \(count)/\(PersonaRules.maxEntryLength)  Enter keep  Esc leave it", style: Self.quietStyle)],
                            edge: SettingsScreen.edge))
        }
        rows.append(Row(line: [capsule(busy ? "Saving..." : "Save", filled: selectedNomination == nil),
                               StyledRun("  a add  Enter edit  d remove  [ ] move  z discard" + (access.offers(.history) ? "  h history" : ""),
                                         style: Self.quietStyle)], edge: SettingsScreen.edge))
        if !nominations.isEmpty {
            rows.append(Row(line: [], edge: nil))
            rows.append(Row(line: [StyledRun("From memory", style: Self.title),
                                   StyledRun("  \(nominations.count) suggested", style: Self.quietStyle)], edge: nil))
        }
        if let notice = access.notice(.nominations) {
            // Where the suggestions from memory would be: why there are none (the rest keeps working).
            rows.append(Row(line: [], edge: nil))
            rows.append(Row(line: [StyledRun("From memory", style: Self.title)], edge: nil))
            rows += wrapped(notice)
        }
        for (offset, nomination) in nominations.enumerated() {
            let selected = selection == draft.count + offset
            rows.append(Row(line: [], edge: nil))
            rows += wrapped(nomination.statement, style: Self.surface, edge: Self.amberEdge)
            var facts = [nomination.beliefType, nomination.authority].compactMap { $0 }
            if nomination.corroborationCount > 1 { facts.append("seen \(nomination.corroborationCount) times") }
            if !facts.isEmpty { rows += wrapped(facts.joined(separator: " · "), edge: Self.amberEdge) }
            rows.append(Row(line: [capsule("Affirm", filled: selected), StyledRun("  ", style: Self.surface),
                                   StyledRun(" Decline ", style: Self.quietStyle),
                                   StyledRun(selected ? "  Enter affirm  d decline" : "", style: Self.quietStyle)],
                            edge: Self.amberEdge, selected: selected))
        }
        return rows
    }

    /// The footer's keys; Ctrl-P lists the same.
    public static let keyHints = "↑↓ rows  s save  g reload  Esc back to Settings"

    public func draw(in grid: inout ScreenGrid, styles: WidgetStyles = .standard) {
        let (left, width) = CardPage.drawFrame("Persona", in: &grid, page: Self.page)
        let all = rows(width: width)
        let visible = grid.height - 3
        let focus = all.lastIndex { $0.selected } ?? 0
        let top = focus >= visible ? focus - visible + 2 : 0
        grid.cursor = nil
        for (offset, entry) in all.dropFirst(max(top, 0)).prefix(visible).enumerated() {
            let row = 2 + offset
            // A heading between cards sits on the page itself.
            guard let edge = entry.edge else {
                _ = grid.put(entry.line.map { StyledRun($0.text, style: Self.pageHeading) }, row: row, column: left + 1,
                             limit: left + width - 1)
                continue
            }
            grid.fill(GridRect(row: row, column: left, width: width, height: 1), style: Self.surface)
            _ = grid.put(edge.foreground == .amberLine ? "▌" : "│", row: row, column: left - 1, style: edge)
            let end = grid.put(entry.line, row: row, column: left + 1, limit: left + width - 1)
            if entry.field, var input = editing?.input {
                input.draw(in: &grid, rect: GridRect(row: row, column: end, width: max(left + width - 1 - end, 10), height: 1),
                           placeholder: "type the entry", focused: true, styles: styles)
            }
        }
        CardPage.drawFooter(keys: Self.keyHints, message: message, in: &grid)
    }
}
