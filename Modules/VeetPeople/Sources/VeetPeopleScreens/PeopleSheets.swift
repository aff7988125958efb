import Foundation
import VeetCurses
import VeetPeople
import VeetTokens

/// A sheet over the People screen: a surface card with a title, its lines
/// and the keys it answers on its last line.
enum PeopleSheetCard {
    static let surface = TextStyle(foreground: .ink, background: .surface)
    static let title = TextStyle(attributes: .bold, foreground: .ink, background: .surface)
    static let soft = TextStyle(foreground: .inkSoft, background: .surface)
    static let attention = TextStyle(attributes: .bold, foreground: .amberText, background: .surface)
    static let done = TextStyle(attributes: .bold, foreground: .tealText, background: .surface)
    static let chosen = TextStyle(attributes: .bold, foreground: .ink, background: .selected)
    static let keys = TextStyle(attributes: .bold, foreground: .tealText, background: .surface)

    static func draw(title: String, lines: [(String, TextStyle)], keys: String, in grid: inout ScreenGrid) {
        // On a narrow terminal the sheet takes the whole width, so nothing of the page peeks beside it.
        let width = grid.width < 90 ? grid.width : min(grid.width - 4, 96), height = grid.height - 4
        let rect = GridRect(row: 2, column: (grid.width - width) / 2, width: width, height: height)
        grid.fill(rect, style: surface)
        ReadingPage.drawSheetHeader(title, in: &grid, rect: rect, style: Self.title)
        // Long lines wrap by words; what does not fit above the keys is cut with a last "…" line.
        var wrapped: [(String, TextStyle)] = []
        for (text, style) in lines {
            if text.isEmpty { wrapped.append(("", style)); continue }
            wrapped += TextFitting.wrap(text, width: width - 4).map { ($0, style) }
        }
        let room = max(height - 5, 1)
        if wrapped.count > room { wrapped = Array(wrapped.prefix(room - 1)) + [("…", soft)] }
        for (offset, line) in wrapped.enumerated() {
            if line.1 == chosen {
                grid.fill(GridRect(row: rect.row + 3 + offset, column: rect.column + 1, width: width - 2, height: 1), style: chosen)
            }
            _ = grid.put(line.0, row: rect.row + 3 + offset, column: rect.column + 2, style: line.1, limit: rect.right - 2)
        }
        _ = grid.put(TextFitting.truncate(keys, width: width - 4), row: rect.bottom - 2, column: rect.column + 2,
                     style: Self.keys, limit: rect.right - 2)
    }
}

/// The merge or split preview as a sheet: what moves where, until when, and
/// Apply; an expired preview or a `409` says so and offers to preview again.
public struct IdentitySheet: Equatable, Sendable {
    public enum Purpose: Equatable, Sendable {
        /// `source` merged into `target`; from a suggestion when `suggestionID` is set.
        case merge(source: Person, target: Person, suggestionID: String?)
        /// Repair identity: the `selected` records of `person` move to a new person.
        case split(person: Person, selected: [String])
    }

    public enum Stage: Equatable, Sendable {
        case previewing
        case ready(IdentityOperation)
        case applying(IdentityOperation)
        /// Refused: the text says why (expired, or the `409` with the re-read state).
        case refused(String, canPreviewAgain: Bool)
    }

    public var purpose: Purpose
    public var stage: Stage = .previewing
    /// Record id → "kind: label" from the identity evidence, for the reassignments.
    public var labels: [String: String] = [:]

    public init(purpose: Purpose, stage: Stage = .previewing, labels: [String: String] = [:]) {
        self.purpose = purpose
        self.stage = stage
        self.labels = labels
    }

    var title: String {
        switch purpose {
        case .merge(let source, let target, _): "Merge \(source.displayName) into \(target.displayName)"
        case .split(let person, _): "Repair identity: separate records from \(person.displayName)"
        }
    }

    /// The preview on screen, when it may be applied now.
    public func applicable(now: Date) -> IdentityOperation? {
        guard case .ready(let preview) = stage, PreviewExpiry(preview, now: now).canApply else { return nil }
        return preview
    }

    func lines(now: Date) -> [(String, TextStyle)] {
        var lines: [(String, TextStyle)] = []
        switch stage {
        case .previewing:
            lines.append(("Asking the server what this would change...", PeopleSheetCard.soft))
        case .ready(let preview), .applying(let preview):
            let moved = preview.assignments.count
            switch purpose {
            case .merge(let source, let target, _):
                lines.append(("Moves \(moved) record\(moved == 1 ? "" : "s") from \(source.displayName) to "
                              + "\(target.displayName); \(source.displayName) then stands merged.", PeopleSheetCard.surface))
            case .split(let person, _):
                lines.append(("Moves \(moved) record\(moved == 1 ? "" : "s") from \(person.displayName) to a new person.",
                              PeopleSheetCard.surface))
            }
            lines.append(("", PeopleSheetCard.surface))
            for assignment in preview.assignments {
                lines.append(("  " + (labels[assignment.entityID] ?? assignment.entityID), PeopleSheetCard.surface))
            }
            lines.append(("", PeopleSheetCard.surface))
            let expiry = PreviewExpiry(preview, now: now)
            if case .applying = stage {
                lines.append(("Applying...", PeopleSheetCard.soft))
            } else {
                lines.append((expiry.text + (expiry.canApply ? " Nothing changes until you apply it." : ""),
                              expiry.canApply ? PeopleSheetCard.soft : PeopleSheetCard.attention))
            }
        case .refused(let reason, _):
            lines.append((reason, PeopleSheetCard.attention))
        }
        return lines
    }

