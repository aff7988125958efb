import Foundation
import VeetConsole
import VeetPeople
import VeetTransport

/// What People needs from its owner, for "Needs you" (the TUI's sidebar and
/// `veet needs-you`): the people of the Needs review collection (known only by
/// a name or a role), one page in the server's order.
public struct PeopleNeedsYou: NeedsYouSource {
    /// The feature's name on its items: the shell opens them on the People screen.
    public static let feature = "people"
    let api: PeopleAPI

    public init(api: PeopleAPI) {
        self.api = api
    }

    public var feature: String { Self.feature }

    /// One read of the collection (20 at most); a server without People contributes nothing.
    public func read() async -> NeedsYouReport { await read(limit: 20) }

    public func read(limit: Int) async -> NeedsYouReport {
        do {
            return .items(try await api.directoryPage(DirectoryQuery(collection: .needsReview), limit: limit).items.map(Self.item))
        } catch {
            return ServerRefusal.meansNotOffered(error) ? .notOffered : .unread("\(error)")
        }
    }

    static func item(_ person: Person) -> NeedsYouItem {
        NeedsYouItem(feature: feature, kind: "person_review", id: person.id, need: "Person to review",
                     subject: ServerText.line(person.displayName), tag: "person", date: person.updatedAt?.date,
                     command: "veet people show \(person.id)")
    }
}
