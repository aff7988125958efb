import Foundation

extension KeyedDecodingContainer {
    /// The field, or `fallback` when it is absent or null: responses grow and
    /// older servers leave newer keys out (docs/wire/email.md §1).
    func value<T: Decodable>(_ key: Key, or fallback: T) throws -> T {
        try decodeIfPresent(T.self, forKey: key) ?? fallback
    }

    func optional<T: Decodable>(_ key: Key) throws -> T? {
        try decodeIfPresent(T.self, forKey: key)
    }
}
