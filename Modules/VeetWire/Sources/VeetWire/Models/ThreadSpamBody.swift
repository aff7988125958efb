/// The body of `POST /v1/email/threads/{id}/spam`: mark (or unmark) a thread
/// as spam at the revision the owner saw, under one idempotency key. Email
/// (a thread's action) and Subscriptions (a sender's row) both send it.
public struct ThreadSpamBody: Encodable, Sendable, Hashable {
    public var expectedRevision: Int
    public var spam: Bool
    public var idempotencyKey: String

    public init(expectedRevision: Int, spam: Bool, idempotencyKey: String) {
        self.expectedRevision = expectedRevision
        self.spam = spam
        self.idempotencyKey = idempotencyKey
    }

    enum CodingKeys: String, CodingKey {
        case spam, expectedRevision = "expected_revision", idempotencyKey = "idempotency_key"
    }
}
