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

    /// A key spelled in the code: written as it is when it needs no escape (checked),
    /// without the room and scan a string of unknown content takes.
    public mutating func key(static name: StaticString) {
        let plain = name.withUTF8Buffer { utf8 in
            utf8.allSatisfy { $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }
        }
        guard plain else { return key(name.description) }
        separate()
        bytes.append(UInt8(ascii: "\""))
        name.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: ":")])
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

    /// The string is escaped straight into `bytes`: room for the longest result
    /// (six bytes per input byte) is made once, the text written through a
    /// pointer, and the rest dropped. Runs that need no escape (no control, `"`
    /// or `\\`) are found eight bytes at a time and copied whole. `veet debug
    /// sse` prints JSON inside JSON, a quote every few bytes: one `append` per
    /// run or escape was half its time (docs/bench.md).
    private mutating func appendString(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            let start = bytes.count
            let room = utf8.count * 6 + 2
            if bytes.capacity < start + room { bytes.reserveCapacity(max(bytes.capacity * 2, start + room)) }
            bytes.append(contentsOf: repeatElement(0, count: room))
            let written = bytes.withUnsafeMutableBufferPointer { buffer in
                Self.escape(utf8, into: buffer.baseAddress! + start)
            }
            bytes.removeLast(room - written)
        }
    }

    /// Writes `"text"` escaped at `out` (which has room for six bytes per input byte
    /// and the quotes); returns how many bytes it wrote.
    private static func escape(_ utf8: UnsafeBufferPointer<UInt8>, into out: UnsafeMutablePointer<UInt8>) -> Int {
        var length = 0
        out[length] = UInt8(ascii: "\""); length += 1
        guard let base = utf8.baseAddress else {
            out[length] = UInt8(ascii: "\""); length += 1
            return length
        }
        let count = utf8.count
        var index = 0
        while index < count {
            if count - index >= 8, !anyNeedsEscape(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)) {
                (out + length).update(from: base + index, count: 8)
                length += 8
                index += 8
                continue
            }
            let byte = base[index]
            index += 1
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else {
                out[length] = byte; length += 1
                continue
            }
            out[length] = 0x5C
            switch byte {
            case UInt8(ascii: "\""): out[length + 1] = 0x22; length += 2
            case UInt8(ascii: "\\"): out[length + 1] = 0x5C; length += 2
            case 0x0A: out[length + 1] = UInt8(ascii: "n"); length += 2
            case 0x0D: out[length + 1] = UInt8(ascii: "r"); length += 2
            case 0x09: out[length + 1] = UInt8(ascii: "t"); length += 2
            case 0x08: out[length + 1] = UInt8(ascii: "b"); length += 2
            case 0x0C: out[length + 1] = UInt8(ascii: "f"); length += 2
            default:
                out[length + 1] = UInt8(ascii: "u")
                out[length + 2] = 0x30
                out[length + 3] = 0x30
                out[length + 4] = hexDigit(byte >> 4)
                out[length + 5] = hexDigit(byte & 0x0F)
                length += 6
            }
        }
        out[length] = UInt8(ascii: "\""); length += 1
        return length
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

    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? 0x30 + nibble : UInt8(ascii: "a") + nibble - 10
    }
}
