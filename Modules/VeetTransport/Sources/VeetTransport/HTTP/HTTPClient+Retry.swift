import Foundation

extension HTTPClient {
    /// How `sendRetrying` waits; tests pass one that records instead of sleeping.
    public typealias Sleeper = @Sendable (Duration) async throws -> Void

    public static let taskSleeper: Sleeper = { try await Task.sleep(for: $0) }

    /// Sends `request`, retrying after no answer, 429 and 5xx as `policy` allows.
    /// Every attempt carries the same `Idempotency-Key` (none when nil), so a
    /// send the server already applied is answered with the original result.
    /// Returns the last answer whatever its status; throws the last
    /// `TransportError` when no attempt was answered.
    public func sendRetrying(_ request: HTTPRequest, idempotencyKey: IdempotencyKey?,
                             policy: RetryPolicy = .standard,
                             sleeper: Sleeper = HTTPClient.taskSleeper) async throws -> HTTPResponse {
        var request = request
        request.setHeader("Idempotency-Key", idempotencyKey?.rawValue)
        var attempt = 1
        while true {
            let wait: Duration
            do {
                let response = try await send(request)
                guard attempt < policy.maxAttempts, policy.shouldRetry(status: response.status) else {
                    return response
                }
                let retryAfter = response.header("retry-after").flatMap { RetryAfter.parse($0) }
                wait = policy.delay(forAttempt: attempt, retryAfter: retryAfter)
            } catch {
                guard attempt < policy.maxAttempts, policy.shouldRetry(error: error) else { throw error }
                wait = policy.delay(forAttempt: attempt)
            }
            try await sleeper(wait)
            try Task.checkCancellation()
            attempt += 1
        }
    }
}
