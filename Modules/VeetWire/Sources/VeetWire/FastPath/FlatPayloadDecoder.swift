import VeetTransport

/// A `Decoder` over a `FlatJSONObject`, so each payload's own `init(from:)`
/// reads it: the fast path has no second copy of any payload's rules.
///
/// It answers as `JSONDecoder` does for what a flat object can hold (a key
/// absent, null, or a string, integer or boolean of the wrong type throws the
/// same way). Whatever it does not mirror exactly (a fraction type, a nested
/// container at the top, a super decoder) raises `FallbackSignal`, even where
/// a payload swallows the error with `try?`; the caller then throws the
/// result away and uses the Foundation decoder.
struct FlatPayloadDecoder: Decoder {
    let object: FlatJSONObject
    let signal: FallbackSignal

    var codingPath: [CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(FlatKeyedContainer<Key>(object: object, signal: signal))
    }

    func unkeyedContainer() throws -> UnkeyedDecodingContainer { throw signal.refuse() }
    func singleValueContainer() throws -> SingleValueDecodingContainer { throw signal.refuse() }
}

/// Set when the flat decoder met something it does not mirror; a reference type
/// so a refusal swallowed by `try?` inside a payload is still seen.
final class FallbackSignal {
    private(set) var raised = false

    func refuse() -> FlatDecodingRefusal {
        raised = true
        return FlatDecodingRefusal()
    }
}

/// Thrown by the flat decoder; the decoded frame is never built from it.
struct FlatDecodingRefusal: Error {}

private struct FlatKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let object: FlatJSONObject
    let signal: FallbackSignal

    var codingPath: [CodingKey] { [] }
    var allKeys: [Key] { object.fields.compactMap { Key(stringValue: $0.key) } }

    func contains(_ key: Key) -> Bool { object.value(key.stringValue) != nil }

    private func scalar(_ key: Key) throws -> FlatJSONObject.Scalar {
        guard let value = object.value(key.stringValue) else { throw FlatDecodingRefusal() }
        return value
    }

    func decodeNil(forKey key: Key) throws -> Bool { try scalar(key) == .null }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try ScalarReading.bool(scalar(key)) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try ScalarReading.string(scalar(key)) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try ScalarReading.int(scalar(key)) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try ScalarReading.int64(scalar(key)) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { throw signal.refuse() }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { throw signal.refuse() }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { throw signal.refuse() }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { throw signal.refuse() }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { throw signal.refuse() }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { throw signal.refuse() }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { throw signal.refuse() }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { throw signal.refuse() }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { throw signal.refuse() }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { throw signal.refuse() }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try ScalarReading.value(type, try scalar(key), signal)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type,
                                               forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        _ = try scalar(key)
        throw FlatDecodingRefusal()  // a scalar is never a container, as JSONDecoder says too
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> UnkeyedDecodingContainer {
        _ = try scalar(key)
        throw FlatDecodingRefusal()
    }

    func superDecoder() throws -> Decoder { throw signal.refuse() }
    func superDecoder(forKey key: Key) throws -> Decoder { throw signal.refuse() }
}

/// One scalar as a decoder (a `LenientEnum` or `FlexibleContent` field reads itself this way).
private struct ScalarDecoder: Decoder, SingleValueDecodingContainer {
    let scalar: FlatJSONObject.Scalar
    let signal: FallbackSignal

    var codingPath: [CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        throw FlatDecodingRefusal()
    }
    func unkeyedContainer() throws -> UnkeyedDecodingContainer { throw FlatDecodingRefusal() }
    func singleValueContainer() throws -> SingleValueDecodingContainer { self }

    func decodeNil() -> Bool { scalar == .null }
    func decode(_ type: Bool.Type) throws -> Bool { try ScalarReading.bool(scalar) }
    func decode(_ type: String.Type) throws -> String { try ScalarReading.string(scalar) }
    func decode(_ type: Int.Type) throws -> Int { try ScalarReading.int(scalar) }
    func decode(_ type: Int64.Type) throws -> Int64 { try ScalarReading.int64(scalar) }
    func decode(_ type: Double.Type) throws -> Double { throw signal.refuse() }
    func decode(_ type: Float.Type) throws -> Float { throw signal.refuse() }
    func decode(_ type: Int8.Type) throws -> Int8 { throw signal.refuse() }
    func decode(_ type: Int16.Type) throws -> Int16 { throw signal.refuse() }
    func decode(_ type: Int32.Type) throws -> Int32 { throw signal.refuse() }
    func decode(_ type: UInt.Type) throws -> UInt { throw signal.refuse() }
    func decode(_ type: UInt8.Type) throws -> UInt8 { throw signal.refuse() }
    func decode(_ type: UInt16.Type) throws -> UInt16 { throw signal.refuse() }
    func decode(_ type: UInt32.Type) throws -> UInt32 { throw signal.refuse() }
    func decode(_ type: UInt64.Type) throws -> UInt64 { throw signal.refuse() }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try ScalarReading.value(type, scalar, signal) }
}

private enum ScalarReading {
    static func bool(_ scalar: FlatJSONObject.Scalar) throws -> Bool {
        guard case .bool(let flag) = scalar else { throw FlatDecodingRefusal() }
        return flag
    }

    static func string(_ scalar: FlatJSONObject.Scalar) throws -> String {
        guard case .string(let text) = scalar else { throw FlatDecodingRefusal() }
        return text
    }

    static func int64(_ scalar: FlatJSONObject.Scalar) throws -> Int64 {
        guard case .integer(let number) = scalar else { throw FlatDecodingRefusal() }
        return number
    }

    static func int(_ scalar: FlatJSONObject.Scalar) throws -> Int {
        guard let number = Int(exactly: try int64(scalar)) else { throw FlatDecodingRefusal() }
        return number
    }

    static func value<T: Decodable>(_ type: T.Type, _ scalar: FlatJSONObject.Scalar,
                                    _ signal: FallbackSignal) throws -> T {
        switch type {
        case is JSONValue.Type: return scalar.jsonValue as! T  // checked by the case above
        case is String.Type: return try string(scalar) as! T
        case is Bool.Type: return try bool(scalar) as! T
        case is Int64.Type: return try int64(scalar) as! T
        case is Int.Type: return try int(scalar) as! T
        default: return try T(from: ScalarDecoder(scalar: scalar, signal: signal))
        }
    }
}
