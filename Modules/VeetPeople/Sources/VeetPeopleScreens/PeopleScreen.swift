import Foundation
import VeetCurses
import VeetPeople
import VeetTokens

/// The People screen (F6 in veet-tui): the directory on the
/// left with Pinned and Needs review at the top, each name beside its initials
/// on a teal wash and the chosen person in the selected tint; the profile as a
/// reading page on the right. Prepare for a conversation is the primary action
/// (Enter), Pin and Repair identity the secondary ones, Rename and Forget
/// person quiet ones; the merge preview, Repair identity and the forget
/// confirmation are sheets. Needs review also holds each possible duplicate
/// (the merge suggestions, answered Merge or Not the same on the profile).
/// Everything shown is computed by VeetPeople; this value holds what was read,
/// takes keys and answers (`update`, PeopleScreen+Keys.swift) and draws it.
public struct PeopleScreen: FeatureScreen {
    /// One line of the directory: a group heading or a person.
    public enum Row: Equatable, Sendable {
        case heading(String)
        case person(Person)
    }

    /// A line typed on the screen (a new name, the forget confirmation) or a sheet over it.
    public enum Sheet: Sendable {
        case rename(TextInput)
        case forget(ErasureView, TextInput)
        case identity(IdentitySheet)
        case mergeTarget(MergeTargetPicker)
        case repair(RepairPicker)
        case imports(ImportsSheet)
        case contacts(ContactSheet)
        case facts(FactsSheet)
    }

    public var pinned: [Person] = []
    public var review: [Person] = []
    public var everyone: [Person] = []
    public var loaded = false
    /// The server has no People (404/405): a plain page, never an error.
    public var unavailable = false
    public var selected = 0
    public var profile: PersonProfile?
    /// Open merge suggestions; the route is optional, so any failure leaves this empty.
    public var suggestions: [MergeSuggestion] = []
    /// Merges and splits applied from this screen, newest first: the profiles involved offer their undo.
    public var applied: [IdentityOperation] = []
    public var sheet: Sheet?
    public var writeAccess = PeopleWriteAccess()
    /// The evidence read for the profile shown (history and facts), which names its open mail threads.
    public var threadEvidence: (personID: String, references: [EvidenceReference]) = ("", [])
    public var message = "Loading..."
    /// The time now, for a preview's expiry and a new import's default dates (tests fix it).
    public var now: @Sendable () -> Date
    /// Opened to show one person (another feature's View in People): found, then selected.
    public var lookup: PersonLookup?
    /// The person the lookup found, selected once the directory has them.
    var wanted: String?

    /// The person to select once the directory arrives (opened from "Needs you"); nil after.
    public var opening: String?

    public init(opening: String? = nil, now: @escaping @Sendable () -> Date = { Date() }, lookup: PersonLookup? = nil) {
        self.opening = opening
        self.now = now
        self.lookup = lookup
    }

    public var rows: [Row] {
        var rows: [Row] = []
        if !pinned.isEmpty { rows += [.heading("Pinned")] + pinned.map(Row.person) }
        let review = reviewed
        if !review.isEmpty { rows += [.heading("Needs review")] + review.map(Row.person) }
        let listed = Set((pinned + review).map(\.id))
        let rest = everyone.filter { !listed.contains($0.id) }
        if !rest.isEmpty { rows += [.heading("People")] + rest.map(Row.person) }
        return rows
    }

    /// Needs review as shown: the server's collection, then each possible duplicate not in it yet.
    public var reviewed: [Person] {
        var listed = Set((pinned + review).map(\.id))
        var shown = review
        for suggestion in suggestions where listed.insert(suggestion.source.id).inserted {
            shown.append(everyone.first { $0.id == suggestion.source.id } ?? suggestion.source)
        }
        return shown
    }

    /// The open suggestion this person is one side of.
    public func suggestion(for person: Person) -> MergeSuggestion? {
        suggestions.first { $0.source.id == person.id || $0.target.id == person.id }
    }

