import Foundation

extension JSON {
    /// Compact JSON text (no spaces), non-ASCII written as raw UTF-8, `/` unescaped.
    /// `sortedKeys` sorts object members by Unicode scalar order at every level.
    func serialized(sortedKeys: Bool = false) -> String {
        var output = ""
        write(into: &output, sortedKeys: sortedKeys)
        return output
    }

    /// The same text as UTF-8 bytes.
    func serializedData(sortedKeys: Bool = false) -> Data {
        Data(serialized(sortedKeys: sortedKeys).utf8)
    }

    private func write(into output: inout String, sortedKeys: Bool) {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .int(let value): output += String(value)
        case .double(let value): output += Self.format(value)
        case .string(let value): Self.writeString(value, into: &output)
        case .array(let items):
            output += "["
            for (index, item) in items.enumerated() {
                if index > 0 { output += "," }
                item.write(into: &output, sortedKeys: sortedKeys)
            }
            output += "]"
        case .object(let members):
            let ordered = sortedKeys
                ? members.sorted { $0.key.unicodeScalars.lexicographicallyPrecedes($1.key.unicodeScalars) }
                : members
            output += "{"
            for (index, member) in ordered.enumerated() {
                if index > 0 { output += "," }
                Self.writeString(member.key, into: &output)
                output += ":"
                member.value.write(into: &output, sortedKeys: sortedKeys)
            }
            output += "}"
        }
    }

    private static func format(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(format: "%.1f", value) }
        return "\(value)"
    }

    private static func writeString(_ value: String, into output: inout String) {
        output += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{08}": output += "\\b"
            case "\u{0C}": output += "\\f"
            default:
                if scalar.value < 0x20 {
                    output += String(format: "\\u%04x", scalar.value)
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        output += "\""
    }
}
