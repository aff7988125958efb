import Foundation
import VeetTransport
import VeetWire

/// How an approval's arguments are shown, one rule for the CLI and the TUI so
/// both show the same thing: every top-level argument of the server's display
/// copy, in key order (the server's own "[TRUNCATED]" key last), one line each
/// while collapsed (at most `collapsedCount` of them, values cut at
/// `valueLimit` characters with `cutMarker`), whole when expanded. A value
/// under a key that looks secret is never shown, expanded or not: the server
/// already redacts them, and the client does not trust that alone.
public struct ApprovalArgumentLayout: Sendable, Hashable {
    /// Arguments listed while collapsed; the rest are counted in `moreText`.
    public var collapsedCount: Int
    /// Characters of a value shown on its collapsed line before the cut marker.
    public var valueLimit: Int

    public init(collapsedCount: Int, valueLimit: Int) {
        self.collapsedCount = max(collapsedCount, 1)
        self.valueLimit = max(valueLimit, 1)
    }

    /// The dock, the card and `veet chat` use this one.
    public static let standard = ApprovalArgumentLayout(collapsedCount: 3, valueLimit: 60)

    /// Ends a value this layout cut (the server's own cut reads "…[TRUNCATED]").
    public static let cutMarker = "…"
    /// Stands for a value that is not shown (the contract's own spelling).
    public static let hiddenText = ApprovalArgumentCheck.redactedMarker
    /// A line break inside a collapsed value.
    static let lineBreakMark = "⏎"
    /// The key the server adds to an object it cut at 50 entries.
    static let serverCutKey = "[TRUNCATED]"

    /// One top-level argument as shown.
    public struct Entry: Sendable, Hashable {
        public var key: String
        /// The whole value: a string as written, anything else as compact JSON; `hiddenText` when hidden.
        public var value: String
        /// A secret-looking key, or a value the server redacted.
        public var isHidden: Bool
        /// The server kept only the first 512 characters ("…[TRUNCATED]").
        public var isCutByServer: Bool
    }

    /// The collapsed form: a few one-line arguments and what was left out.
    public struct Collapsed: Sendable, Hashable {
        public var lines: [String]
        /// Arguments not listed.
        public var moreCount: Int
        /// True when a listed value was cut or arguments were left out: expanding shows more.
        public var canExpand: Bool

        /// "+2 more arguments", nil when every argument is listed.
        public var moreText: String? {
            moreCount == 0 ? nil : "+\(moreCount) more argument" + (moreCount == 1 ? "" : "s")
        }
    }

    // MARK: The rule

    /// Every argument, in the order both apps show them.
    public static func entries(_ arguments: JSONValue) -> [Entry] {
        guard case .object(let fields) = arguments else {
            if case .null = arguments { return [] }
            return [entry(key: "value", value: arguments)]
        }
        return fields.keys.sorted(by: keyOrder).map { entry(key: $0, value: fields[$0] ?? .null) }
    }

    public func collapsed(_ arguments: JSONValue) -> Collapsed {
        let all = Self.entries(arguments)
        let shown = all.prefix(collapsedCount)
        var anyCut = false
        let lines = shown.map { entry -> String in
            let (text, cut) = oneLine(entry)
            anyCut = anyCut || cut
            return entry.key + ": " + text
        }
        let more = all.count - shown.count
        return Collapsed(lines: lines, moreCount: more, canExpand: anyCut || more > 0)
    }

    /// Every argument whole: a value's own line breaks start indented lines.
    public func expanded(_ arguments: JSONValue) -> [String] {
        Self.entries(arguments).flatMap { entry -> [String] in
            let parts = Self.printable(entry.value).components(separatedBy: "\n")
            return [entry.key + ": " + (parts.first ?? "")] + parts.dropFirst().map { "  " + $0 }
        }
    }

    /// Said under the arguments when the server cut one of them.
    public static func serverCutNote(_ arguments: JSONValue) -> String? {
        entries(arguments).contains(where: \.isCutByServer)
            ? "The server shows only the first 512 characters of a value ending in …[TRUNCATED]." : nil
    }

    /// True for a key whose value must never be shown (the contract's list:
    /// api key, secret, password, token, authorization, credential; any case, any separator).
    public static func looksSecret(_ key: String) -> Bool {
        let folded = key.lowercased().filter { $0.isLetter || $0.isNumber }
        return ["apikey", "secret", "password", "token", "authorization", "credential"].contains { folded.contains($0) }
    }

    // MARK: Parts

    private func oneLine(_ entry: Entry) -> (String, Bool) {
        let flat = Self.printable(entry.value).replacingOccurrences(of: "\n", with: Self.lineBreakMark)
        guard !entry.isHidden, flat.count > valueLimit else { return (flat, false) }
        return (String(flat.prefix(valueLimit)) + Self.cutMarker, true)
    }

    private static func entry(key: String, value: JSONValue) -> Entry {
        if looksSecret(key) { return Entry(key: key, value: hiddenText, isHidden: true, isCutByServer: false) }
        let shown = hidingSecrets(in: value)
        let text = shown.stringValue ?? shown.compactText
        return Entry(key: key, value: text, isHidden: text == hiddenText,
                     isCutByServer: shown.stringValue.map(ApprovalArgumentCheck.isCut) ?? false)
    }

    /// Nested values follow the same rule as top-level ones.
    private static func hidingSecrets(in value: JSONValue) -> JSONValue {
        switch value {
        case .object(let fields):
            return .object(fields.reduce(into: [:]) { result, field in
                result[field.key] = looksSecret(field.key) ? .string(hiddenText) : hidingSecrets(in: field.value)
            })
        case .array(let items): return .array(items.map(hidingSecrets))
        default: return value
        }
    }

    /// Key order, with the server's cut marker last; ties broken exactly so the order is total.
    private static func keyOrder(_ a: String, _ b: String) -> Bool {
        if (a == serverCutKey) != (b == serverCutKey) { return b == serverCutKey }
        let folded = a.lowercased().compare(b.lowercased())
        return folded == .orderedSame ? a < b : folded == .orderedAscending
    }

    /// The agent wrote these values: control characters (an escape sequence
    /// would restyle or move the owner's terminal) are shown as "�"; a line break stays one.
    static func printable(_ text: String) -> String {
        let normalized = text.replacingOccurrences(of: "\r\n", with: "\n")
        return String(String.UnicodeScalarView(normalized.unicodeScalars.map { (scalar: Unicode.Scalar) -> Unicode.Scalar in
            if scalar == "\n" { return scalar }
            if scalar == "\t" { return " " }
            let isControl = scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
            return isControl ? "\u{FFFD}" : scalar
        }))
    }
}
