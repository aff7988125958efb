import Foundation

public protocol ByteStreamSource: Sendable {
    /// Opens a GET stream at `path` (e.g. "/v1/runs/ID/events") with extra headers.
    /// Throws APIError for a non-2xx answer (do not reconnect), TransportError for no answer (reconnect).
    func openByteStream(path: String, headers: [String: String]) async throws -> AsyncThrowingStream<Data, Error>
}
