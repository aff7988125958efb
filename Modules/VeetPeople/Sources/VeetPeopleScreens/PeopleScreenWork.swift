import Foundation
import VeetCurses
import VeetPeople
import VeetTransport

/// The work the People screen asks for.
public enum PeopleScreenEffect: Sendable {
    /// The directory, Needs review and the open merge suggestions.
    case loadPeople
    case loadProfile(personID: String)
    /// A write (or an identity read) about `person`, against the revision on screen.
    case action(PeopleAction, person: Person)
    /// A history imports call.
    case imports(ImportAction)
    /// The evidence behind a profile's history and facts, for the mail threads it names.
    case loadThreads(personID: String, references: [String])
    /// Inspect evidence: the sources behind one fact.
    case inspectEvidence(personID: String, factID: String, references: [String])
    /// The person another feature asked for (View in People).
    case find(PersonLookup)
}

/// A People write or identity call the screen asks for.
public enum PeopleAction: Sendable {
    case pin(Bool), rename(String), previewForget, forget(ErasureView)
    case readIdentityEvidence
    case previewMerge(into: Person)
    case previewSplit(selected: [String])
    case apply(IdentityOperation, describing: String)
    case undo(operationID: String, revision: Int)
    case keepApart(MergeSuggestion)
    /// A contact detail added or ended, against the person's revision.
    case contact(PersonEdit, describing: String)
    /// A fact corrected (affirm, correct, changed, never true, remove), as `veet people correct` sends it.
    case correct(Correction, describing: String)

    /// What a failure of this action leaves undone, when a sheet waits on it.
    var sheetStep: String? {
        switch self {
        case .previewMerge, .previewSplit: "previewed"
        case .apply: "applied"
        default: nil
        }
    }
}

/// A history imports call of the screen.
public enum ImportAction: Sendable {
    case list, preview(ImportScope), apply(ImportJob), resume(ImportJob, maxCostUSD: Decimal), cancel(ImportJob)
}

/// What the People screen's work reports.
public enum PeopleScreenResult: Sendable {
    case listed(pinned: [Person], review: [Person], everyone: [Person])
    /// The server has no People: the screen says so plainly.
    case unavailable
    case profile(PersonProfile)
    /// A person changed (pin, rename): the row and the page follow.
    case person(Person)
    /// The forget preview, for the confirmation sheet.
    case forgetPreview(ErasureView)
    case forgotten(personID: String)
    /// A write was refused for a missing scope: the writes hide, with the reason.
    case writesDenied
    /// The open merge suggestions (empty after any failure: the route is optional).
    case suggestions([MergeSuggestion])
    /// What an identity is made of, for Repair identity.
    case identityEvidence(personID: String, [IdentityEvidence])
    /// A merge or split preview, with the records' labels.
    case identityPreview(IdentityOperation, labels: [String: String])
    /// A merge or split applied, or an undo done.
    case identityApplied(IdentityOperation, message: String)
    /// An apply refused: expired, or changed elsewhere with the state read again.
    case identityRefused(String, canPreviewAgain: Bool)
    /// The past imports, newest first.
    case imports([ImportJob])
    /// An import previewed, to be applied.
    case importPreview(ImportJob)
    /// An import read again: started, progressing, paused, done, cancelled.
    case importJob(ImportJob)
    /// An import action refused (nothing was started or changed).
    case importRefused(String)
    /// A contact detail saved, or refused (changed elsewhere, after the person was read again).
    case contactOutcome(String)
    /// The evidence read for a profile: the mail threads it names open from the profile.
    case threads(personID: String, [EvidenceReference])
    /// One fact's evidence, inspected.
    case factEvidence(factID: String, [EvidenceReference])
    /// A correction done or refused, or an inspection that failed, said on the facts sheet.
    case factOutcome(String)
    case message(String)
    /// The person a lookup found (nil: nobody matches).
    case found(Person?, PersonLookup)
}

/// Does the People screen's work through `PeopleAPI`. Writes go through the
/// connection's People audit session, which the app opens (`audited`, shared
/// with `veet people` through its store); `describe` words an error the
/// feature has no words of its own for.
public struct PeopleScreenWork: ScreenEffects {
    public typealias Screen = PeopleScreen

    let people: PeopleAPI
    let audited: @Sendable () async throws -> PeopleAPI
    let describe: @Sendable (any Error) -> String

    public init(api: PeopleAPI, audited: @escaping @Sendable () async throws -> PeopleAPI,
                describe: @escaping @Sendable (any Error) -> String = { "\($0)" }) {
        people = api
        self.audited = audited
        self.describe = describe
    }

    public func run(_ effect: PeopleScreenEffect, report: @escaping @Sendable (PeopleScreenResult) -> Void) async {
        switch effect {
        case .loadPeople: await loadPeople(report)
        case .loadProfile(let personID): await loadProfile(personID, report)
        case .action(let action, let person): await run(action, person: person, report)
        case .imports(let action): await run(action, report)
        case .find(let lookup):
            report(.found(await find(lookup), lookup))
        case .loadThreads(let personID, let references):
            // A reference that cannot be read names no thread; the profile shows what was found.
            var found: [EvidenceReference] = []
            for reference in references {
                if let evidence = try? await people.evidence(personID: personID, reference: reference) { found.append(evidence) }
            }
            report(.threads(personID: personID, found))
        case .inspectEvidence(let personID, let factID, let references):
            do {
                var found: [EvidenceReference] = []
                for reference in references { found.append(try await people.evidence(personID: personID, reference: reference)) }
                report(.factEvidence(factID: factID, found))
            } catch {
                report(.factOutcome("Not read: \(PeopleError.from(error, isWrite: false)?.description ?? describe(error))"))
            }
        }
    }

