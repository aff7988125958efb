import Foundation
import VeetStore
import VeetTransport
import VeetWire

/// Keeps the local mirror in step with the conversations this client touches:
/// one it created or opened joins the index at once (not at the next sync),
/// and one asked for by id that is not cached is read from the server.
public struct ConversationMirror: Sendable {
    public let api: ChatAPI
    public let store: LocalStore

    public init(api: ChatAPI, store: LocalStore) {
        self.api = api
        self.store = store
    }

    /// Reads the conversation's row and keeps it in the index (a server-run
    /// conversation the index leaves out stays out). Returns the server's view.
    @discardableResult
    public func join(sessionID: String) async throws -> SessionView {
        let view = try await api.session(id: sessionID)
        try store.upsert(session: view)
        return view
    }

    /// `join`, then the whole transcript read and cached, as after a turn
    /// (the title the server gave after the first run comes with it).
    public func refresh(sessionID: String) async throws {
        try await join(sessionID: sessionID)
        try await store.cacheTranscript(sessionID: sessionID, from: source)
    }

    /// The conversation's messages: refreshed from the server when it can be
    /// read; a conversation that is not cached is read (and joins the index
    /// when it is the owner's own). Throws what kept it from being read when
    /// nothing is cached: a 404 is "no such conversation", never an empty one.
    public func transcript(sessionID: String) async throws -> TranscriptRead {
        let cached = try store.transcript(sessionID: sessionID)
        do {
            let view = try await join(sessionID: sessionID)
            if try store.session(id: sessionID) != nil {
                return TranscriptRead(messages: try await store.refreshTranscript(sessionID: sessionID, from: source),
                                      session: view, problem: nil)
            }
            // Not one of the owner's conversations (the index leaves it out): shown, not cached.
            let items = try await api.transcript(sessionID: sessionID)
            return TranscriptRead(messages: items.map { CachedMessage(sequence: $0.sequence, role: $0.role.rawValue,
                                                                       content: $0.content) },
                                  session: view, problem: nil)
        } catch let error as APIError where error.isNotFound {
            throw error
        } catch where !cached.isEmpty {
            return TranscriptRead(messages: cached, session: nil, problem: error)
        }
    }

    private var source: HTTPStoreSource { HTTPStoreSource(sender: api.sender, retry: api.retry) }
}

/// What `ConversationMirror.transcript` found.
public struct TranscriptRead: Sendable {
    public var messages: [CachedMessage]
    /// The server's row, when it was read.
    public var session: SessionView?
    /// Why the server could not be read, when the cached copy is shown instead.
    public var problem: (any Error)?
}
