import Foundation
import VeetConsole
import VeetPeople
import VeetTransport

/// The People writes of `veet people`: each reads the current revision first,
/// and says what the server did; a preview is shown before anything is applied.
extension PeopleCommandRun {
    func setPinned(_ id: String, _ pinned: Bool) async throws -> ExitCode {
        let person = try await api.profile(id: id).person
        return try printPerson(try await api.setPinned(pinned, person: person), pinned ? "Pinned" : "Unpinned")
    }

    func printPerson(_ person: Person, _ verb: String) throws -> ExitCode {
        if console.json {
            try console.printJSON(person)
        } else {
            console.out.writeLine("\(verb) \(console.outStyle.emphasis(ServerText.line(person.displayName)))  "
                                  + console.outStyle.dim(person.id))
        }
        return .success
    }

    /// Asks on the terminal; nil at the end of input (no terminal, nothing piped).
    func ask(_ question: String) async -> String? {
        await console.readLine(question)
    }

    func merge(_ sourceID: String, into targetID: String, yes: Bool) async throws -> ExitCode {
        let source = try await api.profile(id: sourceID).person, target = try await api.profile(id: targetID).person
        let labels = Dictionary(((try? await api.identityEvidence(personID: source.id)) ?? []).map {
            ($0.id, "\($0.kind.replacingOccurrences(of: "_", with: " ")): \($0.label ?? "")")
        }, uniquingKeysWith: { first, _ in first })
        let preview = try await api.previewMerge(source: source, into: target)
        if !console.json || !yes { describe(preview, source: source, target: target, labels: labels) }
        if !yes {
            let answer = await ask("Merge \(source.displayName) into \(target.displayName)? [y/N] ")
            guard answer?.trimmingCharacters(in: .whitespaces).lowercased().hasPrefix("y") == true else {
                throw PeopleCommandError(message: "Not merged; nothing was changed (the preview expires by itself).")
            }
        }
        let applied = try await api.apply(preview)
        if console.json {
            try console.printJSON(Applied(preview: preview, applied: applied))
        } else {
            console.out.writeLine("Merged \(console.outStyle.emphasis(source.displayName)) into "
                                  + "\(console.outStyle.emphasis(target.displayName)). Undo: veet people undo \(applied.id)")
        }
        return .success
    }

    struct Applied: Encodable {
        var preview: IdentityOperation
        var applied: IdentityOperation
    }

    /// The preview on stderr (stdout stays for the result): what moves where, and until when.
    private func describe(_ preview: IdentityOperation, source: Person, target: Person, labels: [String: String]) {
        let style = console.errStyle
        let moved = preview.assignments.count
        console.err.writeLine("Merging \(style.emphasis(source.displayName)) into \(style.emphasis(target.displayName)) "
                              + "moves \(moved) record\(moved == 1 ? "" : "s"):")
        for assignment in preview.assignments.prefix(20) {
            console.err.writeLine("  " + (labels[assignment.entityID].map { ServerText.line($0) } ?? style.dim(assignment.entityID)))
        }
        if moved > 20 { console.err.writeLine(style.dim("  … and \(moved - 20) more")) }
        console.err.writeLine(PreviewExpiry(preview, now: Date()).text)
    }

