import Foundation

/// Strict RFC 8259 parser for request bodies and cursors.
/// Any defect (trailing bytes, bad escapes, invalid UTF-8, nesting over 64) is one error.
struct JSONParser {
    struct Failure: Error {}

    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0
    private static let maximumDepth = 64

    static func parse(_ data: Data) throws -> JSON {
        var parser = JSONParser(bytes: [UInt8](data))
        parser.skipWhitespace()
        let value = try parser.parseValue()
        parser.skipWhitespace()
        guard parser.index == parser.bytes.count else { throw Failure() }
        return value
    }

    static func parse(_ text: String) throws -> JSON { try parse(Data(text.utf8)) }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
            index += 1
        }
    }

    private mutating func expect(_ literal: String) throws {
        for byte in literal.utf8 {
            guard current == byte else { throw Failure() }
            index += 1
        }
    }

    private mutating func parseValue() throws -> JSON {
        guard let byte = current else { throw Failure() }
        switch byte {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expect("true"); return .bool(true)
        case UInt8(ascii: "f"): try expect("false"); return .bool(false)
        case UInt8(ascii: "n"): try expect("null"); return .null
        default: return try parseNumber()
        }
    }

    private mutating func enter() throws {
        depth += 1
        guard depth <= Self.maximumDepth else { throw Failure() }
    }

    private mutating func parseObject() throws -> JSON {
        try enter()
        defer { depth -= 1 }
        index += 1
        var members: [JSON.Member] = []
        skipWhitespace()
        if current == UInt8(ascii: "}") { index += 1; return .object(members) }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else { throw Failure() }
            let key = try parseString()
            skipWhitespace()
            try expect(":")
            skipWhitespace()
            let value = try parseValue()
            // Later duplicates win, as in the Python server.
            if let existing = members.firstIndex(where: { $0.key == key }) {
                members[existing].value = value
            } else {
                members.append(JSON.Member(key: key, value: value))
            }
            skipWhitespace()
            guard let separator = current else { throw Failure() }
            index += 1
            if separator == UInt8(ascii: "}") { return .object(members) }
            guard separator == UInt8(ascii: ",") else { throw Failure() }
        }
    }

    private mutating func parseArray() throws -> JSON {
        try enter()
        defer { depth -= 1 }
        index += 1
        var items: [JSON] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") { index += 1; return .array(items) }
        while true {
            skipWhitespace()
            items.append(try parseValue())
            skipWhitespace()
            guard let separator = current else { throw Failure() }
            index += 1
            if separator == UInt8(ascii: "]") { return .array(items) }
            guard separator == UInt8(ascii: ",") else { throw Failure() }
        }
    }

    private mutating func parseString() throws -> String {
        index += 1
        var raw: [UInt8] = []
        while true {
            guard let byte = current else { throw Failure() }
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                guard let text = String(validating: raw, as: UTF8.self) else { throw Failure() }
                return text
            case UInt8(ascii: "\\"):
                try parseEscape(into: &raw)
            case 0..<0x20:
                throw Failure()
            default:
                raw.append(byte)
            }
        }
    }

    private mutating func parseEscape(into raw: inout [UInt8]) throws {
        guard let byte = current else { throw Failure() }
        index += 1
        let simple: [UInt8: UInt8] = [
            UInt8(ascii: "\""): 0x22, UInt8(ascii: "\\"): 0x5C, UInt8(ascii: "/"): 0x2F,
            UInt8(ascii: "b"): 0x08, UInt8(ascii: "f"): 0x0C, UInt8(ascii: "n"): 0x0A,
            UInt8(ascii: "r"): 0x0D, UInt8(ascii: "t"): 0x09,
        ]
        if let mapped = simple[byte] { raw.append(mapped); return }
        guard byte == UInt8(ascii: "u") else { throw Failure() }
        var code = try parseHex4()
        if (0xD800...0xDBFF).contains(code) {
            try expect("\\u")
            let low = try parseHex4()
            guard (0xDC00...0xDFFF).contains(low) else { throw Failure() }
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
        } else if (0xDC00...0xDFFF).contains(code) {
            throw Failure()
        }
        guard let scalar = Unicode.Scalar(code) else { throw Failure() }
        raw.append(contentsOf: Array(String(Character(scalar)).utf8))
    }

    private mutating func parseHex4() throws -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current, let digit = Self.hexValue(byte) else { throw Failure() }
            value = value * 16 + UInt32(digit)
            index += 1
        }
        return value
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    private mutating func parseNumber() throws -> JSON {
        let start = index
        if current == UInt8(ascii: "-") { index += 1 }
        guard let first = current, Self.isDigit(first) else { throw Failure() }
        if first == UInt8(ascii: "0") {
            index += 1
        } else {
            while let byte = current, Self.isDigit(byte) { index += 1 }
        }
        var isInteger = true
        if current == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            try consumeDigits()
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            try consumeDigits()
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if isInteger, let value = Int64(text) { return .int(value) }
        guard let value = Double(text), value.isFinite else { throw Failure() }
        return .double(value)
    }

    private mutating func consumeDigits() throws {
        guard let byte = current, Self.isDigit(byte) else { throw Failure() }
        while let byte = current, Self.isDigit(byte) { index += 1 }
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}
