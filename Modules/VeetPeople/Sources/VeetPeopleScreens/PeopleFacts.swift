import Foundation
import VeetCurses
import VeetPeople
import VeetTokens

/// The profile's open threads and facts as a sheet over it (`e`): a thread
/// opens in Email mode (a route the shell resolves); a fact shows its
/// evidence (Inspect evidence: the owner's own words, or the mail thread it
/// came from) and takes the corrections `veet people correct` has: affirm,
/// correct the words, changed, never true, remove (asked first).
public struct FactsSheet: Equatable, Sendable {
    /// One line the cursor stops on.
    public enum Item: Equatable, Sendable {
        case thread(EvidenceReference)
        case fact(PersonFact, position: Int)
    }

    public var person: Person
    public var threads: [EvidenceReference]
    public var facts: [PersonFact]
    /// Each fact's revision, for a correction (lowercase UUID keys, as the profile gives them).
    public var revisions: [String: Int]
    public var cursor = 0
    /// Each inspected fact's evidence, by fact id.
    public var evidence: [String: [EvidenceReference]] = [:]
    /// The right words being typed for `correct`.
    public var wording: TextInput?
    /// `d` pressed once: waiting for `y` to remove the chosen fact.
    public var confirmingRemove = false
    /// What the last correction or inspection said, beside the list.
    public var notice = ""
    public var sending = false

    public init(person: Person, threads: [EvidenceReference], facts: [PersonFact], revisions: [String: Int]) {
        self.person = person
        self.threads = threads
        self.facts = facts
        self.revisions = revisions
    }

    /// The threads first (each once), then the facts in the profile's order.
    public var items: [Item] {
        var seen: Set<String> = []
        let threadItems = threads.filter { $0.emailThreadID.map { seen.insert($0).inserted } ?? false }.map(Item.thread)
        return threadItems + facts.enumerated().map { Item.fact($1, position: $0 + 1) }
    }

    public var chosen: Item? {
        let items = items
        return items.indices.contains(cursor) ? items[cursor] : nil
    }

    func draw(in grid: inout ScreenGrid, writes: Bool) {
        var lines: [(String, TextStyle)] = []
        let items = items
        if !items.contains(where: { if case .thread = $0 { true } else { false } }) {
            lines.append(("No open threads found in what the profile's evidence names.", PeopleSheetCard.soft))
        } else {
            lines.append(("OPEN THREADS", PeopleSheetCard.soft))
        }
        var factsHeaded = false
        for (index, item) in items.enumerated() {
            let style = index == cursor && wording == nil ? PeopleSheetCard.chosen : PeopleSheetCard.surface
            switch item {
            case .thread(let reference):
                lines.append(("Email thread \(reference.emailThreadID ?? "")" + Self.when(reference), style))
            case .fact(let fact, let position):
                if !factsHeaded {
                    factsHeaded = true
                    lines.append(("", PeopleSheetCard.surface))
                    lines.append(("FACTS", PeopleSheetCard.soft))
                }
                lines.append(("\(position). \(fact.statement)" + (fact.flaggedForReview ? "  (needs review)" : ""), style))
                for reference in evidence[fact.id] ?? [] {
                    lines.append(("   evidence: " + Self.source(reference), PeopleSheetCard.soft))
                }
                if evidence[fact.id] == [] { lines.append(("   evidence: none recorded", PeopleSheetCard.soft)) }
            }
        }
        if facts.isEmpty { lines.append(("", PeopleSheetCard.surface)); lines.append(("No facts yet.", PeopleSheetCard.soft)) }
        if let wording {
            lines.append(("", PeopleSheetCard.surface))
            lines.append(("The right words: \(wording.text)▏", PeopleSheetCard.chosen))
        }
        if confirmingRemove {
            lines.append(("", PeopleSheetCard.surface))
            lines.append(("Remove this fact about \(person.displayName)?", PeopleSheetCard.attention))
        }
        if !notice.isEmpty {
            lines.append(("", PeopleSheetCard.surface))
            lines.append((notice, notice.hasPrefix("Not ") ? PeopleSheetCard.attention : PeopleSheetCard.done))
        }
        PeopleSheetCard.draw(title: "Threads and facts: \(person.displayName)", lines: lines,
                             keys: keyHints(writes: writes), in: &grid)
    }

    /// Where a fact came from, in words: the owner's own, the mail thread, or the source's kind.
    public static func source(_ reference: EvidenceReference) -> String {
        let what = reference.ownerAssertion.map { "you said “\($0)”" }
            ?? reference.emailThreadID.map { "email thread \($0)" } ?? (reference.sourceKind ?? "a source")
        return what + (reference.evidenceAt.map { ", " + HistoryDate.text($0, precision: .day, timeZone: nil) } ?? "")
    }

    private static func when(_ reference: EvidenceReference) -> String {
        reference.evidenceAt.map { "  " + HistoryDate.text($0, precision: .day, timeZone: nil) } ?? ""
    }

    /// The card's key line for the chosen line; Ctrl-P lists the same.
    public func keyHints(writes: Bool) -> String {
        if sending { return "Saving..." }
        if wording != nil { return "Enter record the right words  Esc back" }
        if confirmingRemove { return "y remove it  n keep it" }
        switch chosen {
        case .thread?: return "↑↓ choose  Enter open in Email  Esc close"
        case .fact?:
            let corrections = writes ? "a affirm  w correct the words  h changed  v never true  d remove  " : ""
            return "↑↓ choose  Enter inspect evidence  \(corrections)Esc close"
        case nil: return "Esc close"
        }
    }
}
