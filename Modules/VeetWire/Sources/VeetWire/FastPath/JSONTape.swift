import VeetTransport

/// A JSON document read straight from its bytes into one flat list of nodes
/// (a "tape"): an object or array is a node followed by its members, each
/// node knows where its subtree ends, so a lookup skips whole values without
/// reading them. Strings stay byte ranges until a payload asks for one.
///
/// The reader is deliberately strict where `JSONDecoder` could answer
/// differently: a repeated key, a key with an escape, a lone surrogate, a raw
/// control character, nesting deeper than `maxDepth` or any invalid JSON makes
/// `parse` answer nil. A number that is not a plain integer of at most 18
/// digits (a fraction, an exponent, `-0`, a longer integer) is kept as
/// `.number`: reading its value refuses (`TapeDocument.refuse`), so a payload
/// that ignores it still takes the fast path and one that reads it falls back.
final class TapeDocument {
    enum Kind: UInt8 {
        case object, array, string, escapedString, integer, number, bool, null
    }

    struct Node {
        var kind: Kind
        var flag = false
        /// Strings: the first byte after the opening quote; containers: member count.
        var start: Int32 = 0
        /// Strings: the closing quote's offset.
        var end: Int32 = 0
        /// The index of the node after this one's subtree.
        var next: Int32 = 0
        var integer: Int64 = 0
    }

    static let maxDepth = 64

    let bytes: UnsafeBufferPointer<UInt8>
    let nodes: [Node]
    /// Set once something was met that this reader does not mirror exactly.
    private(set) var raised = false

    private init(bytes: UnsafeBufferPointer<UInt8>, nodes: [Node]) {
        self.bytes = bytes
        self.nodes = nodes
    }

    /// The document over `bytes` (which must outlive it), or nil (see the type).
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> TapeDocument? {
        guard bytes.count < Int(Int32.max) else { return nil }
        var parser = TapeParser(bytes: bytes)
        guard parser.document() else { return nil }
        return TapeDocument(bytes: bytes, nodes: parser.nodes)
    }

    /// `text` as `JSONDecoder` decodes it into a `JSONValue`, or nil where this reader is not sure to agree.
    static func jsonValue(of text: String) -> JSONValue? {
        var text = text
        return text.withUTF8 { bytes in
            guard let document = parse(bytes) else { return nil }
            return document.jsonValue(0)
        }
    }

    func refuse() -> TapeRefusal {
        raised = true
        return TapeRefusal()
    }

    func kind(_ node: Int32) -> Kind { nodes[Int(node)].kind }

    /// The value of `key` in the object `object`.
    func member(_ object: Int32, _ key: String) -> Int32? {
        var key = key
        return key.withUTF8 { wanted -> Int32? in
            var child = object + 1
            for _ in 0..<nodes[Int(object)].start {
                let name = nodes[Int(child)]
                if Int(name.end - name.start) == wanted.count, sameBytes(Int(name.start), wanted) { return child + 1 }
                child = nodes[Int(child) + 1].next
            }
            return nil
        }
    }

    private func sameBytes(_ start: Int, _ wanted: UnsafeBufferPointer<UInt8>) -> Bool {
        for offset in 0..<wanted.count where bytes[start + offset] != wanted[offset] { return false }
        return true
    }

    /// The members of an object (key node, value node), in order.
    func forEachMember(_ object: Int32, _ body: (Int32, Int32) throws -> Void) rethrows {
        var child = object + 1
        for _ in 0..<nodes[Int(object)].start {
            try body(child, child + 1)
            child = nodes[Int(child) + 1].next
        }
    }

    func forEachElement(_ array: Int32, _ body: (Int32) throws -> Void) rethrows {
        var child = array + 1
        for _ in 0..<nodes[Int(array)].start {
            try body(child)
            child = nodes[Int(child)].next
        }
    }

    // MARK: Scalars, thrown like JSONDecoder throws (a plain error) or refused.

