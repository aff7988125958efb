import VeetPeople
import VeetStore

extension CLIContext {
    /// `api` writing into this connection's People audit session: kept in the local store and
    /// created on first use (docs/wire/people.md §1: one for the whole People screen, shared with veet-tui).
    func auditedPeople(_ api: PeopleAPI) async throws -> PeopleAPI {
        let (store, _) = try self.store()
        let preferences = ConnectionPreferences(store: store)
        return try await api.audited(load: { try preferences.value(for: PeopleAPI.auditSessionKey) },
                                     save: { try preferences.set($0, for: PeopleAPI.auditSessionKey) })
    }
}
