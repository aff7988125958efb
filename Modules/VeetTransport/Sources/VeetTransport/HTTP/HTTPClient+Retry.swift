import Foundation

extension HTTPClient {
    public typealias Sleeper = HTTPRequestSender.Sleeper

    public static let taskSleeper: Sleeper = HTTPRequestSender.taskSleeper

    /// `HTTPRequestSender.sendRetrying` over this client (see there).
    public func sendRetrying(_ request: HTTPRequest, idempotencyKey: IdempotencyKey?,
                             policy: RetryPolicy = .standard,
                             sleeper: @escaping Sleeper = HTTPClient.taskSleeper) async throws -> HTTPResponse {
        try await HTTPRequestSender.live(client: self, sleeper: sleeper)
            .sendRetrying(request, idempotencyKey: idempotencyKey, policy: policy)
    }
}
