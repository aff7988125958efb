import Foundation
import VeetCurses
import VeetPeople

/// The threads and facts sheet's keys and what its calls report.
extension PeopleScreen {
    typealias Step = ScreenStep<PeopleScreenEffect, PeopleScreenRoute>

    /// The references whose evidence may name a mail thread: the history's and the facts' (each once, at most 20).
    static func threadReferences(_ profile: PersonProfile) -> [String] {
        var seen: Set<String> = []
        let all = profile.history.flatMap(\.supportIDs) + profile.facts.flatMap(\.supportIDs)
        return Array(all.filter { seen.insert($0).inserted }.prefix(20))
    }

    /// The open threads of the profile shown, once their evidence was read (each thread once).
    public var openThreads: [EvidenceReference] {
        guard let profile = selectedProfile, threadEvidence.personID == profile.person.id else { return [] }
        let ids = PersonProfile.openThreadIDs(threadEvidence.references)
        return ids.compactMap { id in threadEvidence.references.first { $0.emailThreadID == id } }
    }

    mutating func openFacts() {
        guard let profile = selectedProfile else { return }
        sheet = .facts(FactsSheet(person: profile.person, threads: openThreads, facts: profile.facts,
                                  revisions: profile.factRevisions))
    }

    /// Keys while the threads and facts sheet is up; nil when it is not.
    mutating func handleFacts(_ key: KeyPress) -> Step? {
        guard case .facts(var facts)? = sheet else { return nil }
        defer { if case .facts? = sheet { sheet = .facts(facts) } }
        if var wording = facts.wording {
            switch key {
            case KeyPress(.escape): facts.wording = nil
            case KeyPress(.enter):
                let words = wording.text.trimmingCharacters(in: .whitespacesAndNewlines)
                guard !words.isEmpty else { facts.notice = "Not corrected: type the right words."; break }
                facts.wording = nil
                return Step(effects: correct(&facts, .correct, statement: words))
            default:
                _ = wording.handle(.key(key), policy: .chat)
                facts.wording = wording
            }
            return Step.none
        }
        if facts.confirmingRemove {
            facts.confirmingRemove = false
            guard key == .char("y") else { facts.notice = "Nothing was removed."; return Step.none }
            return Step(effects: correct(&facts, .remove))
        }
        switch key {
        case KeyPress(.escape):
            sheet = nil
        case _ where ListNavigation.moves(key):
            facts.cursor = ListNavigation.index(after: key, from: facts.cursor, count: facts.items.count)
            facts.notice = ""
        case KeyPress(.enter):
            switch facts.chosen {
            case .thread(let reference)?:
                guard let id = reference.emailThreadID else { break }
                sheet = nil
                return Step(route: .openEmailThread(id: id), closes: true)
            case .fact(let fact, _)?:
                guard !fact.supportIDs.isEmpty else {
                    facts.evidence[fact.id] = []
                    break
                }
                facts.notice = "Reading the evidence..."
                return Step.run(.inspectEvidence(personID: facts.person.id, factID: fact.id, references: fact.supportIDs))
            case nil: break
            }
        case .char("a") where writeAccess.showsWrites: return Step(effects: correct(&facts, .affirm))
        case .char("h") where writeAccess.showsWrites: return Step(effects: correct(&facts, .changed))
        case .char("v") where writeAccess.showsWrites: return Step(effects: correct(&facts, .neverTrue))
        case .char("w") where writeAccess.showsWrites:
            guard case .fact(let fact, _)? = facts.chosen else { break }
            facts.notice = ""
            facts.wording = TextInput(text: fact.statement)
        case .char("d") where writeAccess.showsWrites:
            guard case .fact? = facts.chosen else { break }
            facts.confirmingRemove = true
        default: break
        }
        return Step.none
    }

    /// A correction of the chosen fact, against its revision and its place in the list (as the CLI sends it).
    private func correct(_ facts: inout FactsSheet, _ kind: CorrectionKind, statement: String? = nil) -> [PeopleScreenEffect] {
        guard case .fact(let fact, let position)? = facts.chosen, !facts.sending else { return [] }
        facts.sending = true
        facts.notice = ""
        let correction = Correction(beliefID: fact.id, kind: kind,
                                    expectedRevision: facts.revisions[fact.id.lowercased()] ?? facts.revisions[fact.id] ?? 1,
                                    expectedPosition: position, statement: statement)
        return [.action(.correct(correction, describing: Self.words(kind, fact: fact, statement: statement)),
                        person: facts.person)]
    }

    static func words(_ kind: CorrectionKind, fact: PersonFact, statement: String?) -> String {
        switch kind {
        case .correct: "Corrected to “\(statement ?? fact.statement)”."
        case .changed: "Recorded that “\(fact.statement)” no longer holds."
        case .neverTrue: "Recorded that “\(fact.statement)” was never true."
        case .affirm: "Affirmed “\(fact.statement)”."
        case .remove: "Removed “\(fact.statement)”."
        case .unknown(let raw): "Recorded (\(raw))."
        }
    }

    mutating func applyFacts(_ result: PeopleScreenResult) {
        switch result {
        case .threads(let personID, let references):
            threadEvidence = (personID, references)
            guard case .facts(var facts)? = sheet, facts.person.id == personID else { return }
            facts.threads = openThreads
            sheet = .facts(facts)
        case .factEvidence(let factID, let references):
            guard case .facts(var facts)? = sheet else { return }
            facts.evidence[factID] = references
            facts.notice = ""
            sheet = .facts(facts)
        case .factOutcome(let text):
            guard case .facts(var facts)? = sheet else { message = text; return }
            facts.notice = text
            facts.sending = false
            sheet = .facts(facts)
        case .profile(let profile):
            guard case .facts(var facts)? = sheet, facts.person.id == profile.person.id else { return }
            facts.person = profile.person
            facts.facts = profile.facts
            facts.revisions = profile.factRevisions
            facts.cursor = min(facts.cursor, max(facts.items.count - 1, 0))
            sheet = .facts(facts)
        default: break
        }
    }
}
