import Foundation

/// JSON for `--json`: keys sorted so output is stable and diffable, slashes
/// left unescaped (URLs and paths stay readable), dates as ISO 8601.
public enum JSONOutput {
    public enum Layout: Sendable {
        /// Indented, one value per line.
        case pretty
        /// One line, for piping into `jq -c` style consumers.
        case compact
    }

    public static func encode(_ value: some Encodable, layout: Layout = .pretty) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        if layout == .pretty { encoder.outputFormatting.insert(.prettyPrinted) }
        encoder.dateEncodingStrategy = .iso8601
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    /// Writes the encoded value and a newline to `output` (stdout by default).
    public static func print(
        _ value: some Encodable, layout: Layout = .pretty, to output: Output = .standardOutput
    ) throws {
        output.writeLine(try encode(value, layout: layout))
    }
}
