import VeetPeople
import VeetTransport

/// The owner's pinned people, each with the initials the directory shows.
func pinnedPeople(on client: HTTPClient) async throws -> [String] {
    let people = PeopleAPI(sender: .live(client: client))
    return try await people.directory(DirectoryQuery(collection: .pinned))
        .map { "\($0.initials) \($0.displayName)" }
}

// The README's example, run (on the reference server: FixtureTests.swift).
