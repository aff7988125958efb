import Foundation
import VeetWire

/// What a run's stream adds to the transcript cache, as plain values: the
/// messages the server saved (at their sequence) and the web searches whose
/// query and answer are searchable. The chat feature's transcript computes
/// them; the store only writes them.
public struct TranscriptCacheEntries: Sendable, Hashable {
    public var messages: [SessionMessageView]
    public var webSearches: [CachedWebSearch]

    public init(messages: [SessionMessageView] = [], webSearches: [CachedWebSearch] = []) {
        self.messages = messages
        self.webSearches = webSearches
    }

    public var isEmpty: Bool { messages.isEmpty && webSearches.isEmpty }
}

/// A web search call as the cache keeps it; a nil field keeps what is stored.
public struct CachedWebSearch: Sendable, Hashable {
    public var callID: String
    public var query: String?
    public var answer: String?
    /// The sequence of the frame that first named the call (the first one stored wins).
    public var sequence: Int64?

    public init(callID: String, query: String?, answer: String?, sequence: Int64?) {
        self.callID = callID
        self.query = query
        self.answer = answer
        self.sequence = sequence
    }

    /// `web.search`, `web_search`, `web.search_news`, ...: the tools whose query and answer are searchable.
    public static func isWebSearch(_ toolName: String) -> Bool {
        let name = toolName.lowercased()
        return name.hasPrefix("web") && name.contains("search")
    }
}
