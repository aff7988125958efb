import Foundation
import VeetTransport

/// One sentence for a tool call, as the design draws a tool run ("Searched the
/// web for lisbon hotels (3 results)"), built only from what the contract
/// gives: the tool's name (its effect, `ToolEffect`), its arguments, its state,
/// its result and its risk. Nothing is invented: a verb this table does not
/// know falls back to the effect's own words and the tool's exact name.
public struct ToolSentence: Sendable, Hashable {
    public var text: String

    public init(_ call: ToolActivity) {
        let (namespace, words) = ToolEffect.parts(of: call.name)
        let verb = words.lazy.compactMap { Self.verbs[$0] }.first
        let object = Self.object(of: call, namespace: namespace ?? "", verb: verb)
        // A known verb with nothing to act on ("Wrote") says less than the tool's exact name.
        let actsOnSomething = object.contains { !$0.hasPrefix("(") }
        let phrase: Phrase = verb.flatMap { actsOnSomething ? Phrase(verb: $0, rest: object) : nil }
            ?? Phrase(verb: Self.fallback(for: call.effect), rest: [call.name] + object.filter { $0.hasPrefix("(") })
        text = Self.sentence(phrase, call: call)
    }

    /// A verb in the three forms a sentence needs.
    struct Verb: Hashable {
        var base: String, progressive: String, past: String
        /// What the key argument follows: "for" a query, "to" a destination, nothing for a path.
        var preposition: String?
        /// The argument keys that name what the verb acts on, most telling first.
        var keys: [String]
    }

    struct Phrase { var verb: Verb; var rest: [String] }

    private static func v(_ base: String, _ progressive: String, _ past: String,
                          _ preposition: String? = nil, keys: [String]) -> Verb {
        Verb(base: base, progressive: progressive, past: past, preposition: preposition, keys: keys)
    }

    private static let queryKeys = ["query", "q", "search", "text", "term"]
    private static let placeKeys = ["url", "path", "file", "filename", "name", "id", "title"]
    private static let destinationKeys = ["destination", "path", "file", "filename", "url", "to", "target"]
    private static let recipientKeys = ["to", "recipient", "recipients", "channel", "destination", "url"]

    static let verbs: [String: Verb] = {
        var table: [String: Verb] = [:]
        let search = v("search", "Searching", "Searched", "for", keys: queryKeys)
        for word in ["search", "find", "query", "lookup"] { table[word] = search }
        table["fetch"] = v("fetch", "Fetching", "Fetched", keys: placeKeys)
        table["read"] = v("read", "Reading", "Read", keys: placeKeys)
        table["get"] = v("get", "Getting", "Got", keys: placeKeys)
        table["list"] = v("list", "Listing", "Listed", keys: placeKeys)
        table["open"] = v("open", "Opening", "Opened", keys: placeKeys)
        table["browse"] = v("browse", "Browsing", "Browsed", keys: placeKeys)
        table["download"] = v("download", "Downloading", "Downloaded", keys: placeKeys)
        table["calculate"] = v("calculate", "Calculating", "Calculated", keys: ["expression", "input", "query"])
        table["compute"] = v("compute", "Computing", "Computed", keys: ["expression", "input", "query"])
        table["translate"] = v("translate", "Translating", "Translated", keys: ["text", "input"])
        table["summarize"] = v("summarize", "Summarizing", "Summarized", keys: placeKeys)
        let write = v("write", "Writing", "Wrote", "to", keys: destinationKeys)
        for word in ["write", "append", "store"] { table[word] = write }
        table["save"] = v("save", "Saving", "Saved", "to", keys: destinationKeys)
        table["create"] = v("create", "Creating", "Created", keys: placeKeys)
        table["update"] = v("update", "Updating", "Updated", keys: placeKeys)
        table["edit"] = v("edit", "Editing", "Edited", keys: placeKeys)
        table["export"] = v("export", "Exporting", "Exported", keys: placeKeys)
        table["upload"] = v("upload", "Uploading", "Uploaded", "to", keys: destinationKeys)
        table["move"] = v("move", "Moving", "Moved", keys: placeKeys)
        table["rename"] = v("rename", "Renaming", "Renamed", keys: placeKeys)
        table["delete"] = v("delete", "Deleting", "Deleted", keys: placeKeys)
        table["remove"] = v("remove", "Removing", "Removed", keys: placeKeys)
        table["archive"] = v("archive", "Archiving", "Archived", keys: placeKeys)
        table["send"] = v("send", "Sending", "Sent", "to", keys: recipientKeys)
        table["post"] = v("post", "Posting", "Posted", "to", keys: recipientKeys)
        table["reply"] = v("reply", "Replying", "Replied", "to", keys: recipientKeys)
        table["publish"] = v("publish", "Publishing", "Published", "to", keys: recipientKeys)
        table["book"] = v("book", "Booking", "Booked", keys: placeKeys)
        let run = v("run", "Running", "Ran", keys: ["command", "cmd", "script", "code"])
        for word in ["run", "exec", "execute", "command", "shell", "bash"] { table[word] = run }
        return table
    }()

