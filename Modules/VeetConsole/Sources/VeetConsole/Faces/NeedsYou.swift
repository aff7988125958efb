import Foundation

/// One thing a feature needs from its owner ("Needs you"), as a feature's face
/// reports it: plain words and the record to open, no domain type. The shell
/// (the CLI's `veet needs-you`, the TUI's sidebar) composes the features' items,
/// orders them and opens each on its feature's own screen by `feature` and `id`.
public struct NeedsYouItem: Sendable, Hashable, Encodable {
    /// The feature that reports it and opens it ("email", "memory", ...).
    public var feature: String
    /// What it needs, as a stable word for `--json` ("needs_reply", "send_status", "review", ...).
    public var kind: String
    /// The record the feature opens: a thread, a memory, a person, a sender.
    public var id: String
    /// What it needs, in the owner's words ("Needs a reply", "Check send status").
    public var need: String
    /// What it is about, on one line: a subject, a statement, a name.
    public var subject: String
    /// A word or two for a narrow list ("reply", "review").
    public var tag: String
    /// When it last changed; nil when the server did not say.
    public var date: Date?
    /// The command that shows it in the CLI ("veet memory show m_1").
    public var command: String

    public init(feature: String, kind: String, id: String, need: String, subject: String, tag: String,
                date: Date? = nil, command: String) {
        self.feature = feature
        self.kind = kind
        self.id = id
        self.need = need
        self.subject = subject
        self.tag = tag
        self.date = date
        self.command = command
    }

    enum CodingKeys: String, CodingKey {
        case feature, kind, id, need, subject, date, command
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(feature, forKey: .feature)
        try container.encode(kind, forKey: .kind)
        try container.encode(id, forKey: .id)
        try container.encode(need, forKey: .need)
        try container.encode(subject, forKey: .subject)
        try container.encodeIfPresent(date.map { ISO8601DateFormatter().string(from: $0) }, forKey: .date)
        try container.encode(command, forKey: .command)
    }
}

/// What one feature's "Needs you" read found.
public enum NeedsYouReport: Sendable, Hashable {
    /// The items, most pressing first (none: nothing needs the owner there).
    case items([NeedsYouItem])
    /// The server does not offer the feature: it contributes nothing, and is not asked again.
    case notOffered
    /// Not read this time (why, in words): the last items stay.
    case unread(String)
}

/// One feature's "Needs you" read, as its face offers it (`MemoryNeedsYou`, `EmailNeedsYou`, ...).
public protocol NeedsYouSource: Sendable {
    /// The feature's name on its items (the shell opens them by it).
    var feature: String { get }
    func read() async -> NeedsYouReport
}

/// The features' items as the shell keeps them between reads: a feature not read
/// this time keeps its last items, one the server does not offer has none and is
/// remembered so it is not asked again.
public struct NeedsYouBoard: Sendable, Hashable {
    public private(set) var items: [String: [NeedsYouItem]] = [:]
    public private(set) var notOffered: Set<String> = []
    /// Why each feature was last not read (cleared by its next answer).
    public private(set) var unread: [String: String] = [:]

    public init() {}

    /// Whether `feature` is still worth asking.
    public func asks(_ feature: String) -> Bool { !notOffered.contains(feature) }

    public mutating func take(_ report: NeedsYouReport, from feature: String) {
        switch report {
        case .items(let found):
            items[feature] = found
            unread[feature] = nil
        case .notOffered:
            items[feature] = nil
            unread[feature] = nil
            notOffered.insert(feature)
        case .unread(let why):
            unread[feature] = why
        }
    }

    /// Every source read side by side; the reports come in the sources' order.
    public static func read(_ sources: [any NeedsYouSource]) async -> [(feature: String, report: NeedsYouReport)] {
        let reports = await withTaskGroup(of: (Int, NeedsYouReport).self) { group in
            for (index, source) in sources.enumerated() { group.addTask { (index, await source.read()) } }
            var reports: [Int: NeedsYouReport] = [:]
            for await (index, report) in group { reports[index] = report }
            return reports
        }
        return sources.indices.compactMap { index in reports[index].map { (sources[index].feature, $0) } }
    }

    /// Every item, feature by feature in `order` (features not named follow, by name), each feature's own order kept.
    public func ordered(_ order: [String]) -> [NeedsYouItem] {
        let rest = items.keys.filter { !order.contains($0) }.sorted()
        return (order + rest).flatMap { items[$0] ?? [] }
    }
}

extension NeedsYouBoard {
    /// The CLI's "Needs you" answer: every item in `order` (its feature, its need, its subject, and the
    /// command that shows it), or with `--json` `{"items","not_read"}`; each feature not read is named on
    /// stderr and makes the exit status 1. With a feature unread (the server down, say) an empty list is
    /// not "nothing": it says it is only what could be read.
    public func report(order: [String], console: Console) throws -> ExitCode {
        let items = ordered(order)
        let unread = (order + self.unread.keys.filter { !order.contains($0) }.sorted()).compactMap { feature in
            self.unread[feature].map { (feature: feature, reason: $0) }
        }
        if console.json {
            try console.printJSON(NeedsYouList(items: items, notRead: unread.map { .init(feature: $0.feature, reason: $0.reason) }))
        } else {
            if items.isEmpty {
                console.err.writeLine(unread.isEmpty ? "Nothing needs you." : "Nothing needs you in what could be read.")
            }
            let style = console.outStyle
            for item in items {
                console.out.writeLine("\(style.emphasis(Self.label(item.feature)))  \(style.warning(item.need))  \(item.subject)")
                console.out.writeLine(style.dim("  " + item.command))
            }
        }
        for (feature, reason) in unread {
            console.err.writeLine("\(console.programName): could not read \(Self.label(feature)): \(reason)")
        }
        return unread.isEmpty ? .success : .failure
    }

    /// A feature's name as a heading ("email" → "Email").
    public static func label(_ feature: String) -> String { feature.prefix(1).uppercased() + feature.dropFirst() }
}

/// What the CLI's "Needs you" prints with `--json`.
struct NeedsYouList: Encodable {
    struct NotRead: Encodable {
        let feature: String
        let reason: String
    }

    let items: [NeedsYouItem]
    let notRead: [NotRead]

    enum CodingKeys: String, CodingKey {
        case items, notRead = "not_read"
    }
}
