import Foundation

extension Page {
    /// Every item of a keyset-paged list, following `nextCursor` until the last
    /// page (`isLast`) or `maxItems`. A cursor seen twice is an invalid answer,
    /// never an endless walk. `page` gets the cursor to send (nil first).
    public static func all(maxItems: Int? = nil,
                           _ page: (_ cursor: String?) async throws -> Page<Item>) async throws -> [Item] {
        var items: [Item] = []
        var cursor: String?
        var seenCursors: Set<String> = []
        repeat {
            let next = try await page(cursor)
            items.append(contentsOf: next.items)
            if let maxItems, items.count >= maxItems { return Array(items.prefix(maxItems)) }
            cursor = next.isLast ? nil : next.nextCursor
            if let cursor, !seenCursors.insert(cursor).inserted {
                throw InvalidResponseError("the server repeated a page cursor; the list cannot be read")
            }
        } while cursor != nil
        return items
    }
}

extension HTTPRequest {
    /// The paging query of one list request: `limit` and `cursor` when set, after `query`.
    public static func page(_ path: String, query: [URLQueryItem] = [], limit: Int? = nil,
                            cursor: String?) -> HTTPRequest {
        var query = query
        if let limit { query.append(URLQueryItem(name: "limit", value: String(limit))) }
        if let cursor { query.append(URLQueryItem(name: "cursor", value: cursor)) }
        return .get(path, query: query)
    }
}
