import Foundation
import VeetPeople
import VeetStore
import VeetTransport

/// What the People screen's calls report.
enum PeopleUpdate: Sendable {
    case listed(pinned: [Person], review: [Person], everyone: [Person])
    /// The server has no People: the screen says so plainly.
    case unavailable
    case profile(PersonProfile)
    /// A person changed (pin, rename): the row and the page follow.
    case person(Person)
    /// The forget preview, for the confirmation sheet.
    case forgetPreview(ErasureView)
    case forgotten(personID: String)
    /// A write met 403: the writes hide, with the reason.
    case writesDenied
    /// The open merge suggestions (empty after any failure: the route is optional).
    case suggestions([MergeSuggestion])
    /// What an identity is made of, for Repair identity.
    case identityEvidence(personID: String, [IdentityEvidence])
    /// A merge or split preview, with the records' labels.
    case identityPreview(IdentityOperation, labels: [String: String])
    /// A merge or split applied, or an undo done.
    case identityApplied(IdentityOperation, message: String)
    /// An apply refused: expired, or a `409` with the re-read state.
    case identityRefused(String, canPreviewAgain: Bool)
    /// The past imports, newest first.
    case imports([ImportJob])
    /// An import previewed, to be applied.
    case importPreview(ImportJob)
    /// An import read again: started, progressing, paused, done, cancelled.
    case importJob(ImportJob)
    /// An import action refused (nothing was started or changed).
    case importRefused(String)
    /// A contact detail saved, or refused (a `409` after the person was read again).
    case contactOutcome(String)
    case message(String)
}

/// The People screen's calls (VeetPeople). Writes go into the connection's
/// People audit session, shared with `veet people` through the store.
extension Backend {
    var people: PeopleAPI { PeopleAPI(sender: api.sender) }

    func auditedPeopleAPI() async throws -> PeopleAPI { try await auditedPeople() }

    private func auditedPeople() async throws -> PeopleAPI {
        let preferences = ConnectionPreferences(store: store)
        return try await people.audited(load: { try preferences.value(for: PeopleAPI.auditSessionKey) },
                                        save: { try preferences.set($0, for: PeopleAPI.auditSessionKey) })
    }

    func loadPeople() -> Task<Void, Never> {
        let api = people
        return Task {
            do {
                let everyone = try await api.directory()
                let review = try await api.directory(DirectoryQuery(collection: .needsReview))
                inbox.post(.people(.listed(pinned: everyone.filter(\.pinned), review: review, everyone: everyone)))
                inbox.post(.people(.suggestions(await api.mergeSuggestions())))
            } catch where PeopleAPI.meansUnavailable(error) {
                inbox.post(.people(.unavailable))
            } catch {
                inbox.post(.people(.message("Could not read People: \(Self.describe(error))")))
            }
        }
    }

    func loadProfile(personID: String) -> Task<Void, Never> {
        let api = people
        return Task {
            do {
                inbox.post(.people(.profile(try await api.profile(id: personID))))
            } catch {
                inbox.post(.people(.message("Could not read the profile: \(Self.describe(error))")))
            }
        }
    }

    enum PeopleAction: Sendable {
        case pin(Bool), rename(String), previewForget, forget(ErasureView)
        case readIdentityEvidence
        case previewMerge(into: Person)
        case previewSplit(selected: [String])
        case apply(IdentityOperation, describing: String)
        case undo(operationID: String, revision: Int)
        case keepApart(MergeSuggestion)
        /// A contact detail added or ended, against the person's revision.
        case contact(PersonEdit, describing: String)

        /// What a failure of this action leaves undone, when a sheet waits on it.
        var sheetStep: String? {
            switch self {
            case .previewMerge, .previewSplit: "previewed"
            case .apply: "applied"
            default: nil
            }
        }
    }

