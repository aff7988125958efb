import Foundation
import VeetConsole
import VeetPeople
import VeetTransport

/// `veet people list` and `veet people show`.
extension PeopleCommandRun {
    func list(_ command: ParsedCommand) async throws -> ExitCode {
        let collection: PeopleCollection = command.flag(PeopleCommands.pinned) ? .pinned
            : command.flag(PeopleCommands.needsReview) ? .needsReview : command.flag(PeopleCommands.all) ? .all : .people
        let people = try await api.directory(DirectoryQuery(collection: collection, text: command.value(PeopleCommands.search)))
        let ordered = people.filter(\.pinned) + people.filter { !$0.pinned }
        let suggestions = collection == .needsReview ? await api.mergeSuggestions() : []
        if console.json {
            if collection == .needsReview {
                try console.printJSON(ReviewList(people: ordered, suggestions: suggestions))
            } else {
                try console.printJSON(ordered)
            }
            return .success
        }
        let style = console.outStyle
        if ordered.isEmpty && suggestions.isEmpty {
            console.err.writeLine(collection == .needsReview ? "Nothing needs review." : "No people found.")
        }
        for person in ordered {
            var marks: [String] = []
            if person.pinned { marks.append("pinned") }
            if person.state != .active { marks.append(person.state.rawValue) }
            let suffix = marks.isEmpty ? "" : "  " + style.dim("[\(marks.joined(separator: ", "))]")
            console.out.writeLine("\(style.accent(person.initials.padding(toLength: 2, withPad: " ", startingAt: 0)))  "
                                  + "\(style.emphasis(ServerText.line(person.displayName)))\(suffix)  \(style.dim(person.id))")
        }
        if !suggestions.isEmpty {
            console.out.writeLine("")
            console.out.writeLine(style.emphasis("Possible duplicates (veet people suggestions merge|separate ID)"))
            for s in suggestions {
                console.out.writeLine("\(ServerText.line(s.source.displayName)) / \(ServerText.line(s.target.displayName))  "
                                      + "\(style.dim(s.reasonText))  \(style.dim(s.id))")
            }
        }
        return .success
    }

    struct ReviewList: Encodable {
        var people: [Person]
        var suggestions: [MergeSuggestion]
    }

    func show(_ id: String, section: String?) async throws -> ExitCode {
        switch section {
        case nil: return try await profile(id)
        case "relationships"?:
            let profile = try await api.profile(id: id)
            let items = try await api.relationships(personID: id)
            if console.json { try console.printJSON(items); return .success }
            relationships(items, profile)
        case "history"?:
            let items = try await api.history(personID: id)
            if console.json { try console.printJSON(items); return .success }
            history(items)
        case "facts"?:
            let (facts, revisions) = try await api.facts(personID: id)
            if console.json { try console.printJSON(facts); return .success }
            try await factsWithEvidence(id, facts, revisions)
        case "evidence"?:
            let items = try await api.identityEvidence(personID: id)
            if console.json { try console.printJSON(items); return .success }
            for item in items {
                console.out.writeLine("\(item.kind.replacingOccurrences(of: "_", with: " "))  "
                                      + "\(ServerText.line(item.label ?? "")))  \(console.outStyle.dim(item.id))")
            }
        case let other?:
            throw PeopleCommandError(message: "--section must be relationships, history, facts or evidence, not \(other).",
                                     code: .usage)
        }
        return .success
    }

