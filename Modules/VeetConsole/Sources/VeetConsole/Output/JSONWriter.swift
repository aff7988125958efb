/// Writes JSON text straight into bytes, without a Foundation encoder per
/// value: for output paths that print one object per event (`--jsonl`,
/// `veet debug sse`). Strings are escaped exactly as `JSONOutput` (Foundation's
/// encoder with unescaped slashes) escapes them, so the bytes are the same;
/// the caller writes keys in sorted order to match `JSONOutput`'s key order.
public struct JSONWriter: Sendable {
    public private(set) var bytes: [UInt8] = []
    /// Per open container: whether a member has been written (so the next needs a comma).
    private var hasMember: [Bool] = []

    public init(capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    public mutating func removeAll(keepingCapacity: Bool = true) {
        bytes.removeAll(keepingCapacity: keepingCapacity)
        hasMember.removeAll(keepingCapacity: keepingCapacity)
    }

    public mutating func beginObject() {
        separate()
        finishValue()
        bytes.append(UInt8(ascii: "{"))
        hasMember.append(false)
    }

    public mutating func endObject() {
        hasMember.removeLast()
        bytes.append(UInt8(ascii: "}"))
    }

    public mutating func beginArray() {
        separate()
        finishValue()
        bytes.append(UInt8(ascii: "["))
        hasMember.append(false)
    }

    public mutating func endArray() {
        hasMember.removeLast()
        bytes.append(UInt8(ascii: "]"))
    }

    /// An object member's key; the value written next belongs to it.
    public mutating func key(_ name: String) {
        separate()
        appendString(name)
        bytes.append(UInt8(ascii: ":"))
        afterKey = true
    }

    public mutating func string(_ value: String) {
        separate()
        appendString(value)
        finishValue()
    }

    public mutating func string(_ value: String?) {
        if let value { string(value) } else { null() }
    }

    public mutating func int(_ value: Int) {
        separate()
        bytes.append(contentsOf: String(value).utf8)
        finishValue()
    }

    public mutating func int(_ value: Int?) {
        if let value { int(value) } else { null() }
    }

    public mutating func bool(_ value: Bool) {
        separate()
        bytes.append(contentsOf: (value ? "true" : "false").utf8)
        finishValue()
    }

    public mutating func null() {
        separate()
        bytes.append(contentsOf: "null".utf8)
        finishValue()
    }

    /// Raw bytes appended as they are (a newline between records, say).
    public mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    // MARK: Separators

    /// A key was written: its value takes no comma.
    private var afterKey = false

    /// The comma before a value (or key) that is not its container's first member.
    private mutating func separate() {
        if afterKey {
            afterKey = false
            return
        }
        guard let last = hasMember.last else { return }
        if last { bytes.append(UInt8(ascii: ",")) }
    }

    /// The value or key just written is a member of its container.
    private mutating func finishValue() {
        if !hasMember.isEmpty { hasMember[hasMember.count - 1] = true }
    }

    // MARK: Strings

    /// Runs that need no escape are appended whole; the scan for the bytes that do
    /// (controls, `"` and `\\`) looks at eight bytes at a time. Escapes are
    /// appended byte by byte: no array literal per escape (those appends were half
    /// of `veet debug sse`'s time; docs/bench.md).
    private mutating func appendString(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { utf8 in
            guard let base = utf8.baseAddress else { return }
            let count = utf8.count
            var start = 0
            var index = 0
            while index < count {
                if count - index >= 8,
                   !Self.anyNeedsEscape(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)) {
                    index += 8
                    continue
                }
                let byte = base[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else {
                    index += 1
                    continue
                }
                if start < index { bytes.append(contentsOf: UnsafeBufferPointer(start: base + start, count: index - start)) }
                appendEscape(byte)
                index += 1
                start = index
            }
            if start < count { bytes.append(contentsOf: UnsafeBufferPointer(start: base + start, count: count - start)) }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Whether any of the eight bytes is below 0x20, `"` or `\\` (exact: the
    /// classic "has a zero byte" test on the word and on its xor with each character).
    @inline(__always)
    private static func anyNeedsEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        let control = (word &- ones &* 0x20) & ~word
        return (control | ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash)) & highs != 0
    }

    private mutating func appendEscape(_ byte: UInt8) {
        bytes.append(0x5C)
        switch byte {
        case UInt8(ascii: "\""): bytes.append(0x22)
        case UInt8(ascii: "\\"): bytes.append(0x5C)
        case 0x0A: bytes.append(UInt8(ascii: "n"))
        case 0x0D: bytes.append(UInt8(ascii: "r"))
        case 0x09: bytes.append(UInt8(ascii: "t"))
        case 0x08: bytes.append(UInt8(ascii: "b"))
        case 0x0C: bytes.append(UInt8(ascii: "f"))
        default:
            bytes.append(UInt8(ascii: "u"))
            bytes.append(0x30)
            bytes.append(0x30)
            bytes.append(Self.hexDigit(byte >> 4))
            bytes.append(Self.hexDigit(byte & 0x0F))
        }
    }

    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? 0x30 + nibble : UInt8(ascii: "a") + nibble - 10
    }
}
