import Foundation

/// The directory's collections (docs/wire/people.md §3, "Client collections"), as the
/// query each one sends.
public enum PeopleCollection: String, Sendable, Hashable, CaseIterable {
    /// Everyone current: active and provisional identities.
    case people
    /// The owner's pinned people.
    case pinned
    /// People known only by a name or role, unpinned and unconfirmed.
    case needsReview = "needs_review"
    /// Every identity, merged ones included.
    case all

    public var query: [URLQueryItem] {
        let current = [URLQueryItem(name: "state", value: "active"), URLQueryItem(name: "state", value: "provisional")]
        switch self {
        case .people: return current
        case .pinned: return current + [URLQueryItem(name: "pinned", value: "true")]
        case .needsReview: return [URLQueryItem(name: "review", value: "true")]
        case .all: return []
        }
    }

    public var title: String {
        switch self {
        case .people: "People"
        case .pinned: "Pinned"
        case .needsReview: "Needs review"
        case .all: "All identities"
        }
    }
}

/// A directory search: `text` is trimmed and cut to the server's 512 characters.
public struct DirectoryQuery: Sendable, Hashable {
    public var collection: PeopleCollection
    public var text: String?
    /// `recent` puts the most recent interaction first; nil keeps the server's default (`id`).
    public var sortRecent: Bool

    public init(collection: PeopleCollection = .people, text: String? = nil, sortRecent: Bool = false) {
        self.collection = collection
        self.text = text
        self.sortRecent = sortRecent
    }

    public var query: [URLQueryItem] {
        var items = collection.query
        if let text = text?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty {
            items.append(URLQueryItem(name: "text", value: String(text.prefix(512))))
        }
        if sortRecent { items.append(URLQueryItem(name: "sort", value: "recent")) }
        return items
    }
}