    /// The card's key line for the stage it is at; Ctrl-P lists the same.
    public func keys(now: Date) -> String {
        switch stage {
        case .previewing, .applying: return "Esc close"
        case .ready(let preview):
            return PreviewExpiry(preview, now: now).canApply ? "Enter apply   Esc keep as is (nothing changes)"
                : "r preview again   Esc close (nothing changed)"
        case .refused(_, let again): return again ? "r preview again   Esc close (nothing changed)" : "Esc close"
        }
    }

    func draw(in grid: inout ScreenGrid, now: Date) {
        PeopleSheetCard.draw(title: title, lines: lines(now: now), keys: keys(now: now), in: &grid)
    }

    /// "identifier: maya@example.com" for each record a preview may move.
    static func labels(_ evidence: [IdentityEvidence]) -> [String: String] {
        Dictionary(evidence.map { ($0.id, "\($0.kind.replacingOccurrences(of: "_", with: " ")): \($0.label ?? "")") },
                   uniquingKeysWith: { first, _ in first })
    }
}

/// "Merge with…": the person this one is merged into, chosen by typing part of a name.
public struct MergeTargetPicker: Equatable, Sendable {
    public var source: Person
    public var input = TextInput()
    public var cursor = 0

    public init(source: Person) {
        self.source = source
    }

    public func matches(in people: [Person]) -> [Person] {
        let text = input.text.trimmingCharacters(in: .whitespaces).lowercased()
        return Array(people.filter { $0.id != source.id && (text.isEmpty || $0.displayName.lowercased().contains(text)) }
            .prefix(12))
    }

    func draw(in grid: inout ScreenGrid, people: [Person]) {
        var lines: [(String, TextStyle)] = [("Type part of the name of the person \(source.displayName) is the same as: "
                                             + "\(input.text)▏", PeopleSheetCard.surface), ("", PeopleSheetCard.surface)]
        let found = matches(in: people)
        if found.isEmpty { lines.append(("Nobody on the list matches.", PeopleSheetCard.soft)) }
        for (index, person) in found.enumerated() {
            lines.append(("\(person.initials.padding(toLength: 2, withPad: " ", startingAt: 0))  \(person.displayName)",
                          index == cursor ? PeopleSheetCard.chosen : PeopleSheetCard.surface))
        }
        PeopleSheetCard.draw(title: "Merge \(source.displayName) with…", lines: lines, keys: Self.keyHints, in: &grid)
    }

    /// The card's key line; Ctrl-P lists the same.
    public static let keyHints = "↑↓ choose   Enter preview the merge   Esc keep as is"
}

/// Repair identity: the records an identity is made of; the ones chosen
/// (Space) belong to someone else and move to a new person.
public struct RepairPicker: Equatable, Sendable {
    public var person: Person
    /// nil while it is read.
    public var evidence: [IdentityEvidence]?
    public var cursor = 0
    public var chosen: Set<String> = []

    public init(person: Person, evidence: [IdentityEvidence]? = nil) {
        self.person = person
        self.evidence = evidence
    }

    public var selectedIDs: [String] { (evidence ?? []).map(\.id).filter(chosen.contains) }

    func draw(in grid: inout ScreenGrid) {
        var lines: [(String, TextStyle)] = [
            ("Choose the records that belong to someone else: they move to a new person; the rest stays with "
             + "\(person.displayName).", PeopleSheetCard.surface), ("", PeopleSheetCard.surface),
        ]
        if let evidence {
            if evidence.isEmpty { lines.append(("\(person.displayName) has no records to separate.", PeopleSheetCard.soft)) }
            for (index, record) in evidence.enumerated() {
                let mark = chosen.contains(record.id) ? "[x]" : "[ ]"
                let text = "\(mark) \(record.kind.replacingOccurrences(of: "_", with: " ")): \(record.label ?? record.id)"
                lines.append((text, index == cursor ? PeopleSheetCard.chosen : PeopleSheetCard.surface))
            }
        } else {
            lines.append(("Reading what \(person.displayName)'s identity is made of...", PeopleSheetCard.soft))
        }
        PeopleSheetCard.draw(title: "Repair identity: \(person.displayName)", lines: lines, keys: Self.keyHints, in: &grid)
    }

    /// The card's key line; Ctrl-P lists the same.
    public static let keyHints = "↑↓ choose   Space mark   Enter preview the separation   Esc keep as is"
}
