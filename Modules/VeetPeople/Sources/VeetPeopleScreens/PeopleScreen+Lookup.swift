import Foundation
import VeetPeople

/// Who another feature asks People to show (Email's View in People): the People id when the
/// source links one, else the directory's search for each text in turn (an address, then a name).
public struct PersonLookup: Sendable, Hashable {
    public var personID: String?
    public var searches: [String]

    public init(personID: String? = nil, searches: [String]) {
        self.personID = personID
        self.searches = searches
    }
}

extension PeopleScreen {
    /// The lookup's answer: the person is selected (now, or when the directory arrives) and read.
    mutating func found(_ person: Person?, _ lookup: PersonLookup) -> [PeopleScreenEffect] {
        guard let person else {
            message = "No one in People matches \(lookup.searches.first ?? "that sender")."
            return []
        }
        wanted = person.id
        if !people.contains(where: { $0.id == person.id }) { everyone.append(person) }
        selectWanted()
        message = ""
        return [.loadProfile(personID: person.id)]
    }

    /// Keeps the looked-up person selected until the directory has arrived with them.
    mutating func selectWanted() {
        guard let wanted, let index = people.firstIndex(where: { $0.id == wanted }) else { return }
        selected = index
        if loaded { self.wanted = nil }
    }
}

extension PeopleScreenWork {
    func find(_ lookup: PersonLookup) async -> Person? {
        if let id = lookup.personID, let profile = try? await people.profile(id: id) { return profile.person }
        for text in lookup.searches {
            if let person = try? await people.directory(DirectoryQuery(text: text), maxItems: 1).first { return person }
        }
        return nil
    }
}