    private func profile(_ id: String) async throws -> ExitCode {
        let profile = try await api.profile(id: id)
        if console.json {
            try console.printJSON(profile)
            return .success
        }
        let style = console.outStyle, person = profile.person
        var marks = [person.state.rawValue]
        if person.pinned { marks.insert("pinned", at: 0) }
        console.out.writeLine("\(style.accent(person.initials))  \(style.emphasis(ServerText.line(person.displayName)))  "
                              + style.dim("[\(marks.joined(separator: ", "))] \(person.id) revision \(person.revision)"))
        heading("Names and contact details")
        for alias in profile.aliases {
            let verified = alias.verification.map { " (\($0.rawValue.replacingOccurrences(of: "_", with: " ")))" } ?? ""
            console.out.writeLine("  \(alias.identifierKind.rawValue): \(ServerText.line(alias.value))\(style.dim(verified))")
        }
        if !profile.relationships.isEmpty { heading("Relationships"); relationships(profile.relationships, profile) }
        if !profile.history.isEmpty { heading("History"); history(profile.history) }
        if !profile.commitments.isEmpty {
            heading("Open commitments")
            for c in profile.commitments {
                let due = c.dueAt == nil ? "" : "  due " + HistoryDate.text(c.dueAt, precision: c.duePrecision,
                                                                            timeZone: c.sourceTimezone)
                console.out.writeLine("  \(ServerText.line(c.description))\(style.dim(due))")
            }
        }
        if !profile.facts.isEmpty { heading("Facts"); facts(profile.facts, profile.factRevisions) }
        for merge in profile.automaticMerges {
            heading("Merged automatically")
            console.out.writeLine("  \(ServerText.line(merge.merged?.displayName ?? "?")) was merged in"
                                  + (merge.mergedAt.map { " on \(HistoryDate.text($0, precision: .day, timeZone: nil))" } ?? "")
                                  + ". Undo: veet people undo \(merge.operationID)")
        }
        if let coverage = profile.coverage { console.out.writeLine(""); console.out.writeLine(style.dim(ServerText.line(coverage))) }
        if profile.truncated {
            console.out.writeLine(style.dim("Some sections are longer: veet people show \(person.id) --section history|relationships|facts"))
        }
        return .success
    }

    /// Each fact with its evidence (Inspect evidence): the owner's own words, or the mail thread it came from.
    private func factsWithEvidence(_ personID: String, _ items: [PersonFact], _ revisions: [String: Int]) async throws {
        for (index, fact) in items.enumerated() {
            facts([fact], revisions, from: index)
            for reference in fact.supportIDs {
                let evidence = try await api.evidence(personID: personID, reference: reference)
                let when = evidence.evidenceAt.map { HistoryDate.text($0, precision: .day, timeZone: nil) } ?? "undated"
                let what = evidence.ownerAssertion.map { "you said “\(ServerText.line($0))”" }
                    ?? evidence.emailThreadID.map { "email thread \($0)" } ?? (evidence.sourceKind ?? "source")
                console.out.writeLine(console.outStyle.dim("     evidence: \(what), \(when)"))
            }
        }
    }

    private func heading(_ title: String) {
        console.out.writeLine("")
        console.out.writeLine(console.outStyle.emphasis(title))
    }

    private func relationships(_ items: [Relationship], _ profile: PersonProfile) {
        for r in items {
            let since = r.validFrom == nil ? "" : "  since " + HistoryDate.text(r.validFrom, precision: r.precision,
                                                                              timeZone: r.sourceTimezone)
            let qualifier = r.qualifier.map { $0.isEmpty ? "" : " (\($0))" } ?? ""
            console.out.writeLine("  \(profile.label(for: r.subject)) — \(r.predicate)\(qualifier) — "
                                  + "\(profile.label(for: r.object))\(console.outStyle.dim(since))")
        }
    }

    private func history(_ items: [Interaction]) {
        for item in items {
            console.out.writeLine("  \(console.outStyle.dim(HistoryDate.text(of: item)))  \(item.channel.rawValue)  "
                                  + ServerText.line(item.summary))
        }
    }

    private func facts(_ items: [PersonFact], _ revisions: [String: Int], from start: Int = 0) {
        for (offset, fact) in items.enumerated() {
            let index = start + offset
            let review = fact.flaggedForReview ? "  " + console.outStyle.warning("needs review") : ""
            console.out.writeLine("  \(index + 1). \(ServerText.line(fact.statement))\(review)  "
                                  + console.outStyle.dim("\(fact.id) revision \(revisions[fact.id] ?? 1)"))
        }
    }
}
