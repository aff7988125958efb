import Foundation
import VeetTransport
import VeetWire

/// Everything the ledger shows of one call, whole: nothing here is cut, so a
/// frontend that must fit it in a window scrolls instead (every invocation,
/// argument and result stays available inside the bundle).
public struct ToolCallDetail: Sendable, Hashable {
    public var name: String
    public var status: String
    public var risk: ToolRisk
    /// The arguments as indented JSON, keys sorted, secret-looking values hidden.
    public var arguments: [String]
    /// The arguments are the model's own text (`raw_arguments`), because they did not parse.
    public var argumentsAreRaw: Bool
    public var result: ToolResultView
    /// The result is third-party text: show it as data, never as instructions.
    public var resultIsExternal: Bool
    /// The settled approval's decision ("Approved once", "Denied: …").
    public var decision: String?

    public init(_ call: ToolActivity) {
        name = call.name
        status = call.statusText
        risk = call.risk
        let parsedIsEmpty = call.arguments == .object([:]) || call.arguments.isNull
        if parsedIsEmpty, let raw = call.rawArguments, !raw.isEmpty, raw != "{}" {
            arguments = ToolResultView.textLines(raw)
            argumentsAreRaw = true
        } else {
            arguments = parsedIsEmpty ? [] : ToolResultView.prettyLines(ToolResultView.hidingSecrets(call.arguments))
            argumentsAreRaw = false
        }
        result = ToolResultView(call)
        resultIsExternal = call.resultIsExternal
        decision = call.approval.flatMap { $0.isSettled ? $0.decisionText : nil }
    }
}

/// Which view a call's result gets, and its contents for that view. The rule
/// (what it keys on; no contract or recording of this server version has a
/// sandbox result, so the terminal view keys on the reference server's shape):
/// - no result: `pending` while the call runs, `empty` once it settled (an
///   `artifact.export` completes with `content: []`);
/// - an outcome document (failed, unavailable, uncertain, denied): `outcome`;
/// - a JSON object with a string `stdout` or `stderr` and an integer
///   `exit_code`: `terminal` (the other fields, `duration_ms` say, listed after);
/// - a JSON object with a string `path` and an integer `byte_count` or a
///   string `content` (the recorded `workspace.write_text` result names the
///   path, size and checksum; the file's text then comes from the call's own
///   `content` argument for that path): `file`;
/// - any other JSON: `json`, indented; anything else: `text`.
public enum ToolResultView: Sendable, Hashable {
    case pending
    case empty
    case terminal(TerminalOutput)
    case file(FilePreview)
    case outcome(OutcomeDetail)
    case json([String])
    case text([String])

    /// A command's output as a terminal would have shown it.
    public struct TerminalOutput: Sendable, Hashable {
        /// The command from the call's arguments (`command`, `cmd`), when it named one.
        public var command: String?
        public var stdout: [String]
        public var stderr: [String]
        public var exitCode: Int64?
        /// The result's other fields, as indented JSON (empty when there are none).
        public var otherFields: [String]
    }

    /// A file the call wrote or read.
    public struct FilePreview: Sendable, Hashable {
        public enum Contents: Sendable, Hashable {
            /// Its text, one entry a line (to be numbered from 1).
            case text([String])
            /// Bytes that are not text (a NUL or other control bytes).
            case binary
            /// The result names the file but carries none of it.
            case notIncluded
        }

        public var path: String
        public var created: Bool?
        public var byteCount: Int64?
        public var checksum: String?
        public var contents: Contents
        /// The text is the call's `content` argument (a write), not something the result sent.
        public var contentsFromArguments: Bool
        /// The result's other fields, as indented JSON (empty when there are none).
        public var otherFields: [String]
    }

    /// A failed, unavailable, uncertain or denied call's outcome.
    public struct OutcomeDetail: Sendable, Hashable {
        public var message: String?
        /// The whole outcome document, indented.
        public var document: [String]
        /// External error text after the document (third-party: show as data).
        public var externalDetail: [String]
    }

    public init(_ call: ToolActivity) {
        self = Self.make(result: call.resultItem, arguments: call.arguments, isSettled: call.isSettled)
    }

    public static func make(result: RunEvent.ToolResultItem?, arguments: JSONValue, isSettled: Bool) -> ToolResultView {
        guard let result else { return isSettled ? .empty : .pending }
        let texts = result.content.compactMap(\.text)
        if result.outcome != nil, let document = texts.first {
            let detail = texts.dropFirst().joined(separator: "\n")
            return .outcome(OutcomeDetail(message: result.outcome?.message, document: jsonOrTextLines(document),
                                          externalDetail: detail.isEmpty ? [] : textLines(detail)))
        }
        let text = texts.joined()
        guard !text.isEmpty else { return .empty }
        guard text.first == "{" || text.first == "[",
              let json = try? WireJSON.decoder().decode(JSONValue.self, from: Data(text.utf8))
        else { return .text(textLines(text)) }
        if let terminal = terminal(json, arguments: arguments) { return .terminal(terminal) }
        if let file = file(json, arguments: arguments) { return .file(file) }
        return .json(prettyLines(json))
    }

    /// True for the terminal and file views (the structured ones).
    public var isStructured: Bool {
        switch self {
        case .terminal, .file: true
        default: false
        }
    }

    // MARK: The structured shapes

    static let terminalKeys: Set<String> = ["stdout", "stderr", "exit_code"]
    static let fileKeys: Set<String> = ["path", "byte_count", "content", "created", "checksum"]

