import Foundation
import VeetTransport
import VeetWire

/// Where the reconciler reads the server's session index. The store makes no
/// request itself: the features give the HTTP forms (VeetChat's
/// `HTTPStoreSource`, VeetFolders' `FencedIndexSource`); tests pass fakes
/// that move rows between pages.
public protocol SessionIndexSource: Sendable {
    /// One page of `GET /v1/sessions` (newest activity first).
    func page(cursor: String?, limit: Int) async throws -> Page<SessionView>
    /// `GET /v1/sessions/{id}`; nil when the server answers 404.
    func session(id: String) async throws -> SessionView?
}

/// Where transcripts come from (`GET /v1/sessions/{id}/messages`, every page).
public protocol TranscriptSource: Sendable {
    func transcript(sessionID: String) async throws -> [SessionMessageView]
}
