import Foundation

/// One page of a list already in its order, with an opaque cursor naming the
/// last id served (docs/wire/README.md §8): the website-access lists and the schedule
/// occurrences. `limit` is 1–200 (default 50); over 200 is refused, not
/// clamped, as browser profiles and grants do (docs/wire/website-access.md §1).
enum IDPaging {
    static func page(_ ids: [String], limit limitText: String?, cursor: String?) throws -> (ids: [String], next: JSON) {
        if let limitText, let value = Int(limitText), value > 200 { throw APIFailure.malformed() }
        let limit = try Validation.limit(limitText, defaultValue: 50)
        var start = 0
        if let cursor {
            guard let data = Data(base64Encoded: cursor), let lastID = String(data: data, encoding: .utf8),
                  let index = ids.firstIndex(of: lastID)
            else { throw APIFailure.malformed("cursor is malformed") }
            start = index + 1
        }
        let slice = Array(ids.dropFirst(start).prefix(limit))
        guard start + slice.count < ids.count, let last = slice.last else { return (slice, .null) }
        return (slice, .string(Data(last.utf8).base64EncodedString()))
    }
}
