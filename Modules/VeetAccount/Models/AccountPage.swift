import Foundation

/// One page of devices or notifications. Like `Page`, but read-only, so the
/// reduced item types need not be encodable. Stop when `nextCursor` is nil.
public struct AccountPage<Item: Decodable & Sendable>: Decodable, Sendable {
    public var items: [Item]
    public var nextCursor: String?

    enum CodingKeys: String, CodingKey {
        case items
        case nextCursor = "next_cursor"
    }

    public init(items: [Item], nextCursor: String?) {
        self.items = items
        self.nextCursor = nextCursor
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        items = try c.decodeIfPresent([Item].self, forKey: .items) ?? []
        nextCursor = try c.decodeIfPresent(String.self, forKey: .nextCursor)
    }

    /// An empty page with a cursor also ends a walk, so a misbehaving server cannot loop a client.
    public var isLast: Bool { nextCursor == nil || items.isEmpty }
}