    func loadPeople(_ report: @Sendable (PeopleScreenResult) -> Void) async {
        do {
            let everyone = try await people.directory()
            let review = try await people.directory(DirectoryQuery(collection: .needsReview))
            report(.listed(pinned: everyone.filter(\.pinned), review: review, everyone: everyone))
            report(.suggestions(await people.mergeSuggestions()))
        } catch where PeopleAPI.meansUnavailable(error) {
            report(.unavailable)
        } catch {
            report(.message("Could not read People: \(describe(error))"))
        }
    }

    func loadProfile(_ personID: String, _ report: @Sendable (PeopleScreenResult) -> Void) async {
        do {
            report(.profile(try await people.profile(id: personID)))
        } catch {
            report(.message("Could not read the profile: \(describe(error))"))
        }
    }

    /// Sends the action against the revision on screen; a change elsewhere reads the people again.
    private func run(_ action: PeopleAction, person: Person, _ report: @escaping @Sendable (PeopleScreenResult) -> Void) async {
        do {
            let api = try await audited()
            switch action {
            case .pin(let pinned):
                report(.person(try await api.setPinned(pinned, person: person)))
                report(.message(pinned ? "Pinned \(person.displayName)." : "Unpinned \(person.displayName)."))
            case .rename(let name):
                report(.person(try await api.rename(person, to: name)))
                report(.message("Renamed to \(name)."))
            case .previewForget:
                report(.forgetPreview(try await api.previewForget(person)))
            case .forget(let preview):
                let applied = try await api.applyForget(personID: person.id, preview: preview)
                if applied.state != .completed { _ = try await api.waitForCompletion(operationID: applied.id) }
                report(.forgotten(personID: person.id))
                report(.message("Forgot \(person.displayName); original messages stay in their source."))
            case .correct(let correction, let describing):
                _ = try await api.correct(personID: person.id, correction)
                report(.factOutcome(describing))
                await loadProfile(person.id, report)
            default:
                try await identityAction(action, person: person, api: api, report)
            }
        } catch let conflict as IdentityConflict {
            report(.identityRefused(conflict.description, canPreviewAgain: true))
            await loadPeople(report)
        } catch PeopleError.previewExpired {
            report(.identityRefused(PreviewExpiry.expired.text + " Nothing was changed.", canPreviewAgain: true))
        } catch {
            let meaning = PeopleError.from(error, isWrite: true)
            if case .correct = action {
                // Said on the facts sheet, beside the fact; the profile is read again (it may have changed).
                report(.factOutcome("Not corrected: \(meaning.map(\.description) ?? describe(error))"))
            }
            if case .writesDenied? = meaning {
                report(.writesDenied)
            } else if case .correct = action {
                await loadProfile(person.id, report)
            } else if let step = action.sheetStep {
                report(.identityRefused("Not \(step): \(meaning.map(\.description) ?? describe(error))", canPreviewAgain: true))
            } else if let meaning {
                report(.message(meaning.description))
                await loadProfile(person.id, report)
            } else {
                report(.message("Not done: \(describe(error))"))
            }
        }
    }

    /// Merge, split, undo, Not the same and contact details (docs/wire/people.md §7).
    private func identityAction(_ action: PeopleAction, person: Person, api: PeopleAPI,
                                _ report: @escaping @Sendable (PeopleScreenResult) -> Void) async throws {
        switch action {
        case .readIdentityEvidence:
            report(.identityEvidence(personID: person.id, try await api.identityEvidence(personID: person.id)))
        case .previewMerge(let target):
            // Both read again first, so a preview asked for again after a conflict expects the current revisions.
            let source = try await api.profile(id: person.id).person, target = try await api.profile(id: target.id).person
            let labels = IdentitySheet.labels((try? await api.identityEvidence(personID: source.id)) ?? [])
            report(.identityPreview(try await api.previewMerge(source: source, into: target), labels: labels))
        case .previewSplit(let selected):
            let current = try await api.profile(id: person.id).person
            let labels = IdentitySheet.labels((try? await api.identityEvidence(personID: current.id)) ?? [])
            report(.identityPreview(try await api.previewSplit(current, selecting: selected), labels: labels))
        case .apply(let preview, let describing):
            let applied = try await api.apply(preview)
            report(.identityApplied(applied, message: describing))
            await loadPeople(report)
        case .undo(let operationID, let revision):
            let undone = try await api.undo(operationID: operationID, expectedRevision: revision)
            report(.identityApplied(undone, message: "Undone; the people involved are as they were."))
            await loadPeople(report)
        case .contact(let edit, let describing):
            do {
                report(.person(try await api.editReadingBack(personID: person.id, expectedRevision: person.revision, edit)))
                report(.contactOutcome(describing))
            } catch let changed as PersonChangedElsewhere {
                report(.contactOutcome("Not changed: \(person.displayName) changed on another device "
                                       + "meanwhile; read again, this is how it stands now."))
                if let current = changed.current {
                    report(.profile(current))
                    return
                }
            }
            await loadProfile(person.id, report)
        case .keepApart(let suggestion):
            _ = try await api.decide(suggestion, .separate)
            report(.message("Kept \(suggestion.source.displayName) and \(suggestion.target.displayName) apart; "
                            + "they will not be suggested again."))
            await loadPeople(report)
        default:
            break
        }
    }
}
