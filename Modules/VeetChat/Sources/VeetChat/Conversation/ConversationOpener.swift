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
    /// Why the server's transcript could not be read, when `messages` are the
    /// ones cached on this device instead (a frontend says so; the run is still followed).
    public let transcriptProblem: String?

    public init(session: SessionView, messages: [SessionMessageView], transcriptProblem: String? = nil) {
        self.session = session
        self.messages = messages
        self.transcriptProblem = transcriptProblem
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
            SessionMessageView(sequence: message.sequence, role: MessageRole(raw: message.role), content: message.content)
        }
    }

    /// Reads the session and its whole transcript together (the transcript kept in
    /// the cache when there is one). Only a failed session read throws: when the
    /// transcript cannot be read, the cached one stands in, so the run is still followed.
    public func restore(sessionID: String) async throws -> RestoredConversation {
        async let transcript = readTranscript(sessionID: sessionID)
        let session = try await api.session(id: sessionID)
        let (messages, problem) = await transcript
        return RestoredConversation(session: session, messages: messages, transcriptProblem: problem)
    }

    /// Reads the session, and its transcript only when `choice` names a run to
    /// follow (a frontend that shows nothing old needs it only to skip what the
    /// transcript holds).
    public func restore(sessionID: String, toFollow choice: RunToFollow) async throws -> RestoredConversation {
        let session = try await api.session(id: sessionID)
        let bare = RestoredConversation(session: session, messages: [])
        guard bare.run(choice) != nil else { return bare }
        let (messages, problem) = await readTranscript(sessionID: sessionID)
        return RestoredConversation(session: session, messages: messages, transcriptProblem: problem)
    }

    /// The server's transcript (saved to the cache), else the cached one and why.
    private func readTranscript(sessionID: String) async -> ([SessionMessageView], problem: String?) {
        do {
            let messages = try await api.transcript(sessionID: sessionID)
            try? cache?.saveTranscript(sessionID: sessionID, messages: messages)
            return (messages, nil)
        } catch {
            return (cachedMessages(sessionID: sessionID), String(describing: error))
        }
    }

    /// Follows `runID` of a restored conversation after what it shows (and what `shown` showed of it).
    public func follow(runID: String, of restored: RestoredConversation, shown: Transcript? = nil,
                       interaction: some TurnInteraction) async throws -> TurnResult {
        let resume = ResumePoint(runID: runID, messages: restored.messages, shown: shown)
        return try await TurnRunner(api: api).follow(runID: runID, sessionID: restored.session.id, after: resume.after,
                                                     seen: resume.seen, interaction: interaction)
    }

    /// Follows a run of a conversation already open (after a decision or an
    /// answer). When `shown` showed this run it says where to resume; otherwise
    /// the transcript is read again, so nothing shown comes twice.
    public func follow(runID: String, sessionID: String, shown: Transcript? = nil,
                       interaction: some TurnInteraction) async throws -> TurnResult {
        let showsRun = shown?.latestRunID == runID
        let messages = showsRun ? [] : try await api.transcript(sessionID: sessionID)
        let resume = ResumePoint(runID: runID, messages: messages, shown: shown)
        return try await TurnRunner(api: api).follow(runID: runID, sessionID: sessionID, after: resume.after,
                                                     seen: resume.seen, interaction: interaction)
    }
}