    /// "Not the same" / Repair identity: a split of the chosen records into a new person.
    func notSame(_ id: String, _ command: ParsedCommand) async throws -> ExitCode {
        let chosen = command.values(PeopleCommands.entities).flatMap { $0.split(separator: ",") }
            .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }.filter { !$0.isEmpty }
        guard !chosen.isEmpty else {
            throw PeopleCommandError(message: "not-same needs --entities ID,... (from `\(console.programName) people show \(id) --section evidence`).",
                                     code: .usage)
        }
        let person = try await api.profile(id: id).person
        let evidence = try await api.identityEvidence(personID: person.id)
        let known = Dictionary(evidence.map { ($0.id.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
        if let unknown = chosen.first(where: { known[$0] == nil }) {
            throw PeopleCommandError(message: "\(person.displayName) has no record \(unknown) "
                                     + "(see `\(console.programName) people show \(person.id) --section evidence`); nothing was changed.",
                                     code: .notFound)
        }
        let preview = try await api.previewSplit(person, selecting: chosen)
        let style = console.errStyle
        console.err.writeLine("Separating \(preview.assignments.count) record\(preview.assignments.count == 1 ? "" : "s") "
                              + "from \(style.emphasis(person.displayName)) into a new person:")
        for assignment in preview.assignments {
            let label = known[assignment.entityID.lowercased()].map { "\($0.kind.replacingOccurrences(of: "_", with: " ")): \($0.label ?? "")" }
            console.err.writeLine("  " + (label.map { ServerText.line($0) } ?? style.dim(assignment.entityID)))
        }
        console.err.writeLine(PreviewExpiry(preview, now: Date()).text)
        if !command.flag(PeopleCommands.yes) {
            let answer = await ask("Separate them from \(person.displayName)? [y/N] ")
            guard answer?.trimmingCharacters(in: .whitespaces).lowercased().hasPrefix("y") == true else {
                throw PeopleCommandError(message: "Not separated; nothing was changed (the preview expires by itself).")
            }
        }
        let applied = try await api.apply(preview)
        if console.json {
            try console.printJSON(Applied(preview: preview, applied: applied))
        } else {
            let created = applied.personIDs.first { $0 != person.id } ?? "?"
            console.out.writeLine("Separated into a new person \(created). Undo: veet people undo \(applied.id)")
        }
        return .success
    }

    func suggestions() async throws -> ExitCode {
        let items = await api.mergeSuggestions()
        if console.json {
            try console.printJSON(items)
            return .success
        }
        if items.isEmpty { console.err.writeLine("No possible duplicates right now.") }
        for s in items {
            console.out.writeLine("\(ServerText.line(s.source.displayName)) / \(ServerText.line(s.target.displayName))  "
                                  + "\(console.outStyle.dim(s.reasonText))  \(console.outStyle.dim(s.id))")
        }
        return .success
    }

    func decide(_ id: String, _ decision: SuggestionDecision) async throws -> ExitCode {
        guard let suggestion = await api.mergeSuggestions().first(where: { $0.id == id.lowercased() || $0.id == id }) else {
            throw PeopleCommandError(message: "No open suggestion \(id) (see `\(console.programName) people suggestions`).", code: .notFound)
        }
        let answered = try await api.decide(suggestion, decision)
        if console.json {
            try console.printJSON(answered)
        } else if decision == .merge {
            console.out.writeLine("Merged \(suggestion.source.displayName) into \(suggestion.target.displayName).")
        } else {
            console.out.writeLine("Kept \(suggestion.source.displayName) and \(suggestion.target.displayName) apart; "
                                  + "they will not be suggested again.")
        }
        return .success
    }

    func undo(_ operationID: String) async throws -> ExitCode {
        let operation = try await api.operation(id: operationID)
        let undone = try await api.undo(operationID: operation.id, expectedRevision: operation.revision)
        if console.json {
            try console.printJSON(undone)
        } else {
            console.out.writeLine("Undid the \(operation.operation.rawValue) \(operation.id); "
                                  + "the people involved are as they were (\(undone.state.rawValue)).")
        }
        return .success
    }

    static let correctionKinds: [String: CorrectionKind] = [
        "correct": .correct, "changed": .changed, "never-true": .neverTrue, "affirm": .affirm, "remove": .remove,
    ]

    func correct(_ command: ParsedCommand) async throws -> ExitCode {
        let (personID, factID) = (command.argument(PeopleCommands.id), command.argument(PeopleCommands.fact))
        guard let kindName = command.value(PeopleCommands.correctAs), let kind = Self.correctionKinds[kindName] else {
            throw PeopleCommandError(message: "correct needs --as correct|changed|never-true|affirm|remove.", code: .usage)
        }
        let statement = command.value(PeopleCommands.statement)
        if kind == .correct && statement == nil {
            throw PeopleCommandError(message: "--as correct needs --statement with the right words.", code: .usage)
        }
        let (facts, revisions) = try await api.facts(personID: personID)
        guard let index = facts.firstIndex(where: { $0.id == factID.lowercased() || $0.id == factID }) else {
            throw PeopleCommandError(message: "This person has no fact \(factID) "
                                     + "(see `\(console.programName) people show \(personID) --section facts`).", code: .notFound)
        }
        let fact = facts[index]
        let result = try await api.correct(personID: personID, Correction(
            beliefID: fact.id, kind: kind, expectedRevision: revisions[fact.id] ?? 1, expectedPosition: index + 1,
            statement: statement, effectiveAt: command.value(PeopleCommands.effectiveAt).map { Timestamp($0) }))
        if console.json {
            try console.printJSON(result)
        } else if result.removed {
            console.out.writeLine("Removed “\(ServerText.line(fact.statement))”.")
        } else {
            console.out.writeLine("Recorded: “\(ServerText.line(result.belief?.statement ?? fact.statement))” (\(kindName)).")
        }
        return .success
    }

    func forget(_ command: ParsedCommand) async throws -> ExitCode {
        let person = try await api.profile(id: command.argument(PeopleCommands.id)).person
        let preview = try await api.previewForget(person)
        let counts = ForgetConfirmation.countsText(preview.counts)
        let style = console.errStyle
        console.err.writeLine("Forgetting \(style.emphasis(person.displayName)) erases: \(counts.replacingOccurrences(of: ",", with: ", "))")
        if let scope = preview.scope { console.err.writeLine(ServerText.line(scope)) }
        if command.flag(PeopleCommands.forgetYes) {
            let expected = command.value(PeopleCommands.expectCounts).flatMap(ForgetConfirmation.parseCounts)
            guard let expected else {
                throw PeopleCommandError(message: "--expect-counts must read kind=n,kind=n.", code: .usage)
            }
            guard ForgetConfirmation.matches(expected, preview.counts) else {
                throw PeopleCommandError(message: "Not forgotten: the preview's counts are \(counts), "
                                         + "not what --expect-counts says; nothing was erased.")
            }
        } else {
            let phrase = ForgetConfirmation.phrase(for: person)
            let typed = await ask("Type \(phrase) to forget this person: ")
            guard ForgetConfirmation.confirms(typed, person: person) else {
                throw PeopleCommandError(message: "Not forgotten; nothing was erased.")
            }
        }
        let applied = try await api.applyForget(personID: person.id, preview: preview)
        let done = applied.state == .completed ? nil : try await api.waitForCompletion(operationID: applied.id)
        if console.json {
            try console.printJSON(Forgotten(preview: preview, applied: applied, state: (done?.state ?? applied.state).rawValue))
        } else {
            console.out.writeLine("Forgot \(console.outStyle.emphasis(person.displayName)) (operation \(applied.id), "
                                  + "\((done?.state ?? applied.state).rawValue)).")
        }
        return .success
    }

    struct Forgotten: Encodable {
        var preview: ErasureView
        var applied: ErasureView
        var state: String
    }
}
