import Foundation
import VeetTransport

/// Reads run-event payload fields tolerantly: optional scalars of an
/// unexpected type read as nil (a newer server may change an incidental
/// field without costing the whole event), integers also accept decimal
/// strings (`model.request.started` sends its counts as `"32768"`).
/// Identity fields (`call_id`, `approval_id`) and content are read strictly,
/// so a payload missing them is reported as malformed instead of half-read.
struct RunEventPayloadReader<Key: CodingKey> {
    let container: KeyedDecodingContainer<Key>

    init(_ decoder: Decoder, keys: Key.Type) throws {
        container = try decoder.container(keyedBy: Key.self)
    }

    func string(_ key: Key) -> String? {
        (try? container.decodeIfPresent(String.self, forKey: key)) ?? nil
    }

    func timestamp(_ key: Key) -> Timestamp? {
        string(key).map { Timestamp($0) }
    }

    func requiredString(_ key: Key) throws -> String {
        try container.decode(String.self, forKey: key)
    }

    func int64(_ key: Key) -> Int64? {
        json(key)?.intValue
    }

    func int(_ key: Key) -> Int? {
        int64(key).flatMap { Int(exactly: $0) }
    }

    func bool(_ key: Key) -> Bool? {
        (try? container.decodeIfPresent(Bool.self, forKey: key)) ?? nil
    }

    func vocabulary<Value: LenientEnum>(_ key: Key) -> Value? {
        string(key).map(Value.init(raw:))
    }

    /// Strings of an array; anything else in it is skipped.
    func strings(_ key: Key) -> [String] {
        guard case .array(let items)? = json(key) else { return [] }
        return items.compactMap(\.stringValue)
    }

    func int64s(_ key: Key) -> [Int64] {
        guard case .array(let items)? = json(key) else { return [] }
        return items.compactMap(\.intValue)
    }

    /// Any JSON value kept verbatim; nil when absent (an explicit null stays `.null`).
    func json(_ key: Key) -> JSONValue? {
        (try? container.decodeIfPresent(JSONValue.self, forKey: key)) ?? nil
    }

    /// A nested object decoded strictly; nil when absent or null.
    func nested<Value: Decodable>(_ key: Key, as type: Value.Type = Value.self) throws -> Value? {
        try container.decodeIfPresent(Value.self, forKey: key)
    }

    /// A nested array decoded strictly; empty when absent or null.
    func list<Element: Decodable>(_ key: Key, of type: Element.Type = Element.self) throws -> [Element] {
        try container.decodeIfPresent([Element].self, forKey: key) ?? []
    }

    /// Content parts: an array of blocks or a bare string; empty when absent.
    func content(_ key: Key) throws -> [ContentBlock] {
        try container.decodeIfPresent(FlexibleContent.self, forKey: key)?.blocks ?? []
    }
}