    func string(_ node: Int32) throws -> String {
        let item = nodes[Int(node)]
        switch item.kind {
        case .string:
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[Int(item.start)..<Int(item.end)]), as: UTF8.self)
        case .escapedString:
            return unescaped(Int(item.start), Int(item.end))
        default:
            throw TapeMismatch()
        }
    }

    func bool(_ node: Int32) throws -> Bool {
        let item = nodes[Int(node)]
        guard item.kind == .bool else { throw TapeMismatch() }
        return item.flag
    }

    func integer<T: FixedWidthInteger>(_ node: Int32, as type: T.Type) throws -> T {
        let item = nodes[Int(node)]
        switch item.kind {
        case .integer:
            guard let value = T(exactly: item.integer) else { throw TapeMismatch() }
            return value
        case .number: throw refuse()
        default: throw TapeMismatch()
        }
    }

    /// Exact: an integer of at most 18 digits converts to the double nearest its decimal text.
    func double(_ node: Int32) throws -> Double {
        let item = nodes[Int(node)]
        switch item.kind {
        case .integer: return Double(item.integer)
        case .number: throw refuse()
        default: throw TapeMismatch()
        }
    }

    /// Any value as `JSONValue`'s own `init(from:)` reads it through `JSONDecoder`; nil (and refused) on a `.number`.
    func jsonValue(_ node: Int32) -> JSONValue? {
        let item = nodes[Int(node)]
        switch item.kind {
        case .null: return .null
        case .bool: return .bool(item.flag)
        case .integer: return .int(item.integer)
        case .string, .escapedString: return .string((try? string(node)) ?? "")
        case .number:
            raised = true
            return nil
        case .array:
            return jsonArray(node).map { .array($0) }
        case .object:
            return jsonObject(node).map { .object($0) }
        }
    }

    func jsonArray(_ node: Int32) -> [JSONValue]? {
        var items: [JSONValue] = []
        items.reserveCapacity(Int(nodes[Int(node)].start))
        var child = node + 1
        for _ in 0..<nodes[Int(node)].start {
            guard let item = jsonValue(child) else { return nil }
            items.append(item)
            child = nodes[Int(child)].next
        }
        return items
    }

    func jsonObject(_ node: Int32) -> [String: JSONValue]? {
        var object: [String: JSONValue] = [:]
        object.reserveCapacity(Int(nodes[Int(node)].start))
        var child = node + 1
        for _ in 0..<nodes[Int(node)].start {
            guard let name = try? string(child), let value = jsonValue(child + 1) else { return nil }
            object[name] = value
            child = nodes[Int(child) + 1].next
        }
        return object
    }

    /// The text of a string whose escapes the parser already checked.
    private func unescaped(_ start: Int, _ end: Int) -> String {
        var text: [UInt8] = []
        text.reserveCapacity(end - start)
        var index = start
        while index < end {
            let byte = bytes[index]
            index += 1
            guard byte == UInt8(ascii: "\\") else {
                text.append(byte)
                continue
            }
            let escape = bytes[index]
            index += 1
            switch escape {
            case UInt8(ascii: "b"): text.append(0x08)
            case UInt8(ascii: "f"): text.append(0x0C)
            case UInt8(ascii: "n"): text.append(0x0A)
            case UInt8(ascii: "r"): text.append(0x0D)
            case UInt8(ascii: "t"): text.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = TapeParser.hex4(bytes, index)
                index += 4
                if (0xD800...0xDBFF).contains(scalar) {
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (TapeParser.hex4(bytes, index + 2) - 0xDC00)
                    index += 6
                }
                appendUTF8(scalar, to: &text)
            default: text.append(escape)  // `"`, `\` and `/`
            }
        }
        return String(decoding: text, as: UTF8.self)
    }

    private func appendUTF8(_ scalar: UInt32, to text: inout [UInt8]) {
        switch scalar {
        case 0..<0x80:
            text.append(UInt8(scalar))
        case 0x80..<0x800:
            text.append(UInt8(0xC0 | scalar >> 6))
            text.append(UInt8(0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            text.append(UInt8(0xE0 | scalar >> 12))
            text.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            text.append(UInt8(0x80 | scalar & 0x3F))
        default:
            text.append(UInt8(0xF0 | scalar >> 18))
            text.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            text.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            text.append(UInt8(0x80 | scalar & 0x3F))
        }
    }
}

/// Thrown where `JSONDecoder` throws too (a missing key, a value of the wrong kind).
struct TapeMismatch: Error {}

/// Thrown where the tape reader does not mirror `JSONDecoder`; the frame is never built from it.
struct TapeRefusal: Error {}

/// Builds a `TapeDocument`'s nodes; every method answers false at the first byte it does not accept.
private struct TapeParser {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    var nodes: [TapeDocument.Node] = []

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        nodes.reserveCapacity(16)
    }

    mutating func document() -> Bool {
        skipSpace()
        guard value(depth: 0) else { return false }
        skipSpace()
        return index == bytes.count
    }

    private mutating func leaf(_ node: TapeDocument.Node) -> Bool {
        var node = node
        node.next = Int32(nodes.count + 1)
        nodes.append(node)
        return true
    }

    private mutating func value(depth: Int) -> Bool {
        guard index < bytes.count else { return false }
        switch bytes[index] {
        case UInt8(ascii: "{"): return container(depth, close: UInt8(ascii: "}"), kind: .object)
        case UInt8(ascii: "["): return container(depth, close: UInt8(ascii: "]"), kind: .array)
        case UInt8(ascii: "\""):
            index += 1
            return string(key: false)
        case UInt8(ascii: "t"): return literal("true") && leaf(.init(kind: .bool, flag: true))
        case UInt8(ascii: "f"): return literal("false") && leaf(.init(kind: .bool, flag: false))
        case UInt8(ascii: "n"): return literal("null") && leaf(.init(kind: .null))
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return number()
        default: return false
        }
    }

    private mutating func container(_ depth: Int, close: UInt8, kind: TapeDocument.Kind) -> Bool {
        guard depth < TapeDocument.maxDepth else { return false }
        index += 1
        let me = nodes.count
        nodes.append(.init(kind: kind))
        var count: Int32 = 0
        skipSpace()
        if !take(close) {
            while true {
                skipSpace()
                if kind == .object {
                    guard take(UInt8(ascii: "\"")), string(key: true), isNewKey(nodes.count - 1, in: me) else { return false }
                    skipSpace()
                    guard take(UInt8(ascii: ":")) else { return false }
                    skipSpace()
                }
                guard value(depth: depth + 1) else { return false }
                count += 1
                skipSpace()
                if take(UInt8(ascii: ",")) { continue }
                guard take(close) else { return false }
                break
            }
        }
        nodes[me].start = count
        nodes[me].next = Int32(nodes.count)
        return true
    }

    /// No earlier key of the object `object` has the bytes of the key node `key` (keys have no escapes).
    private func isNewKey(_ key: Int, in object: Int) -> Bool {
        let name = nodes[key]
        let length = name.end - name.start
        var child = object + 1
        while child < key {
            let other = nodes[child]
            if other.end - other.start == length {
                var same = true
                for offset in 0..<Int(length) where bytes[Int(other.start) + offset] != bytes[Int(name.start) + offset] {
                    same = false
                    break
                }
                if same { return false }
            }
            child = Int(nodes[child + 1].next)
        }
        return true
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

    private func isDigit(_ at: Int) -> Bool {
        at < bytes.count && bytes[at] >= 0x30 && bytes[at] <= 0x39
    }

    /// JSON's number grammar; `-?(0|[1-9][0-9]{0,17})` alone is an `.integer`, anything else a `.number`.
    private mutating func number() -> Bool {
        let negative = take(UInt8(ascii: "-"))
        let start = index
        guard isDigit(index) else { return false }
        var value: Int64 = 0
        if bytes[index] == 0x30 {
            index += 1
        } else {
            while isDigit(index) {
                if index - start < 18 { value = value * 10 + Int64(bytes[index] - 0x30) }
                index += 1
            }
        }
        var integral = index - start <= 18 && !(negative && value == 0)
        if take(UInt8(ascii: ".")) {
            integral = false
            guard isDigit(index) else { return false }
            while isDigit(index) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            integral = false
            index += 1
            if !take(UInt8(ascii: "+")) { _ = take(UInt8(ascii: "-")) }
            guard isDigit(index) else { return false }
            while isDigit(index) { index += 1 }
        }
        return integral ? leaf(.init(kind: .integer, integer: negative ? -value : value)) : leaf(.init(kind: .number))
    }

    /// The rest of a string whose opening quote was taken; escapes are checked, not decoded.
    private mutating func string(key: Bool) -> Bool {
        let start = index
        var escaped = false
        while true {
            skipPlainWords()
            guard index < bytes.count else { return false }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                guard !(key && escaped) else { return false }
                let node = TapeDocument.Node(kind: escaped ? .escapedString : .string,
                                             start: Int32(start), end: Int32(index))
                index += 1
                return leaf(node)
            }
            if byte < 0x20 { return false }
            if byte == UInt8(ascii: "\\") {
                escaped = true
                guard escape() else { return false }
            } else {
                index += 1
            }
        }
    }

    /// Skips eight bytes at a time while none of them is a quote, a backslash or a control character.
    private mutating func skipPlainWords() {
        guard let base = bytes.baseAddress else { return }
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        while bytes.count - index >= 8 {
            let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
            let quote = word ^ (ones &* 0x22)
            let backslash = word ^ (ones &* 0x5C)
            // (x - 0x01...) & ~x & 0x80... is nonzero when some byte of x is zero ((x - n...) for below n):
            // a quote or backslash (zero after its xor), or a control character.
            let stop = ((quote &- ones) & ~quote | (backslash &- ones) & ~backslash | (word &- ones &* 0x20) & ~word) & highs
            if stop != 0 { return }
            index += 8
        }
    }

    /// One escape at `index` (its backslash), with a `\u` high surrogate's low half; a lone surrogate is refused.
    private mutating func escape() -> Bool {
        guard bytes.count - index >= 2 else { return false }
        let letter = bytes[index + 1]
        index += 2
        switch letter {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
             UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            return true
        case UInt8(ascii: "u"):
            guard isHex4(index) else { return false }
            let first = Self.hex4(bytes, index)
            index += 4
            switch first {
            case 0xD800...0xDBFF:
                guard bytes.count - index >= 6, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u"),
                      isHex4(index + 2), (0xDC00...0xDFFF).contains(Self.hex4(bytes, index + 2)) else { return false }
                index += 6
                return true
            case 0xDC00...0xDFFF: return false
            default: return true
            }
        default:
            return false
        }
    }

    private func isHex4(_ at: Int) -> Bool {
        guard bytes.count - at >= 4 else { return false }
        for offset in 0..<4 {
            switch bytes[at + offset] {
            case 0x30...0x39, 0x41...0x46, 0x61...0x66: continue
            default: return false
            }
        }
        return true
    }

    /// Four hex digits already checked by `isHex4`.
    static func hex4(_ bytes: UnsafeBufferPointer<UInt8>, _ at: Int) -> UInt32 {
        var value: UInt32 = 0
        for offset in 0..<4 {
            let byte = bytes[at + offset]
            let digit: UInt8 = switch byte {
            case 0x30...0x39: byte - 0x30
            case 0x41...0x46: byte - 0x41 + 10
            default: byte - 0x61 + 10
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }
}
