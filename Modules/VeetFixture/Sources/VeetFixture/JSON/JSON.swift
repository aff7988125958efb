import Foundation

/// A JSON value whose objects keep their member order.
///
/// REST bodies are written in declaration order (like the recorded server);
/// SSE `data:` lines are written with keys sorted at every level.
enum JSON: Equatable, Sendable {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    case array([JSON])
    case object([Member])

    struct Member: Equatable, Sendable {
        var key: String
        var value: JSON
    }
}

extension JSON: ExpressibleByDictionaryLiteral, ExpressibleByArrayLiteral,
    ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByNilLiteral
{
    init(dictionaryLiteral elements: (String, JSON)...) {
        self = .object(elements.map { Member(key: $0.0, value: $0.1) })
    }
    init(arrayLiteral elements: JSON...) { self = .array(elements) }
    init(stringLiteral value: String) { self = .string(value) }
    init(integerLiteral value: Int) { self = .int(Int64(value)) }
    init(booleanLiteral value: Bool) { self = .bool(value) }
    init(nilLiteral: ()) { self = .null }
}

extension JSON {
    static func string(_ value: String?) -> JSON { value.map { .string($0) } ?? .null }
    static func int(_ value: Int) -> JSON { .int(Int64(value)) }

    /// Member lookup on an object (nil for other values or a missing key).
    subscript(key: String) -> JSON? {
        guard case .object(let members) = self else { return nil }
        return members.last(where: { $0.key == key })?.value
    }

    var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    var intValue: Int64? {
        if case .int(let value) = self { return value }
        return nil
    }

    var arrayValue: [JSON]? {
        if case .array(let value) = self { return value }
        return nil
    }

    var objectMembers: [Member]? {
        if case .object(let value) = self { return value }
        return nil
    }

    var isNull: Bool { self == .null }

    /// Keys of an object, in order.
    var keys: [String] { objectMembers?.map(\.key) ?? [] }

    /// Returns an object with `key` set (replacing an existing member in place).
    func setting(_ key: String, _ value: JSON) -> JSON {
        guard var members = objectMembers else { return self }
        if let index = members.firstIndex(where: { $0.key == key }) {
            members[index].value = value
        } else {
            members.append(Member(key: key, value: value))
        }
        return .object(members)
    }
}
