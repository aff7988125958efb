import Foundation
import VeetPeople
import VeetStore

/// The People API of this connection for the People screen (VeetPeopleScreens). Writes go
/// into the connection's People audit session, shared with `veet people` through the store.
extension Backend {
    var people: PeopleAPI { PeopleAPI(sender: api.sender) }

    /// The People API writing into this connection's audit session (opened on first use).
    func auditedPeople() async throws -> PeopleAPI {
        let preferences = ConnectionPreferences(store: store)
        return try await people.audited(load: { try preferences.value(for: PeopleAPI.auditSessionKey) },
                                        save: { try preferences.set($0, for: PeopleAPI.auditSessionKey) })
    }
}
