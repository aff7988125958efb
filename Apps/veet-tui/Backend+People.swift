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
    case message(String)
}

/// The People screen's calls (VeetPeople). Writes go into the connection's
/// People audit session, shared with `veet people` through the store.
extension Backend {
    var people: PeopleAPI { PeopleAPI(sender: api.sender) }

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
                }
            } catch {
                if case .writesDenied? = PeopleError.from(error, isWrite: true) {
                    inbox.post(.people(.writesDenied))
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
