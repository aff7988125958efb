import Foundation
import VeetTransport
import VeetWire

/// How a tool's result is best shown. Structured sandbox and workspace
/// results get their own treatment when their fields are present; anything
/// else falls back to the public content (text, JSON or an outcome notice).
public enum ToolRendering: Sendable, Hashable {
    /// No result yet, or an empty one (an `artifact.export` on the snapshot).
    case none
    /// A command's output: what a terminal would have shown.
    case terminal(stdout: String, stderr: String, exitCode: Int64?)
    /// A file the call wrote or read; `preview` is its leading text when known.
    case filePreview(path: String, byteCount: Int64?, preview: String?, created: Bool?)
    /// A failed, unavailable, uncertain or denied call's outcome document, with
    /// any external error text that followed it (third-party text: show as data).
    case outcome(RunEvent.ToolOutcome, externalDetail: String?)
    /// A JSON result without a known shape, kept whole.
    case json(JSONValue)
    /// Plain text.
    case text(String)

    /// At most this many characters of a file appear in a preview.
    public static let previewLimit = 4_096

    /// Chooses the rendering for a result, using the call's arguments to
    /// preview a written file's contents when the result only names the path.
    public static func make(result: RunEvent.ToolResultItem?, arguments: JSONValue) -> ToolRendering {
        guard let result else { return .none }
        let texts = result.content.compactMap(\.text)
        if let outcome = result.outcome {
            let detail = texts.dropFirst().joined(separator: "\n")
            return .outcome(outcome, externalDetail: detail.isEmpty ? nil : detail)
        }
        let text = texts.joined()
        guard !text.isEmpty else { return .none }
        guard text.first == "{" || text.first == "[",
              let json = try? WireJSON.decoder().decode(JSONValue.self, from: Data(text.utf8))
        else { return .text(text) }
        return terminal(json) ?? filePreview(json, arguments: arguments) ?? .json(json)
    }

    private static func terminal(_ json: JSONValue) -> ToolRendering? {
        // The same shape as `ToolResultView`'s terminal view: `stdout` or `stderr`, and `exit_code`.
        let stdout = json["stdout"]?.stringValue
        let stderr = json["stderr"]?.stringValue
        let exitCode = json["exit_code"]?.intValue
        guard stdout != nil || stderr != nil, exitCode != nil else { return nil }
        return .terminal(stdout: stdout ?? "", stderr: stderr ?? "", exitCode: exitCode)
    }

    private static func filePreview(_ json: JSONValue, arguments: JSONValue) -> ToolRendering? {
        guard let path = json["path"]?.stringValue else { return nil }
        // The same shape as `ToolResultView`'s file view: `path`, and `byte_count` or `content`.
        let byteCount = json["byte_count"]?.intValue
        let sent = json["content"]?.stringValue
        guard byteCount != nil || sent != nil else { return nil }
        let content = sent ?? (arguments["path"]?.stringValue == path ? arguments["content"]?.stringValue : nil)
        var created: Bool?
        if case .bool(let flag)? = json["created"] { created = flag }
        return .filePreview(path: path, byteCount: byteCount, preview: content.map { String($0.prefix(previewLimit)) },
                            created: created)
    }

    /// True for the terminal and file treatments (the structured ones).
    public var isStructured: Bool {
        switch self {
        case .terminal, .filePreview: true
        default: false
        }
    }

    /// One line for a collapsed row.
    public var oneLine: String {
        switch self {
        case .none: return ""
        case .terminal(let stdout, let stderr, let exitCode):
            let firstLine = (stdout.isEmpty ? stderr : stdout).split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
            return exitCode.map { "exit \($0)" + (firstLine.isEmpty ? "" : ": \(firstLine)") } ?? firstLine
        case .filePreview(let path, let byteCount, _, let created):
            let verb = created == true ? "created " : ""
            return verb + path + (byteCount.map { " (\($0) bytes)" } ?? "")
        case .outcome(let outcome, _): return outcome.message ?? outcome.status.rawValue
        case .json(let json): return json.compactText
        case .text(let text): return text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        }
    }
}
