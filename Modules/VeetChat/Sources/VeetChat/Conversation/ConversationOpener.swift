import Foundation
import VeetStore
import VeetTransport
import VeetWire

/// Which run opening a conversation attaches to.
public enum RunToFollow: Sendable, Hashable {
    /// Only a run still in flight (a line-based chat prints nothing old).
    case activeOnly
    /// The run in flight, else the latest one, replayed for its tools and outcome.
    case activeOrLatest
}

/// A conversation as read to be shown: its session and its durable transcript.
public struct RestoredConversation: Sendable, Hashable {
    public let session: SessionView
    public let messages: [SessionMessageView]

    public init(session: SessionView, messages: [SessionMessageView]) {
        self.session = session
        self.messages = messages
    }

    /// The run to follow, or nil when there is none to show.
    public func run(_ choice: RunToFollow) -> String? {
        switch choice {
        case .activeOnly: session.activeRunID
        case .activeOrLatest: session.activeRunID ?? session.lastRunID
        }
    }
}

/// Opening a conversation, the same for every frontend: the transcript cached
/// on this device at once, then the session and its transcript from the server
/// (saved to the cache), then the run to follow attached after what is shown.
public struct ConversationOpener: Sendable {
    public let api: ChatAPI
    /// The device's transcript cache; nil keeps nothing.
    public let cache: LocalStore?

    public init(api: ChatAPI, cache: LocalStore? = nil) {
        self.api = api
        self.cache = cache
    }

    /// The transcript cached on this device (empty without a cache or rows); no request.
    public func cachedMessages(sessionID: String) -> [SessionMessageView] {
        guard let cached = try? cache?.transcript(sessionID: sessionID) else { return [] }
        return cached.map { message in
            SessionMessageView(sequence: message.sequence, role: message.role == "user" ? .user : .assistant,
                               content: message.content)
        }
    }

    /// Reads the session, then its whole transcript (kept in the cache when there is one).
    public func restore(sessionID: String) async throws -> RestoredConversation {
        let session = try await api.session(id: sessionID)
        let messages = try await api.transcript(sessionID: sessionID)
        try? cache?.saveTranscript(sessionID: sessionID, messages: messages)
        return RestoredConversation(session: session, messages: messages)
    }

    /// Follows `runID` of a restored conversation after what it shows (and what `shown` showed of it).
    public func follow(runID: String, of restored: RestoredConversation, shown: Transcript? = nil,
                       interaction: some TurnInteraction) async throws -> TurnResult {
        let resume = ResumePoint(runID: runID, messages: restored.messages, shown: shown)
        return try await TurnRunner(api: api).follow(runID: runID, sessionID: restored.session.id, after: resume.after,
                                                     seen: resume.seen, interaction: interaction)
    }

    /// Follows a run of a conversation already open (after a decision or an
    /// answer): its transcript is read again, so nothing shown comes twice.
    public func follow(runID: String, sessionID: String, shown: Transcript? = nil,
                       interaction: some TurnInteraction) async throws -> TurnResult {
        let messages = try await api.transcript(sessionID: sessionID)
        let resume = ResumePoint(runID: runID, messages: messages, shown: shown)
        return try await TurnRunner(api: api).follow(runID: runID, sessionID: sessionID, after: resume.after,
                                                     seen: resume.seen, interaction: interaction)
    }
}