    /// A verb this table does not know: the call is named exactly ("Used demo.thing").
    static func fallback(for effect: ToolEffect) -> Verb {
        effect == .sandbox ? v("run", "Running", "Ran", keys: []) : v("use", "Using", "Used", keys: [])
    }

    /// Where a namespace's search happens: "the web", "your mail".
    static let places: [String: String] = [
        "web": "the web", "browser": "a website", "gmail": "your mail", "email": "your mail", "mail": "your mail",
        "calendar": "your calendar", "workspace": "the workspace", "memory": "memory", "people": "people",
        "files": "your files", "drive": "your files", "sandbox": "the sandbox",
    ]

    private static func object(of call: ToolActivity, namespace: String, verb: Verb?) -> [String] {
        var parts: [String] = []
        let key = verb?.keys.lazy.compactMap { call.arguments[$0].flatMap(Self.shown) }.first
        if let verb, verb.preposition == "for", let place = places[namespace] { parts.append(place) }
        if let key {
            if let preposition = verb?.preposition { parts.append(preposition) }
            parts.append(verb?.keys == run.keys ? "`\(key)`" : key)
        }
        if let count = resultCount(call), call.state == .completed { parts.append("(\(count) result\(count == 1 ? "" : "s"))") }
        return parts
    }

    private static let run = verbs["run"]!

    /// An argument as the sentence quotes it: one line, at most 60 characters.
    static func shown(_ value: JSONValue) -> String? {
        let text: String
        switch value {
        case .string(let string): text = string
        case .array(let items): text = items.compactMap(\.stringValue).joined(separator: ", ")
        default: return nil
        }
        let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return nil }
        return trimmed.count > 60 ? String(trimmed.prefix(59)) + "…" : trimmed
    }

    /// How many results a search-like result lists, when it is a JSON list or has a `results` list.
    static func resultCount(_ call: ToolActivity) -> Int? {
        guard case .json(let json) = call.rendering else { return nil }
        if case .array(let items) = json { return items.count }
        for key in ["results", "items", "hits"] { if case .array(let items)? = json[key] { return items.count } }
        return nil
    }

    private static func sentence(_ phrase: Phrase, call: ToolActivity) -> String {
        let rest = phrase.rest.isEmpty ? "" : " " + phrase.rest.joined(separator: " ")
        let body: String
        switch call.state {
        case .queued, .running: body = phrase.verb.progressive + rest + "…"
        case .completed: body = phrase.verb.past + rest
        case .failed:
            let label = call.outcomeLabel.map { $0 == .failed ? "" : " (\($0.text))" } ?? ""
            body = "Could not " + phrase.verb.base + rest + label
        case .denied: body = "Did not " + phrase.verb.base + rest + " (denied)"
        case .uncertain: body = "May have " + pastParticiple(phrase.verb) + rest + " (not certain)"
        }
        return call.risk >= .high ? body + " · \(call.risk) risk" : body
    }

    /// "written", "sent": what "May have …" needs where it differs from the past.
    private static func pastParticiple(_ verb: Verb) -> String {
        ["Wrote": "written", "Got": "gotten", "Ran": "run"][verb.past] ?? verb.past.lowercased()
    }
}

extension ToolActivity {
    /// The call as one sentence (`ToolSentence`).
    public var sentence: String { ToolSentence(self).text }
}
