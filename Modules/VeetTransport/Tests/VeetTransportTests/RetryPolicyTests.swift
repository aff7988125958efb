import Foundation
import Testing
@testable import VeetTransport

@Suite struct RetryPolicyTests {
    @Test func defaults() {
        let policy = RetryPolicy()
        #expect(policy.maxAttempts == 4)
        #expect(policy.baseDelay == .milliseconds(250))
        #expect(policy.maxDelay == .seconds(4))
        #expect(policy.maxRetryAfter == .seconds(60))
        #expect(policy.jitter == .full)
    }

    @Test func exponentialDelaysAreCapped() {
        let policy = RetryPolicy(jitter: .none)
        let delays = (1...7).map { policy.delay(forAttempt: $0) }
        #expect(delays == [.milliseconds(250), .milliseconds(500), .seconds(1), .seconds(2), .seconds(4), .seconds(4), .seconds(4)])
        #expect(policy.delay(forAttempt: 1_000) == .seconds(4))
    }

    @Test func fullJitterSpansZeroToTheDelay() {
        #expect(RetryPolicy(jitter: .full, randomUnit: { 0 }).delay(forAttempt: 3) == .zero)
        #expect(RetryPolicy(jitter: .full, randomUnit: { 0.5 }).delay(forAttempt: 3) == .milliseconds(500))
        #expect(RetryPolicy(jitter: .full, randomUnit: { 0.25 }).delay(forAttempt: 6) == .seconds(1))
    }

    @Test func equalJitterKeepsHalfTheDelay() {
        #expect(RetryPolicy(jitter: .equal, randomUnit: { 0 }).delay(forAttempt: 3) == .milliseconds(500))
        #expect(RetryPolicy(jitter: .equal, randomUnit: { 1 }).delay(forAttempt: 3) == .seconds(1))
        #expect(RetryPolicy(jitter: .equal, randomUnit: { 0.5 }).delay(forAttempt: 2) == .milliseconds(375))
    }

    @Test func realRandomJitterStaysInRange() {
        for jitter in [RetryPolicy.Jitter.full, .equal] {
            let policy = RetryPolicy(jitter: jitter)
            for attempt in 1...8 {
                let ceiling = min(Duration.milliseconds(250) * (1 << (attempt - 1)), .seconds(4))
                let floor = jitter == .equal ? ceiling / 2 : .zero
                for _ in 0..<50 {
                    let delay = policy.delay(forAttempt: attempt)
                    #expect(delay >= floor && delay <= ceiling, "\(jitter) attempt \(attempt): \(delay)")
                }
            }
        }
    }

    @Test func badRandomSourcesAreClamped() {
        #expect(RetryPolicy(jitter: .full, randomUnit: { 7 }).delay(forAttempt: 1) == .milliseconds(250))
        #expect(RetryPolicy(jitter: .full, randomUnit: { -1 }).delay(forAttempt: 1) == .zero)
    }

    @Test func retryAfterIsHonouredAndCapped() {
        let policy = RetryPolicy(jitter: .none)
        #expect(policy.delay(forAttempt: 1, retryAfter: .seconds(10)) == .seconds(10))
        #expect(policy.delay(forAttempt: 1, retryAfter: .seconds(3_600)) == .seconds(60))
        #expect(policy.delay(forAttempt: 4, retryAfter: .milliseconds(100)) == .seconds(2))
        #expect(policy.delay(forAttempt: 1, retryAfter: .zero) == .milliseconds(250))
    }

    @Test func retryAfterHeaderForms() {
        let now = Date(timeIntervalSince1970: 1_787_421_851)  // Sat, 22 Aug 2026 18:04:11 GMT
        #expect(RetryAfter.parse("120", now: now) == .seconds(120))
        #expect(RetryAfter.parse(" 0 ", now: now) == .zero)
        #expect(RetryAfter.parse("Sat, 22 Aug 2026 18:04:41 GMT", now: now) == .seconds(30))
        #expect(RetryAfter.parse("Saturday, 22-Aug-26 18:05:11 GMT", now: now) == .seconds(60))
        #expect(RetryAfter.parse("Sat Aug 22 18:04:21 2026", now: now) == .seconds(10))
        #expect(RetryAfter.parse("Sat, 22 Aug 2026 17:00:00 GMT", now: now) == .zero)
        #expect(RetryAfter.parse("soon", now: now) == nil)
        #expect(RetryAfter.parse("-5", now: now) == nil)
        #expect(RetryAfter.parse("1.5", now: now) == nil)
        #expect(RetryAfter.parse("", now: now) == nil)
    }

    @Test func whichAnswersAreRetried() {
        let policy = RetryPolicy()
        for status in [429, 500, 501, 502, 503, 504, 599] { #expect(policy.shouldRetry(status: status), "\(status)") }
        for status in [200, 202, 204, 304, 307, 400, 401, 403, 404, 409, 413, 415, 422] {
            #expect(!policy.shouldRetry(status: status), "\(status)")
        }
    }

    @Test func whichFailuresAreRetried() {
        let policy = RetryPolicy()
        for kind in [TransportError.Kind.cannotConnect, .timedOut, .connectionLost, .tls, .other] {
            #expect(policy.shouldRetry(error: TransportError(kind, "x")), "\(kind)")
        }
        #expect(!policy.shouldRetry(error: TransportError(.redirectRefused, "x")))
        #expect(!policy.shouldRetry(error: TransportError(.cancelled, "x")))
        #expect(!policy.shouldRetry(error: TransportError(.proxy, "x")), "a refused tunnel stays refused")
        #expect(!policy.shouldRetry(error: CancellationError()))
        #expect(!policy.shouldRetry(error: APIError(status: 503, code: .internalError, message: "")))
    }

    @Test func idempotencyKeys() throws {
        let a = IdempotencyKey()
        let b = IdempotencyKey()
        #expect(a != b)
        #expect(a.rawValue == a.rawValue.lowercased())
        #expect(UUID(uuidString: a.rawValue) != nil)
        #expect(IdempotencyKey(rawValue: "") == nil)
        #expect(IdempotencyKey(rawValue: "has space") == nil)
        #expect(IdempotencyKey(rawValue: String(repeating: "k", count: 256)) == nil)
        #expect(IdempotencyKey(rawValue: String(repeating: "k", count: 255)) != nil)
        let stored = try JSONEncoder().encode(a)
        #expect(try JSONDecoder().decode(IdempotencyKey.self, from: stored) == a)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(IdempotencyKey.self, from: Data(#""""#.utf8)) }
    }
}