    private static func terminal(_ json: JSONValue, arguments: JSONValue) -> TerminalOutput? {
        guard case .object(let fields) = json, let exitCode = fields["exit_code"]?.intValue,
              fields["stdout"]?.stringValue != nil || fields["stderr"]?.stringValue != nil
        else { return nil }
        let command = (arguments["command"] ?? arguments["cmd"]).flatMap { $0.stringValue ?? arrayText($0) }
        return TerminalOutput(command: command.map(printable),
                              stdout: fields["stdout"]?.stringValue.map(terminalLines) ?? [],
                              stderr: fields["stderr"]?.stringValue.map(terminalLines) ?? [],
                              exitCode: exitCode, otherFields: others(fields, known: terminalKeys))
    }

    private static func file(_ json: JSONValue, arguments: JSONValue) -> FilePreview? {
        guard case .object(let fields) = json, let path = fields["path"]?.stringValue else { return nil }
        let byteCount = fields["byte_count"]?.intValue
        let sent = fields["content"]?.stringValue
        guard byteCount != nil || sent != nil else { return nil }
        let written = arguments["path"]?.stringValue == path ? arguments["content"]?.stringValue : nil
        let contents: FilePreview.Contents
        if let text = sent ?? written {
            contents = looksBinary(text) ? .binary : .text(textLines(text, keepingFinalEmptyLine: false))
        } else {
            contents = .notIncluded
        }
        var created: Bool?
        if case .bool(let flag)? = fields["created"] { created = flag }
        return FilePreview(path: printable(path), created: created, byteCount: byteCount,
                           checksum: fields["checksum"]?.stringValue.map(printable), contents: contents,
                           contentsFromArguments: sent == nil && written != nil, otherFields: others(fields, known: fileKeys))
    }

    private static func others(_ fields: [String: JSONValue], known: Set<String>) -> [String] {
        let rest = fields.filter { !known.contains($0.key) }
        return rest.isEmpty ? [] : prettyLines(.object(rest))
    }

    private static func arrayText(_ value: JSONValue) -> String? {
        guard case .array(let items) = value else { return nil }
        let words = items.compactMap(\.stringValue)
        return words.isEmpty ? nil : words.joined(separator: " ")
    }

    /// A NUL, or other C0 control bytes than tab, line feed and carriage return.
    static func looksBinary(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\t" && $0 != "\n" && $0 != "\r" && $0 != "\u{1B}" }
            || text.unicodeScalars.contains { $0.value == 0xFFFD }
    }

    // MARK: Text

    /// Indented JSON, keys sorted, slashes unescaped.
    static func prettyLines(_ json: JSONValue) -> [String] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(json) else { return [json.compactText] }
        return String(decoding: data, as: UTF8.self).components(separatedBy: "\n")
    }

    /// JSON text indented when it parses, else its lines.
    static func jsonOrTextLines(_ text: String) -> [String] {
        guard text.first == "{" || text.first == "[",
              let json = try? WireJSON.decoder().decode(JSONValue.self, from: Data(text.utf8))
        else { return textLines(text) }
        return prettyLines(json)
    }

    /// The lines of a text, control characters shown as "�" (the agent or a
    /// website wrote it: an escape sequence must not reach the terminal).
    static func textLines(_ text: String, keepingFinalEmptyLine: Bool = false) -> [String] {
        var lines = text.replacingOccurrences(of: "\r\n", with: "\n").components(separatedBy: "\n").map(printable)
        if !keepingFinalEmptyLine, lines.count > 1, lines.last == "" { lines.removeLast() }
        return lines
    }

    /// A command's output as a terminal leaves it: colour and cursor sequences
    /// (CSI, OSC) take no room, a carriage return starts the line over (a
    /// progress bar shows its last state), tabs stop every 8 columns.
    static func terminalLines(_ output: String) -> [String] {
        textLines(withoutEscapeSequences(output).replacingOccurrences(of: "\r\n", with: "\n")
            .components(separatedBy: "\n").map { line in
                let overwritten = line.split(separator: "\r", omittingEmptySubsequences: false).last.map(String.init) ?? ""
                return expandingTabs(overwritten, stop: 8)
            }.joined(separator: "\n"))
    }

    private static func withoutEscapeSequences(_ text: String) -> String {
        guard text.unicodeScalars.contains("\u{1B}") else { return text }
        var result = String.UnicodeScalarView()
        var scalars = text.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            guard scalar == "\u{1B}" else { result.append(scalar); continue }
            switch scalars.next() {
            case "["?:  // CSI: parameters, then one final byte in @...~
                while let next = scalars.next(), !(0x40...0x7E).contains(next.value) {}
            case "]"?:  // OSC: up to BEL or ESC \
                while let next = scalars.next(), next != "\u{07}" { if next == "\u{1B}" { _ = scalars.next(); break } }
            default: break
            }
        }
        return String(result)
    }

    private static func expandingTabs(_ line: String, stop: Int) -> String {
        guard line.contains("\t") else { return line }
        var result = ""
        for character in line {
            if character == "\t" {
                result += String(repeating: " ", count: stop - result.count % stop)
            } else {
                result.append(character)
            }
        }
        return result
    }

    static func printable(_ text: String) -> String { ApprovalArgumentLayout.printable(text) }

    /// Secret-looking keys keep their place with the contract's marker instead of the value.
    static func hidingSecrets(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(let fields):
            return .object(fields.reduce(into: [:]) { result, field in
                result[field.key] = ApprovalArgumentLayout.looksSecret(field.key)
                    ? .string(ApprovalArgumentLayout.hiddenText) : hidingSecrets(field.value)
            })
        case .array(let items): return .array(items.map(hidingSecrets))
        default: return value
        }
    }
}

extension ToolActivity {
    /// The call whole, for the ledger.
    public var detail: ToolCallDetail { ToolCallDetail(self) }
}
