import VeetTransport

/// A JSON object whose values are all scalars, read straight from the bytes.
///
/// Most run events (`message.delta`, the lifecycle events, tool steps without
/// a result) are such objects. Reading them by hand costs a fraction of a
/// Foundation `JSONDecoder` pass. The reader is deliberately narrow: anything
/// it is not certain to read exactly as `JSONDecoder` does (a nested value, a
/// fraction or exponent, an integer of 19 or more digits, `-0`, a repeated
/// key, a lone surrogate, a raw control character, any invalid JSON) makes
/// `parse` answer nil, and the caller falls back to the Foundation decoders.
struct FlatJSONObject {
    enum Scalar: Equatable {
        case string(String)
        case integer(Int64)
        case bool(Bool)
        case null
    }

    /// In the order the server wrote them; keys are unique.
    private(set) var fields: [(key: String, value: Scalar)] = []

    func value(_ key: String) -> Scalar? {
        fields.first { $0.key == key }?.value
    }

    /// The object as `JSONValue` would decode it.
    var jsonValue: JSONValue {
        var object: [String: JSONValue] = [:]
        object.reserveCapacity(fields.count)
        for field in fields { object[field.key] = field.value.jsonValue }
        return .object(object)
    }

    static func parse(_ text: String) -> FlatJSONObject? {
        var text = text
        return text.withUTF8 { bytes in
            var reader = FlatJSONReader(bytes: bytes)
            return reader.object()
        }
    }

    fileprivate mutating func append(_ key: String, _ value: Scalar) -> Bool {
        guard !fields.contains(where: { $0.key == key }) else { return false }
        fields.append((key, value))
        return true
    }
}

extension FlatJSONObject.Scalar {
    var jsonValue: JSONValue {
        switch self {
        case .string(let text): .string(text)
        case .integer(let number): .int(number)
        case .bool(let flag): .bool(flag)
        case .null: .null
        }
    }
}

/// The byte-level reader behind `FlatJSONObject.parse`; every method answers
/// nil at the first byte it does not accept.
private struct FlatJSONReader {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    mutating func object() -> FlatJSONObject? {
        skipSpace()
        guard take(UInt8(ascii: "{")) else { return nil }
        var object = FlatJSONObject()
        skipSpace()
        if take(UInt8(ascii: "}")) { return atEnd() ? object : nil }
        while true {
            skipSpace()
            guard take(UInt8(ascii: "\"")), let key = string() else { return nil }
            skipSpace()
            guard take(UInt8(ascii: ":")) else { return nil }
            skipSpace()
            guard let value = scalar(), object.append(key, value) else { return nil }
            skipSpace()
            if take(UInt8(ascii: ",")) { continue }
            guard take(UInt8(ascii: "}")) else { return nil }
            return atEnd() ? object : nil
        }
    }

    private mutating func atEnd() -> Bool {
        skipSpace()
        return index == bytes.count
    }

    private mutating func skipSpace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private mutating func take(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    private mutating func literal(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard bytes.count - index >= count else { return false }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { return false }
        index += count
        return true
    }

    private mutating func scalar() -> FlatJSONObject.Scalar? {
        guard index < bytes.count else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "\""):
            index += 1
            return string().map { .string($0) }
        case UInt8(ascii: "t"): return literal("true") ? .bool(true) : nil
        case UInt8(ascii: "f"): return literal("false") ? .bool(false) : nil
        case UInt8(ascii: "n"): return literal("null") ? .null : nil
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return integer().map { .integer($0) }
        default: return nil
        }
    }

    /// `-?(0|[1-9][0-9]{0,17})`, not followed by a fraction or exponent.
    private mutating func integer() -> Int64? {
        let negative = take(UInt8(ascii: "-"))
        let start = index
        var value: Int64 = 0
        while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
            value = value * 10 + Int64(bytes[index] - 0x30)
            index += 1
            if index - start > 18 { return nil }
        }
        let digits = index - start
        guard digits > 0, !(digits > 1 && bytes[start] == 0x30), !(negative && value == 0) else { return nil }
        if index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"): return nil
            default: break
            }
        }
        return negative ? -value : value
    }

    /// The rest of a string whose opening quote was taken.
    private mutating func string() -> String? {
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                index += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { return escapedString(from: start) }
            if byte < 0x20 { return nil }
            index += 1
        }
        return nil
    }

    private mutating func escapedString(from start: Int) -> String? {
        var text = Array(UnsafeBufferPointer(rebasing: bytes[start..<index]))
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return String(decoding: text, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard index < bytes.count else { return nil }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(escape)
                case UInt8(ascii: "b"): text.append(0x08)
                case UInt8(ascii: "f"): text.append(0x0C)
                case UInt8(ascii: "n"): text.append(0x0A)
                case UInt8(ascii: "r"): text.append(0x0D)
                case UInt8(ascii: "t"): text.append(0x09)
                case UInt8(ascii: "u"):
                    guard let scalar = unicodeEscape() else { return nil }
                    text.append(contentsOf: String(Character(scalar)).utf8)
                default: return nil
                }
            default:
                if byte < 0x20 { return nil }
                text.append(byte)
            }
        }
        return nil
    }

    /// The `XXXX` after `\u` (and a low surrogate's `\uXXXX` after a high one); a lone surrogate is refused.
    private mutating func unicodeEscape() -> Unicode.Scalar? {
        guard let first = hex4() else { return nil }
        switch first {
        case 0xD800...0xDBFF:
            guard take(UInt8(ascii: "\\")), take(UInt8(ascii: "u")), let second = hex4(),
                  (0xDC00...0xDFFF).contains(second) else { return nil }
            return Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))
        case 0xDC00...0xDFFF: return nil
        default: return Unicode.Scalar(first)
        }
    }

    private mutating func hex4() -> UInt32? {
        guard bytes.count - index >= 4 else { return nil }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case 0x30...0x39: digit = byte - 0x30
            case 0x41...0x46: digit = byte - 0x41 + 10
            case 0x61...0x66: digit = byte - 0x61 + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }
}
