import Foundation
import VeetTransport

/// A `Decoder` over one node of a `TapeDocument`, so each payload's own
/// `init(from:)` reads it: the fast path has no second copy of any payload's rules.
///
/// It throws where `JSONDecoder` throws (a key absent; null, or a value of
/// the wrong kind, where a value is required; a container of the wrong kind;
/// reading past an array's end) and answers alike otherwise. What it does not
/// mirror exactly (a `.number`'s value, `Float`, a super decoder, `allKeys`,
/// the types `JSONDecoder` special-cases: `Date`, `Data`, `URL`, `Decimal`,
/// dictionaries other than `[String: JSONValue]`) is refused through the
/// document, even where a payload swallows the error with `try?`; the caller
/// then throws the result away and uses the Foundation decoder.
struct TapeDecoder: Decoder, SingleValueDecodingContainer {
    let document: TapeDocument
    let node: Int32

    var codingPath: [CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard document.kind(node) == .object else { throw TapeMismatch() }
        return KeyedDecodingContainer(TapeKeyedContainer<Key>(document: document, object: node))
    }

    func unkeyedContainer() throws -> UnkeyedDecodingContainer {
        guard document.kind(node) == .array else { throw TapeMismatch() }
        return TapeUnkeyedContainer(document: document, array: node)
    }

    func singleValueContainer() throws -> SingleValueDecodingContainer { self }

