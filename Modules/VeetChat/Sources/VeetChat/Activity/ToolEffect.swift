import Foundation
import VeetTransport
import VeetWire

/// What a tool call does to the world, read from its name and its result.
/// Presentation (icons, wording, risk) follows this classification, so a new
/// tool gets a sensible card without anyone adding it to a table.
public enum ToolEffect: String, Sendable, Hashable, CaseIterable {
    /// Looks something up or computes; changes nothing (`web.fetch`, `math.calculate`).
    case read
    /// Changes the owner's own workspace or files (`workspace.write_text`, `artifact.export`).
    case write
    /// Acts outside: sends, posts, acts on a website (`gmail.send`, `browser.act`).
    case external
    /// Runs code or commands in the sandbox (`sandbox.run_command`).
    case sandbox
    /// Talks to the owner (`conversation.ask_user`); shown as a question, not a tool.
    case conversation
    /// The name matched no pattern: shown generically (it still bundles: any named tool does).
    case unknown

    /// Classifies a tool name by the words in it (split on `.`, `_` and `-`). In a dotted
    /// name the first word is the namespace (`gmail.send_message`); a name without a dot
    /// (`search`, `send_email`) has none, and every word of it is read as a verb or a
    /// service (`gmail_archive` acts outside like `gmail.archive`).
    public static func classify(toolName: String) -> ToolEffect {
        let words = Self.words(of: toolName)
        let (namespace, verbs) = parts(of: toolName)
        if namespace == "conversation" { return .conversation }
        guard !verbs.isEmpty else { return .unknown }
        if namespace == "sandbox" || verbs.contains(where: sandboxWords.contains) { return .sandbox }
        let outside = namespace.map(externalNamespaces.contains) ?? words.contains(where: externalNamespaces.contains)
        let acts = verbs.contains(where: writeWords.contains) || verbs.contains(where: externalActionWords.contains)
        if acts && (outside || words.contains("external") || verbs.contains(where: externalActionWords.contains)) {
            return .external
        }
        if verbs.contains(where: writeWords.contains) { return .write }
        if verbs.contains(where: readWords.contains) { return .read }
        return .unknown
    }

    /// The risk a call of this effect carries when the server named none.
    public var baseRisk: ToolRisk {
        switch self {
        case .read, .conversation: .low
        case .write, .sandbox, .unknown: .medium
        case .external: .high
        }
    }

    /// A short noun phrase for summaries ("read", "file change", ...).
    public var label: String {
        switch self {
        case .read: "read"
        case .write: "workspace change"
        case .external: "external action"
        case .sandbox: "sandbox command"
        case .conversation: "question"
        case .unknown: "tool"
        }
    }

    /// A dotted name's namespace (its first word) and the words after it; a name without a
    /// dot has no namespace, and all its words follow.
    static func parts(of toolName: String) -> (namespace: String?, rest: ArraySlice<String>) {
        let words = Self.words(of: toolName)
        return toolName.contains(".") ? (words.first, words.dropFirst()) : (nil, words[...])
    }

    static func words(of toolName: String) -> [String] {
        toolName.lowercased().split(whereSeparator: { $0 == "." || $0 == "_" || $0 == "-" }).map(String.init)
    }

    /// Words that make a change irreversible enough to raise the risk one step.
    static let destructiveWords: Set<String> = ["delete", "remove", "purge", "drop", "destroy", "wipe", "trash"]

    private static let sandboxWords: Set<String> = ["exec", "execute", "shell", "command", "terminal", "script", "bash"]
    private static let externalActionWords: Set<String> = [
        "send", "post", "publish", "act", "reply", "forward", "invite", "book", "purchase", "pay", "submit", "tweet",
    ]
    private static let externalNamespaces: Set<String> = [
        "web", "browser", "gmail", "email", "mail", "http", "slack", "calendar", "sms", "webhook", "demo",
    ]
    private static let writeWords: Set<String> = [
        "write", "create", "update", "edit", "delete", "remove", "move", "rename", "save", "export", "append",
        "patch", "set", "archive", "upload", "put", "insert", "replace", "mkdir", "copy", "purge", "drop", "trash",
        "label", "modify", "store",
    ]
    private static let readWords: Set<String> = [
        "read", "get", "list", "search", "fetch", "find", "query", "lookup", "calculate", "compute", "view", "show",
        "open", "stat", "recall", "inspect", "describe", "count", "browse", "download", "check", "status", "preview",
        "summarize", "extract", "convert", "now", "time", "weather", "translate",
    ]
}

/// How much could go wrong, ordered so a bundle can show its highest.
public enum ToolRisk: Int, Sendable, Hashable, Comparable, CaseIterable, CustomStringConvertible {
    case low, medium, high, critical

    /// The server's risk on an approval; nil for a value this client does not know.
    public init?(_ risk: ApprovalRisk) {
        switch risk {
        case .low: self = .low
        case .medium: self = .medium
        case .high: self = .high
        case .critical: self = .critical
        case .unknown: return nil
        }
    }

    public static func < (lhs: ToolRisk, rhs: ToolRisk) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String {
        switch self {
        case .low: "low"
        case .medium: "medium"
        case .high: "high"
        case .critical: "critical"
        }
    }

    /// One step up, capped at critical.
    var raised: ToolRisk { ToolRisk(rawValue: min(rawValue + 1, ToolRisk.critical.rawValue)) ?? .critical }
}