    /// The merges the profile of `person` offers to undo: ones applied here, then the automatic ones.
    public func undoable(for profile: PersonProfile) -> [(operationID: String, revision: Int, text: String)] {
        let here = applied.filter { $0.state == .completed && $0.personIDs.contains(profile.person.id) }.map { op in
            let count = op.assignments.count
            let text = op.operation == .split
                ? "Separated \(count) record\(count == 1 ? "" : "s") into a new person here."
                : "Merged \(count) record\(count == 1 ? "" : "s") here."
            return (operationID: op.id, revision: op.revision, text: text)
        }
        let automatic = profile.automaticMerges.map { merge in
            let when = merge.mergedAt.map { " on " + HistoryDate.text($0, precision: .day, timeZone: nil) } ?? ""
            return (operationID: merge.operationID, revision: merge.revision,
                    text: "\(merge.merged?.displayName ?? "Someone") was merged in automatically\(when).")
        }
        return here + automatic.filter { merge in !here.contains { $0.operationID == merge.operationID } }
    }

    /// The people in list order (headings skipped): what ↑↓ moves through.
    public var people: [Person] { rows.compactMap { if case .person(let p) = $0 { p } else { nil } } }

    public var selectedPerson: Person? {
        let people = people
        return people.indices.contains(selected) ? people[selected] : nil
    }

    /// The profile shown, when it is the selected person's.
    public var selectedProfile: PersonProfile? {
        guard let profile, profile.person.id == selectedPerson?.id else { return nil }
        return profile
    }

    public mutating func show(pinned: [Person], review: [Person], everyone: [Person]) {
        let previous = opening ?? selectedPerson?.id
        opening = nil
        self.pinned = pinned
        self.review = review
        self.everyone = everyone
        loaded = true
        selected = people.firstIndex { $0.id == previous } ?? min(selected, max(people.count - 1, 0))
        if message == "Loading..." { message = "" }
    }

    /// The suggestions read again: Needs review follows, the selection stays on the same person.
    public mutating func show(suggestions: [MergeSuggestion]) {
        let chosen = selectedPerson?.id
        self.suggestions = suggestions
        selected = people.firstIndex { $0.id == chosen } ?? min(selected, max(people.count - 1, 0))
    }

    /// A person read or changed: the list rows follow.
    public mutating func show(_ person: Person) {
        let chosen = selectedPerson?.id
        defer { selected = people.firstIndex { $0.id == chosen } ?? selected }
        for keyPath in [\PeopleScreen.pinned, \.review, \.everyone] {
            if let index = self[keyPath: keyPath].firstIndex(where: { $0.id == person.id }) {
                self[keyPath: keyPath][index] = person
            }
        }
        // Pinned keeps the directory's order, so a person unpinned and pinned again returns to their place.
        let others = pinned.filter { pinnedPerson in !everyone.contains { $0.id == pinnedPerson.id } && pinnedPerson.pinned }
        pinned = everyone.filter(\.pinned) + others
        if person.pinned, !pinned.contains(where: { $0.id == person.id }) { pinned.append(person) }
        if profile?.person.id == person.id { profile?.person = person }
    }

    public mutating func remove(_ personID: String) {
        suggestions.removeAll { $0.source.id == personID || $0.target.id == personID }
        pinned.removeAll { $0.id == personID }
        review.removeAll { $0.id == personID }
        everyone.removeAll { $0.id == personID }
        if profile?.person.id == personID { profile = nil }
        selected = min(selected, max(people.count - 1, 0))
    }

    // MARK: Drawing

    static let page = TextStyle(foreground: .ink, background: .paper)
    static let quiet = TextStyle(foreground: .inkSoft, background: .paper)
    static let heading = TextStyle(attributes: .bold, foreground: .inkSoft, background: .paper)
    static let initials = TextStyle(attributes: .bold, foreground: .tealText, background: .tealWash)
    static let chosen = TextStyle(attributes: .bold, foreground: .ink, background: .selected)
    static let attention = TextStyle(attributes: .bold, foreground: .amberText, background: .paper)

