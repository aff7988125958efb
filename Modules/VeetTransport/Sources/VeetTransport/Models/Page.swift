import Foundation

/// One page of a keyset-paged list. Stop when `nextCursor` is nil; pass the
/// cursor back unchanged, never build or inspect one.
public struct Page<Item: Sendable>: Sendable {
    public var items: [Item]
    public var nextCursor: String?

    public init(items: [Item], nextCursor: String? = nil) {
        self.items = items
        self.nextCursor = nextCursor
    }

    enum CodingKeys: String, CodingKey {
        case items
        case nextCursor = "next_cursor"
    }

    /// True when there is nothing more to fetch. An empty page with a cursor
    /// also ends the walk, so a misbehaving server cannot make a client loop.
    public var isLast: Bool { nextCursor == nil || items.isEmpty }
}

/// Read-only item types (decoded but never sent) page the same way.
extension Page: Decodable where Item: Decodable {
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        items = try c.decodeIfPresent([Item].self, forKey: .items) ?? []
        nextCursor = try c.decodeIfPresent(String.self, forKey: .nextCursor)
    }
}

extension Page: Encodable where Item: Encodable {
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(items, forKey: .items)
        try c.encode(nextCursor, forKey: .nextCursor)
    }
}

extension Page: Equatable where Item: Equatable {}
extension Page: Hashable where Item: Hashable {}

/// One list item that is skipped, not fatal, when it does not decode: decode
/// `[Skippable<T>]` (or `Page<Skippable<T>>`) and keep the `value`s that are there.
public struct Skippable<T: Codable & Sendable>: Codable, Sendable {
    public var value: T?
    public init(from decoder: Decoder) throws { value = try? T(from: decoder) }
    public func encode(to encoder: Encoder) throws { try value?.encode(to: encoder) }
}