    /// Sends the action against the revision on screen; a 409 reads the person again.
    func peopleAction(_ action: PeopleAction, person: Person) -> Task<Void, Never> {
        Task {
            do {
                let api = try await auditedPeople()
                switch action {
                case .pin(let pinned):
                    inbox.post(.people(.person(try await api.setPinned(pinned, person: person))))
                    inbox.post(.people(.message(pinned ? "Pinned \(person.displayName)." : "Unpinned \(person.displayName).")))
                case .rename(let name):
                    inbox.post(.people(.person(try await api.rename(person, to: name))))
                    inbox.post(.people(.message("Renamed to \(name).")))
                case .previewForget:
                    inbox.post(.people(.forgetPreview(try await api.previewForget(person))))
                case .forget(let preview):
                    let applied = try await api.applyForget(personID: person.id, preview: preview)
                    if applied.state != .completed { _ = try await api.waitForCompletion(operationID: applied.id) }
                    inbox.post(.people(.forgotten(personID: person.id)))
                    inbox.post(.people(.message("Forgot \(person.displayName); original messages stay in their source.")))
                default:
                    try await identityAction(action, person: person, api: api)
                }
            } catch let conflict as IdentityConflict {
                inbox.post(.people(.identityRefused(conflict.description, canPreviewAgain: true)))
                _ = loadPeople()
            } catch PeopleError.previewExpired {
                inbox.post(.people(.identityRefused(PreviewExpiry.expired.text + " Nothing was changed.", canPreviewAgain: true)))
            } catch {
                if case .writesDenied? = PeopleError.from(error, isWrite: true) {
                    inbox.post(.people(.writesDenied))
                } else if let step = action.sheetStep {
                    let meaning = PeopleError.from(error, isWrite: true).map(\.description) ?? Self.describe(error)
                    inbox.post(.people(.identityRefused("Not \(step): \(meaning)", canPreviewAgain: true)))
                } else if let meaning = PeopleError.from(error, isWrite: true) {
                    inbox.post(.people(.message(meaning.description)))
                    _ = loadProfile(personID: person.id)
                } else {
                    inbox.post(.people(.message("Not done: \(Self.describe(error))")))
                }
            }
        }
    }
}

/// Merge, split, undo and Not the same (people.md §7).
extension Backend {
    fileprivate func identityAction(_ action: PeopleAction, person: Person, api: PeopleAPI) async throws {
        switch action {
        case .readIdentityEvidence:
            inbox.post(.people(.identityEvidence(personID: person.id, try await api.identityEvidence(personID: person.id))))
        case .previewMerge(let target):
            // Both read again first, so a preview asked for again after a 409 expects the current revisions.
            let source = try await api.profile(id: person.id).person, target = try await api.profile(id: target.id).person
            let labels = IdentitySheet.labels((try? await api.identityEvidence(personID: source.id)) ?? [])
            inbox.post(.people(.identityPreview(try await api.previewMerge(source: source, into: target), labels: labels)))
        case .previewSplit(let selected):
            let current = try await api.profile(id: person.id).person
            let labels = IdentitySheet.labels((try? await api.identityEvidence(personID: current.id)) ?? [])
            inbox.post(.people(.identityPreview(try await api.previewSplit(current, selecting: selected), labels: labels)))
        case .apply(let preview, let describing):
            let applied = try await api.apply(preview)
            inbox.post(.people(.identityApplied(applied, message: describing)))
            _ = loadPeople()
        case .undo(let operationID, let revision):
            let undone = try await api.undo(operationID: operationID, expectedRevision: revision)
            inbox.post(.people(.identityApplied(undone, message: "Undone; the people involved are as they were.")))
            _ = loadPeople()
        case .contact(let edit, let describing):
            do {
                inbox.post(.people(.person(try await api.edit(personID: person.id, expectedRevision: person.revision, edit))))
                inbox.post(.people(.contactOutcome(describing)))
            } catch let error as APIError where error.status == 409 && !error.isIdempotencyKeyReused {
                inbox.post(.people(.contactOutcome("Not changed: \(person.displayName) changed on another device "
                                                   + "meanwhile; read again, this is how it stands now.")))
            }
            _ = loadProfile(personID: person.id)
        case .keepApart(let suggestion):
            _ = try await api.decide(suggestion, .separate)
            inbox.post(.people(.message("Kept \(suggestion.source.displayName) and \(suggestion.target.displayName) apart; "
                                        + "they will not be suggested again.")))
            _ = loadPeople()
        default:
            break
        }
    }
}