    public func paint(in grid: inout ScreenGrid, now: Date) { draw(in: &grid, now: now) }

    /// What Ctrl-P offers (`paletteHints`): the open sheet's keys, else the footer's.
    public func keyHints(width: Int, now: Date) -> String { paletteHints(now: now) }

    func draw(in grid: inout ScreenGrid, now: Date = Date()) {
        grid.fill(grid.bounds, style: Self.page)
        let header = TextStyle(attributes: .bold, foreground: .ink, background: .paperDeep)
        grid.fill(GridRect(row: 0, column: 0, width: grid.width, height: 1), style: header)
        _ = grid.put(" People", row: 0, column: 0, style: header)
        let footer = TextStyle(foreground: .inkSoft, background: .paperDeep)
        grid.fill(GridRect(row: grid.height - 1, column: 0, width: grid.width, height: 1), style: footer)
        if unavailable {
            ReadingPage.drawEmpty("People is not enabled on this server.", in: &grid, width: grid.width, style: Self.page)
            _ = grid.put(" Esc close", row: grid.height - 1, column: 0, style: footer)
            return
        }
        let listWidth = min(max(grid.width * 2 / 5, 28), 48)
        drawList(in: &grid, width: listWidth)
        let separator = TextStyle(foreground: .hairline, background: .paper)
        for row in 1..<(grid.height - 2) { _ = grid.put("│", row: row, column: listWidth, style: separator) }
        if let profile = selectedProfile {
            ProfilePage.draw(profile, identity: identityLines(for: profile),
                             threads: openThreads.map { "Email thread \($0.emailThreadID ?? "")" }, in: &grid,
                             area: GridRect(row: 2, column: listWidth + 2, width: grid.width - listWidth - 3,
                                            height: grid.height - 5))
        }
        drawNotice(in: &grid)
        _ = grid.put(" " + keyHints, row: grid.height - 1, column: 0, style: footer, limit: grid.width)
        switch sheet {
        case .identity(let identity)?: identity.draw(in: &grid, now: now)
        case .mergeTarget(let picker)?: picker.draw(in: &grid, people: people)
        case .repair(let picker)?: picker.draw(in: &grid)
        case .imports(let imports)?: imports.draw(in: &grid)
        case .contacts(let contacts)?: contacts.draw(in: &grid)
        case .facts(let facts)?: facts.draw(in: &grid, writes: writeAccess.showsWrites)
        default: break
        }
    }

    /// What Ctrl-P offers: the open sheet's own key line (on its card, or on the line a name is
    /// typed on), else the footer's.
    public func paletteHints(now: Date) -> String {
        switch sheet {
        case .identity(let identity)?: identity.keys(now: now)
        case .mergeTarget?: MergeTargetPicker.keyHints
        case .repair?: RepairPicker.keyHints
        case .imports(let imports)?: imports.keyHints
        case .contacts(let contacts)?: contacts.keyHints
        case .facts(let facts)?: facts.keyHints(writes: writeAccess.showsWrites)
        case .rename?: Self.renameKeys
        case .forget?: Self.forgetKeys
        case nil: keyHints
        }
    }

    public static let renameKeys = "Enter rename  Esc keep"
    public static let forgetKeys = "Esc keep"

    /// The footer's keys (the write keys only while the server offers them); Ctrl-P lists the same.
    public var keyHints: String {
        if unavailable { return "Esc close" }
        return writeAccess.showsWrites
            ? "↑↓ choose  Enter prepare for a conversation  p pin  r repair identity  m merge with…  c contact details  n rename  "
                + "x forget person  e threads and facts  i imports  g refresh  Esc close"
            : "↑↓ choose  Enter prepare for a conversation  e threads and facts  i imports  g refresh  Esc close"
    }