    func decodeNil() -> Bool { document.kind(node) == .null }
    func decode(_ type: Bool.Type) throws -> Bool { try document.bool(node) }
    func decode(_ type: String.Type) throws -> String { try document.string(node) }
    func decode(_ type: Double.Type) throws -> Double { try document.double(node) }
    func decode(_ type: Float.Type) throws -> Float { throw document.refuse() }
    func decode(_ type: Int.Type) throws -> Int { try document.integer(node, as: type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try document.integer(node, as: type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try document.integer(node, as: type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try document.integer(node, as: type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try document.integer(node, as: type) }
    func decode(_ type: UInt.Type) throws -> UInt { try document.integer(node, as: type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try document.integer(node, as: type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try document.integer(node, as: type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try document.integer(node, as: type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try document.integer(node, as: type) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try document.decode(type, node) }
}

/// Dictionaries: `JSONDecoder` reads String-keyed ones itself (key strategies), so only `[String: JSONValue]` is mirrored.
private protocol TapeDictionaryMarker {}
extension Dictionary: TapeDictionaryMarker {}

extension TapeDocument {
    func decode<T: Decodable>(_ type: T.Type, _ node: Int32) throws -> T {
        if T.self == String.self { return try string(node) as! T }  // each cast is checked by its condition
        if T.self == JSONValue.self {
            guard let value = jsonValue(node) else { throw refuse() }
            return value as! T
        }
        if T.self == Int.self { return try integer(node, as: Int.self) as! T }
        if T.self == Int64.self { return try integer(node, as: Int64.self) as! T }
        if T.self == Bool.self { return try bool(node) as! T }
        if T.self == [String: JSONValue].self {
            guard kind(node) == .object else { throw TapeMismatch() }
            guard let value = jsonObject(node) else { throw refuse() }
            return value as! T
        }
        if T.self == [JSONValue].self {
            guard kind(node) == .array else { throw TapeMismatch() }
            guard let value = jsonArray(node) else { throw refuse() }
            return value as! T
        }
        if T.self == Date.self || T.self == Data.self || T.self == URL.self || T.self == Decimal.self
            || T.self is TapeDictionaryMarker.Type {
            throw refuse()
        }
        return try T(from: TapeDecoder(document: self, node: node))
    }
}

private struct TapeKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let document: TapeDocument
    let object: Int32

    var codingPath: [CodingKey] { [] }
    /// `JSONDecoder` may list the keys in another order.
    var allKeys: [Key] {
        _ = document.refuse()
        return []
    }

    func contains(_ key: Key) -> Bool { document.member(object, key.stringValue) != nil }

    private func value(_ key: Key) throws -> Int32 {
        guard let node = document.member(object, key.stringValue) else { throw TapeMismatch() }
        return node
    }

    /// The value of `key` unless absent or null, as `decodeIfPresent` reads it.
    private func present(_ key: Key) -> Int32? {
        guard let node = document.member(object, key.stringValue), document.kind(node) != .null else { return nil }
        return node
    }

    func decodeNil(forKey key: Key) throws -> Bool { document.kind(try value(key)) == .null }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try document.bool(value(key)) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try document.string(value(key)) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try document.double(value(key)) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { throw document.refuse() }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try document.integer(value(key), as: type) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try document.integer(value(key), as: type) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try document.integer(value(key), as: type) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try document.integer(value(key), as: type) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try document.integer(value(key), as: type) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try document.integer(value(key), as: type) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try document.integer(value(key), as: type) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try document.integer(value(key), as: type) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try document.integer(value(key), as: type) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try document.integer(value(key), as: type) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try document.decode(type, value(key)) }

    // One lookup instead of the default's three (contains, decodeNil, decode); the same answers.
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        try present(key).map { try document.string($0) }
    }
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
        try present(key).map { try document.bool($0) }
    }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
        try present(key).map { try document.integer($0, as: type) }
    }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? {
        try present(key).map { try document.integer($0, as: type) }
    }
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        try present(key).map { try document.decode(type, $0) }
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type,
                                               forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try TapeDecoder(document: document, node: value(key)).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> UnkeyedDecodingContainer {
        try TapeDecoder(document: document, node: value(key)).unkeyedContainer()
    }

    func superDecoder() throws -> Decoder { throw document.refuse() }
    func superDecoder(forKey key: Key) throws -> Decoder { throw document.refuse() }
}

/// Advances only past an element read without error, as `JSONDecoder`'s does.
private struct TapeUnkeyedContainer: UnkeyedDecodingContainer {
    let document: TapeDocument
    let count: Int?
    private(set) var currentIndex = 0
    private var cursor: Int32

    init(document: TapeDocument, array: Int32) {
        self.document = document
        count = Int(document.nodes[Int(array)].start)
        cursor = array + 1
    }

    var codingPath: [CodingKey] { [] }
    var isAtEnd: Bool { currentIndex >= count ?? 0 }

    private func current() throws -> Int32 {
        guard !isAtEnd else { throw TapeMismatch() }
        return cursor
    }

    private mutating func advance<T>(_ value: T) -> T {
        cursor = document.nodes[Int(cursor)].next
        currentIndex += 1
        return value
    }

    mutating func decodeNil() throws -> Bool {
        guard document.kind(try current()) == .null else { return false }
        return advance(true)
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { advance(try document.bool(current())) }
    mutating func decode(_ type: String.Type) throws -> String { advance(try document.string(current())) }
    mutating func decode(_ type: Double.Type) throws -> Double { advance(try document.double(current())) }
    mutating func decode(_ type: Float.Type) throws -> Float { throw document.refuse() }
    mutating func decode(_ type: Int.Type) throws -> Int { advance(try document.integer(current(), as: type)) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { advance(try document.integer(current(), as: type)) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { advance(try document.integer(current(), as: type)) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { advance(try document.integer(current(), as: type)) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { advance(try document.integer(current(), as: type)) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { advance(try document.integer(current(), as: type)) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { advance(try document.integer(current(), as: type)) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { advance(try document.integer(current(), as: type)) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { advance(try document.integer(current(), as: type)) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { advance(try document.integer(current(), as: type)) }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { advance(try document.decode(type, current())) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
        -> KeyedDecodingContainer<NestedKey> {
        advance(try TapeDecoder(document: document, node: current()).container(keyedBy: type))
    }

    mutating func nestedUnkeyedContainer() throws -> UnkeyedDecodingContainer {
        advance(try TapeDecoder(document: document, node: current()).unkeyedContainer())
    }

    mutating func superDecoder() throws -> Decoder { throw document.refuse() }
}
