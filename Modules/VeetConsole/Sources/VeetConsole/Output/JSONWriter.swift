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

    private static let hex: [UInt8] = Array("0123456789abcdef".utf8)

    private mutating func appendString(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { utf8 in
            var start = 0
            for index in 0..<utf8.count {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
                start = index + 1
                switch byte {
                case UInt8(ascii: "\""): bytes.append(contentsOf: [0x5C, 0x22])
                case UInt8(ascii: "\\"): bytes.append(contentsOf: [0x5C, 0x5C])
                case 0x0A: bytes.append(contentsOf: [0x5C, UInt8(ascii: "n")])
                case 0x0D: bytes.append(contentsOf: [0x5C, UInt8(ascii: "r")])
                case 0x09: bytes.append(contentsOf: [0x5C, UInt8(ascii: "t")])
                case 0x08: bytes.append(contentsOf: [0x5C, UInt8(ascii: "b")])
                case 0x0C: bytes.append(contentsOf: [0x5C, UInt8(ascii: "f")])
                default:
                    bytes.append(contentsOf: [0x5C, UInt8(ascii: "u"), 0x30, 0x30,
                                              Self.hex[Int(byte >> 4)], Self.hex[Int(byte & 0x0F)]])
                }
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<utf8.count]))
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
