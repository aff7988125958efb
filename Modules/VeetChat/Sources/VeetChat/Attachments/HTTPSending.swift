import Foundation
import VeetTransport

/// The single call the attachment and artifact services need. `HTTPClient`
/// is the real one; tests pass a stub that answers as told.
public protocol HTTPSending: Sendable {
    /// Returns the answer whatever its status; throws only when no answer arrived.
    func send(_ request: HTTPRequest) async throws -> HTTPResponse
}

extension HTTPClient: HTTPSending {}
