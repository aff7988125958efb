/// Sends one request and returns the answer whatever its status: what a
/// feature's API needs from the transport. `HTTPClient.send` is one; tests
/// pass a stub.
public typealias HTTPRequestSender = @Sendable (HTTPRequest) async throws -> HTTPResponse