    /// The profile's identity section: a possible duplicate to answer, merges to undo.
    public func identityLines(for profile: PersonProfile) -> [String] {
        var lines: [String] = []
        if let suggestion = suggestion(for: profile.person) {
            let other = suggestion.source.id == profile.person.id ? suggestion.target : suggestion.source
            lines.append("Possibly the same person as \(other.displayName) (\(suggestion.reasonText.lowercased())).")
            if writeAccess.showsWrites { lines.append("m merge…   k not the same (keep apart, never suggested again)") }
        }
        let undoable = undoable(for: profile)
        for merge in undoable { lines.append(merge.text) }
        if !undoable.isEmpty, writeAccess.showsWrites { lines.append("u undo the first of these") }
        return lines
    }

    private func drawNotice(in grid: inout ScreenGrid) {
        let row = grid.height - 2
        switch sheet {
        case .rename(let input)?:
            _ = grid.put(" New name: \(input.text)▏  " + Self.renameKeys, row: row, column: 0, style: Self.attention,
                         limit: grid.width)
        case .forget(let preview, let input)?:
            let counts = ForgetConfirmation.countsText(preview.counts).replacingOccurrences(of: ",", with: ", ")
            let name = selectedPerson.map(ForgetConfirmation.phrase(for:)) ?? ""
            // The server's scope sentence in full, above the line the name is typed on.
            let scope = TextFitting.wrapWords(preview.scope ?? "", width: grid.width - 2).prefix(3)
            grid.fill(GridRect(row: row - scope.count, column: 0, width: grid.width, height: scope.count + 1),
                      style: Self.page)
            for (offset, line) in scope.enumerated() {
                _ = grid.put(" " + line, row: row - scope.count + offset, column: 0, style: Self.quiet, limit: grid.width)
            }
            _ = grid.put(" Forget person erases \(counts). Type \(name) to forget: \(input.text)▏  " + Self.forgetKeys,
                         row: row, column: 0, style: Self.attention, limit: grid.width)
        case .identity?, .mergeTarget?, .repair?, .imports?, .contacts?, .facts?, nil:
            let notice = writeAccess.deniedReason.map { "\($0) " + message } ?? message
            if !notice.isEmpty { _ = grid.put(" " + notice, row: row, column: 0, style: Self.attention, limit: grid.width) }
        }
    }

    private func drawList(in grid: inout ScreenGrid, width: Int) {
        guard loaded else { return }
        let rows = rows
        if rows.isEmpty {
            _ = grid.put(" No people yet.", row: 2, column: 0, style: Self.page, limit: width)
            return
        }
        let chosenID = selectedPerson?.id
        let chosenRow = rows.firstIndex { if case .person(let p) = $0 { p.id == chosenID } else { false } } ?? 0
        let visible = max(grid.height - 5, 1)
        let first = max(0, min(chosenRow - visible / 2, rows.count - visible))
        for (offset, line) in rows.dropFirst(first).prefix(visible).enumerated() {
            let row = 2 + offset
            switch line {
            case .heading(let title):
                _ = grid.put(" " + title.uppercased(), row: row, column: 0, style: Self.heading, limit: width)
            case .person(let person):
                let isChosen = person.id == chosenID
                let style = isChosen ? Self.chosen : Self.page
                grid.fill(GridRect(row: row, column: 0, width: width, height: 1), style: style)
                let mark = person.initials.padding(toLength: 2, withPad: " ", startingAt: 0)
                _ = grid.put(" \(mark) ", row: row, column: 1, style: Self.initials)
                var name = person.displayName
                // A possible duplicate is provisional too; the mark that asks for an answer is the one shown.
                if suggestions.contains(where: { $0.source.id == person.id }) {
                    name += " · possible duplicate"
                } else if person.state == .provisional {
                    name += " (provisional)"
                }
                _ = grid.put(TextFitting.truncate(name, width: max(width - 7, 4)), row: row, column: 6, style: style,
                             limit: width)
            }
        }
    }
}
