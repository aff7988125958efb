import Foundation
import VeetStore
import VeetTransport
import VeetWire

/// The store's two sources read from the server: the session index for the
/// reconciler, and transcripts for the cache and the outbox's echo check.
/// The routes are `ChatAPI`'s, so they are spelled and retried in one place.
public struct HTTPStoreSource: SessionIndexSource, TranscriptSource {
    private let api: ChatAPI

    /// Reads retry on no answer, 429 and 5xx as `retry` allows.
    public init(sender: HTTPRequestSender, retry: RetryPolicy = .standard) {
        api = ChatAPI(sender: sender, retry: retry)
    }

    public func page(cursor: String?, limit: Int) async throws -> Page<SessionView> {
        try await api.sessionsPage(limit: limit, cursor: cursor)
    }

    /// nil when the server answers 404 (the reconciler prunes the row).
    public func session(id: String) async throws -> SessionView? {
        do {
            return try await api.session(id: id)
        } catch let error as APIError where error.isNotFound {
            return nil
        }
    }

    public func transcript(sessionID: String) async throws -> [SessionMessageView] {
        try await api.transcript(sessionID: sessionID)
    }
}
